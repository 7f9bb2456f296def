import type { Skill } from '../skill'

// A skill's line, kept while the parsed skill is the same object (the workspace re-parses only what changed).
const lines = new WeakMap<Skill, string>()
// The last listing: a keystroke in a skill's body changes no line, and the listing of thousands is
// not joined again (the token meter then sees the same text and counts nothing).
let last: { lines: string[]; text: string } = { lines: [], text: '' }

/** The skill catalog as a model sees it in progressive disclosure: one line per skill. */
export function catalogListing(skills: readonly Skill[]): string {
  const current = skills.map(catalogLine)
  const before = last.lines
  if (current.length !== before.length || current.some((line, i) => line !== before[i])) last = { lines: current, text: current.join('\n') }
  return last.text
}

function catalogLine(skill: Skill): string {
  let line = lines.get(skill)
  if (line === undefined) {
    line = `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ').trim()}${skill.tags.length ? ` [${skill.tags.join(', ')}]` : ''}`
    lines.set(skill, line)
  }
  return line
}

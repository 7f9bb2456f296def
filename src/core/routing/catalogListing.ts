import type { Skill } from '../skill'

// A skill's line, kept while the parsed skill is the same object (the workspace re-parses only what changed).
const lines = new WeakMap<Skill, string>()
// The last listing: a keystroke in a skill's body changes no line, so only the skills that are new
// objects are looked at, and the listing of thousands is not joined again (the token meter then
// sees the same text and counts nothing).
let last: { skills: readonly Skill[]; lines: string[]; text: string } = { skills: [], lines: [], text: '' }

/** The skill catalog as a model sees it in progressive disclosure: one line per skill. */
export function catalogListing(skills: readonly Skill[]): string {
  const before = last
  const same =
    skills.length === before.skills.length &&
    skills.every((skill, i) => skill === before.skills[i] || catalogLine(skill) === before.lines[i])
  if (same) last = { ...before, skills }
  else {
    const lines = skills.map(catalogLine)
    last = { skills, lines, text: lines.join('\n') }
  }
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

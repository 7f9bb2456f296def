import type { Skill } from '../skill'

// A skill's line, kept while the parsed skill is the same object (the workspace re-parses only what changed).
const lines = new WeakMap<Skill, string>()

/** The skill catalog as a model sees it in progressive disclosure: one line per skill. */
export function catalogListing(skills: readonly Skill[]): string {
  return skills.map(catalogLine).join('\n')
}

function catalogLine(skill: Skill): string {
  let line = lines.get(skill)
  if (line === undefined) {
    line = `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ').trim()}${skill.tags.length ? ` [${skill.tags.join(', ')}]` : ''}`
    lines.set(skill, line)
  }
  return line
}

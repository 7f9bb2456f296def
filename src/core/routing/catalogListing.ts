import type { Skill } from '../skill'

/** The skill catalog as a model sees it in progressive disclosure: one line per skill. */
export function catalogListing(skills: readonly Skill[]): string {
  return skills
    .map(
      (skill) =>
        `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ').trim()}${skill.tags.length ? ` [${skill.tags.join(', ')}]` : ''}`,
    )
    .join('\n')
}

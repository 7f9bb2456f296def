import type { Skill } from './types'

/**
 * The description as the file has it: empty when the field is absent. A parsed skill then
 * carries a placeholder for listings (SKILL_DEFAULTS.description), which is not the user's text:
 * what the form shows and counts comes from here.
 */
export function writtenDescription(skill: Skill): string {
  return Object.hasOwn(skill.fieldRanges, 'description') ? skill.description : ''
}

import { splitSkillFile } from './frontmatter'

/**
 * Sets the frontmatter `name` of a SKILL.md text, keeping everything else byte for byte:
 * replaces the value when there is one, adds the field when there is a frontmatter without it,
 * and leaves a file without frontmatter alone (its name comes from its path).
 */
export function setSkillName(text: string, name: string): string {
  const split = splitSkillFile(text)
  if (!split.hasFrontmatter || split.errors.length > 0) return text
  const location = split.fields.get('name')
  const value = /^[\w.-]+$/u.test(name) ? name : JSON.stringify(name)
  if (location && location.value !== location.key) {
    return text.slice(0, location.value[0]) + value + text.slice(location.value[1])
  }
  if (location) {
    const colon = text.indexOf(':', location.key[1])
    return `${text.slice(0, colon + 1)} ${value}${text.slice(colon + 1)}`
  }
  const firstLineEnd = text.indexOf('\n')
  if (firstLineEnd < 0) return text
  return `${text.slice(0, firstLineEnd + 1)}name: ${value}\n${text.slice(firstLineEnd + 1)}`
}

/** The starting text of a new skill: every common field, with hints on what to write. */
export function newSkillTemplate(name: string): string {
  return `---
name: ${name}
description: >-
  What this skill does and when to use it, in two or three sentences a model can decide on.
  Say when NOT to use it, too.
trigger_keywords: [keyword, 关键词]
required_tools: []
max_rounds: 5
entry_mode: auto
---

## You are ...

Write the system prompt for this skill here. It replaces the default prompt while the skill is active.
`
}

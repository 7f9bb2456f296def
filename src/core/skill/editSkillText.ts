import { setFrontmatterValue, splitSkillFile } from '../yaml'

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

/** The fields the form edits, and the values it writes. */
export type FormField =
  | 'name'
  | 'description'
  | 'trigger_keywords'
  | 'required_tools'
  | 'max_rounds'
  | 'entry_mode'
  | 'tags'
  | 'group'
  | 'fallback'
  | 'parameters'

/**
 * Sets one field of a SKILL.md (undefined removes it), the rest of the file byte for byte: the
 * one code path for the form, the routing hints and templates. Null when the frontmatter does
 * not parse (the form then waits for the text to be fixed).
 */
export function setSkillField(text: string, field: FormField, value: unknown): string | null {
  return setFrontmatterValue(text, field, value)
}

/** Adds keywords to `trigger_keywords` (split on any separator a person types; repeats dropped). */
export function addTriggerKeywords(text: string, current: readonly string[], added: readonly string[]): string | null {
  const seen = new Set(current.map((keyword) => keyword.toLowerCase()))
  const next = [...current]
  for (const keyword of added) {
    if (keyword === '' || seen.has(keyword.toLowerCase())) continue
    seen.add(keyword.toLowerCase())
    next.push(keyword)
  }
  return next.length === current.length ? text : setFrontmatterValue(text, 'trigger_keywords', next)
}

/** Replaces the body (the system prompt), keeping the frontmatter byte for byte. */
export function setSkillBody(text: string, body: string): string {
  const split = splitSkillFile(text)
  if (!split.hasFrontmatter) return body
  const start = split.bodyOffset
  return text.slice(0, start) + body
}

/** Why a value that contains itself is refused where it is read. */
export const CIRCULAR = 'An alias refers to the value that contains it (&m … *m inside it): such a value never ends, so it is refused.'

/**
 * Whether a value contains itself (YAML `&m {self: *m}`). Such values crash whatever walks them
 * later (a JSON download, a React render, a share link), so they are refused where they are read.
 */
export function isCircular(value: unknown, ancestors: Set<object> = new Set()): boolean {
  if (typeof value !== 'object' || value === null) return false
  if (ancestors.has(value)) return true
  ancestors.add(value)
  const children = Array.isArray(value) ? value : value instanceof Map ? [...value.values()] : Object.values(value)
  const found = children.some((child) => isCircular(child, ancestors))
  ancestors.delete(value)
  return found
}

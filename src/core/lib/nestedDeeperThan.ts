/**
 * Whether a parsed JSON value nests arrays and objects more than `limit` levels deep. It walks with
 * a list of its own, not by recursion: a value too deep for a recursive walk (a validator, a
 * `JSON.stringify`, a structured clone) is exactly what it looks for.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const waiting: { item: unknown; depth: number }[] = [{ item: value, depth: 0 }]
  for (let next = waiting.pop(); next; next = waiting.pop()) {
    const { item, depth } = next
    if (typeof item !== 'object' || item === null) continue
    if (depth >= limit) return true
    for (const child of Array.isArray(item) ? item : Object.values(item)) waiting.push({ item: child, depth: depth + 1 })
  }
  return false
}

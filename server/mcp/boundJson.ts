/**
 * Bounds for JSON that comes from an MCP server (docs/live-tools.md): how deeply it nests and how
 * many values it holds. Both walks keep their own stack instead of recursing, so no value can
 * overflow the call stack here; what they let through can be given to JSON.stringify, the page and
 * the model, whose walks do recurse.
 */

export interface JsonLimits {
  /** Levels of objects and arrays: `{}` is one, `{"a": []}` two. */
  depth: number
  /** Values of any kind, containers included. */
  values: number
}

/** Which limit `value` goes over, or null when it stays within both. Stops at the first one found. */
export function exceededLimit(value: unknown, limits: JsonLimits): keyof JsonLimits | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  let values = 0
  while (stack.length > 0) {
    const next = stack.pop()!
    if (++values > limits.values) return 'values'
    if (typeof next.value !== 'object' || next.value === null) continue
    if (next.depth + 1 > limits.depth) return 'depth'
    const children = Object.values(next.value)
    // Only the children the budget can still reach are pushed: each of them is at least one value.
    for (let index = Math.min(children.length, limits.values - values + 1) - 1; index >= 0; index--)
      stack.push({ value: children[index], depth: next.depth + 1 })
  }
  return null
}

export const DEPTH_MARKER = '[nested too deep: left out]'
export const VALUES_MARKER = '[too many values: left out]'

/**
 * A copy of `value` within the limits: an object or array below the deepest level allowed becomes
 * DEPTH_MARKER; where the budget of values runs out, VALUES_MARKER stands for the first value left
 * out and everything after it (in document order) is dropped. `cut` says whether anything was.
 */
export function boundJson(value: unknown, limits: JsonLimits): { value: unknown; cut: boolean } {
  const root: { value?: unknown } = {}
  const stack: { value: unknown; depth: number; put: (copy: unknown) => void }[] = [{ value, depth: 0, put: (copy) => (root.value = copy) }]
  let values = 0
  let cut = false
  const reachable = (counted: number) => limits.values - counted + 1
  while (stack.length > 0) {
    const next = stack.pop()!
    if (++values > limits.values) {
      next.put(VALUES_MARKER)
      cut = true
      break
    } else if (typeof next.value !== 'object' || next.value === null) {
      next.put(next.value)
    } else if (next.depth + 1 > limits.depth) {
      next.put(DEPTH_MARKER)
      cut = true
    } else if (Array.isArray(next.value)) {
      const copy: unknown[] = []
      next.put(copy)
      // Pushed last first, so the elements are copied (and appended) in their order, each with
      // everything inside it before the next one. Only the children the budget can still reach
      // are pushed (each is at least one value), the last of them to carry the marker.
      for (let index = Math.min(next.value.length, reachable(values)) - 1; index >= 0; index--)
        stack.push({ value: next.value[index], depth: next.depth + 1, put: (child) => copy.push(child) })
    } else {
      const copy: Record<string, unknown> = {}
      next.put(copy)
      const source = next.value as Record<string, unknown>
      const keys = Object.keys(source)
      for (let index = Math.min(keys.length, reachable(values)) - 1; index >= 0; index--) {
        const key = keys[index]!
        const child = source[key]
        // defineProperty: a "__proto__" key from JSON.parse is data, and stays data in the copy.
        stack.push({
          value: child,
          depth: next.depth + 1,
          put: (copied) => Object.defineProperty(copy, key, { value: copied, enumerable: true, writable: true, configurable: true }),
        })
      }
    }
  }
  return { value: root.value, cut }
}

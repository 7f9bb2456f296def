/**
 * The last `size` values read from a text, kept by that text, the least recently used let go
 * first: a parse that the next keystroke, render or click asks for again finds it here (a
 * frontmatter block, a routing-test suite; docs/architecture.md). Callers share what it keeps.
 */
export function recentByText<V>(size: number): { get(text: string): V | undefined; remember(text: string, value: V): V } {
  const kept = new Map<string, V>()
  return {
    get(text) {
      const value = kept.get(text)
      if (value === undefined) return undefined
      // The most recent last: a Map iterates in insertion order, so the oldest goes first.
      kept.delete(text)
      kept.set(text, value)
      return value
    },
    remember(text, value) {
      kept.delete(text)
      kept.set(text, value)
      for (const oldest of kept.keys()) {
        if (kept.size <= size) break
        kept.delete(oldest)
      }
      return value
    },
  }
}

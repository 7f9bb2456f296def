/**
 * Every occurrence of every keyword in a text, in one pass over the text (Aho–Corasick): the cost
 * of a search grows with the text and the matches, not with how many keywords there are. The
 * router builds one matcher per keyword set and runs it on every keystroke.
 *
 * Offsets are UTF-16 code units, as `String.prototype.indexOf` counts them, and overlapping
 * occurrences are all reported, as repeated `indexOf(keyword, at + 1)` would find them.
 */
import { BULK_STEP } from './bulkStep'
import { finishSteps } from './finishSteps'

export type KeywordMatcher = (text: string) => Map<number, number[]>

export function createKeywordMatcher(keywords: readonly string[]): KeywordMatcher {
  return finishSteps(createKeywordMatcherInSteps(keywords))
}

/** `createKeywordMatcher` a few hundred keywords (then trie nodes) a step: the same matcher, built over several tasks. */
export function* createKeywordMatcherInSteps(keywords: readonly string[]): Generator<void, KeywordMatcher> {
  // The trie: node 0 is the root; `next[node]` maps a code unit to the child node.
  const next: Map<number, number>[] = [new Map()]
  const depth: number[] = [0]
  /** The keyword id that ends exactly at a node, or -1. */
  const ends: number[] = [-1]
  for (let id = 0; id < keywords.length; id++) {
    if (id % BULK_STEP === BULK_STEP - 1) yield
    const keyword = keywords[id] ?? ''
    if (keyword === '') continue
    let node = 0
    for (let i = 0; i < keyword.length; i++) {
      const unit = keyword.charCodeAt(i)
      let child = next[node]?.get(unit)
      if (child === undefined) {
        child = next.push(new Map()) - 1
        depth.push(i + 1)
        ends.push(-1)
        next[node]?.set(unit, child)
      }
      node = child
    }
    // A keyword listed twice keeps its first id: callers give distinct keywords.
    if (ends[node] === -1) ends[node] = id
  }

  // Failure links (the longest proper suffix that is also a trie path) and, for reporting, the
  // nearest node along the failure chain where a keyword ends.
  const fail = new Int32Array(next.length)
  const output = new Int32Array(next.length).fill(-1)
  const queue: number[] = []
  for (const child of next[0]?.values() ?? []) queue.push(child)
  for (let head = 0; head < queue.length; head++) {
    if (head % BULK_STEP === BULK_STEP - 1) yield
    const node = queue[head] ?? 0
    for (const [unit, child] of next[node] ?? []) {
      let state = fail[node] ?? 0
      while (state !== 0 && !next[state]?.has(unit)) state = fail[state] ?? 0
      const target = next[state]?.get(unit)
      fail[child] = target !== undefined && target !== child ? target : 0
      const suffix = fail[child] ?? 0
      output[child] = (ends[suffix] ?? -1) !== -1 ? suffix : (output[suffix] ?? -1)
      queue.push(child)
    }
  }

  return (text) => {
    const found = new Map<number, number[]>()
    const report = (node: number, end: number) => {
      const id = ends[node] ?? -1
      const start = end - (depth[node] ?? 0) + 1
      const starts = found.get(id)
      if (starts) starts.push(start)
      else found.set(id, [start])
    }
    let state = 0
    for (let i = 0; i < text.length; i++) {
      const unit = text.charCodeAt(i)
      while (state !== 0 && !next[state]?.has(unit)) state = fail[state] ?? 0
      state = next[state]?.get(unit) ?? 0
      if ((ends[state] ?? -1) !== -1) report(state, i)
      for (let out = output[state] ?? -1; out !== -1; out = output[out] ?? -1) report(out, i)
    }
    // One keyword has one length, so its starts come out in increasing order.
    return found
  }
}

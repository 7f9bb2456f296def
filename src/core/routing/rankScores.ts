import type { SkillScore } from './scoreRouting'

/** `a` comes before `b` in the score table: scored first, best first, load order on ties. */
const before = (a: SkillScore, b: SkillScore): boolean =>
  a.final === null || b.final === null
    ? a.final === b.final
      ? a.order < b.order
      : a.final !== null
    : a.final > b.final || (a.final === b.final && a.order < b.order)

/** Scored skills first (best first, load order on ties), then the rest in load order. */
export function rankScores(scores: readonly SkillScore[]): SkillScore[] {
  return [...scores].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0))
}

/**
 * The first `count` of `rankScores(scores)` without sorting them all: one pass keeping the best
 * few in order, so a keystroke over thousands of scored skills costs a pass, not a sort.
 */
export function bestScores(scores: readonly SkillScore[], count: number): SkillScore[] {
  return bestOf(scores, count, before)
}

/** The first `count` of `items` in the order `before` defines, in one pass keeping the best few in order. */
export function bestOf<T>(items: Iterable<T>, count: number, before: (a: T, b: T) => boolean): T[] {
  const top: T[] = []
  for (const item of items) {
    if (top.length === count && (count === 0 || !before(item, top[count - 1] as T))) continue
    let at = top.length
    while (at > 0 && before(item, top[at - 1] as T)) at--
    top.splice(at, 0, item)
    if (top.length > count) top.pop()
  }
  return top
}

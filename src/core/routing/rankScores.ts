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
  const top: SkillScore[] = []
  for (const score of scores) {
    const last = top[top.length - 1]
    if (top.length === count && last && !before(score, last)) continue
    let at = top.length
    while (at > 0 && before(score, top[at - 1] as SkillScore)) at--
    top.splice(at, 0, score)
    if (top.length > count) top.pop()
  }
  return top
}

import type { SkillScore } from './scoreRouting'

const format = (value: number) => value.toFixed(3)

/** The one-line reason shown beside a skill's score. */
export function describeVerdict(score: SkillScore, threshold: number): string {
  const verdict = score.verdict
  switch (verdict.kind) {
    case 'winner':
      return `Wins: ${format(score.final ?? 0)} > threshold ${threshold}`
    case 'manual':
      return 'Manual entry: only picked by hand, never by keywords'
    case 'no-match':
      return 'No keyword matched'
    case 'below-threshold':
      return verdict.neededCovered === null
        ? `Below the threshold: cannot pass ${threshold} with ${score.length} characters, even fully covered`
        : `Below the threshold: needs covered ≥ ${verdict.neededCovered} of ${score.length} for this input (has ${score.covered})`
    case 'lost-tie':
      return `Lost a tie to ${verdict.winner} (earlier in load order)`
    case 'outscored':
      return `Above the threshold, but ${verdict.winner} scores higher (${format(verdict.winnerFinal)})`
  }
}

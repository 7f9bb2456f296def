import { formatMessage, message, type Message } from '../messages'
import type { SkillScore } from './scoreRouting'

const format = (value: number) => value.toFixed(3)

/** The one-line reason shown beside a skill's score, as a catalog message (docs/routing.md). */
export function verdictMessage(score: SkillScore, threshold: number): Message {
  const verdict = score.verdict
  switch (verdict.kind) {
    case 'winner':
      return message('verdict.winner', { final: format(score.final ?? 0), threshold })
    case 'manual':
      return message('verdict.manual')
    case 'no-match':
      return message('verdict.noMatch')
    case 'below-threshold':
      return verdict.neededCovered === null
        ? message('verdict.cannotPass', { threshold, length: score.length })
        : message('verdict.needsCovered', { needed: verdict.neededCovered, length: score.length, covered: score.covered })
    case 'lost-tie':
      return message('verdict.lostTie', { winner: verdict.winner })
    case 'outscored':
      return message('verdict.outscored', { winner: verdict.winner, winnerFinal: format(verdict.winnerFinal) })
  }
}

/** The same reason in English (traces, the CLI). */
export function describeVerdict(score: SkillScore, threshold: number): string {
  return formatMessage(verdictMessage(score, threshold))
}

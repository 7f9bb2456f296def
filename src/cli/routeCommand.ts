import { createRouter, topScores, type RoutingResult, type SkillScore } from '../core/routing'
import { loadWorkspace } from '../core/skill'
import { roundScore } from '../core/lib/roundScore'
import type { CliIO } from './cliIO'
import { parseArgs } from './parseArgs'
import { readSkillsDir } from './readSkillsDir'
import { thresholdOption } from './thresholdOption'

/** `skill-playground route`: one JSON object per utterance (arguments, or standard input one per line). */
export async function routeCommand(args: readonly string[], io: CliIO): Promise<number> {
  const { positional, options } = parseArgs(args, ['skills', 'threshold', 'top'])
  const dir = options.get('skills')
  if (typeof dir !== 'string') throw new Error('route needs --skills <dir>')
  const threshold = thresholdOption(options.get('threshold'))
  const topOption = options.get('top')
  const top = topOption === undefined ? Infinity : Number(topOption)
  if (!(Number.isInteger(top) && top >= 0) && top !== Infinity) throw new Error('--top needs a whole number')
  const onlyScored = options.has('only-scored') || topOption !== undefined

  const { skills } = loadWorkspace(readSkillsDir(dir))
  const router = createRouter(skills)
  // Small outputs describe only what they print (topScores), not every skill of a large folder.
  const print = (input: string) => {
    const result = router(input, threshold)
    io.out(JSON.stringify(toJson(result, onlyScored ? topScores(result, Math.min(top, result.scored)) : result.scores)))
  }
  if (positional.length > 0) positional.forEach(print)
  else for await (const line of io.lines()) print(line)
  return 0
}

/** One utterance's result, with `scores` (every skill in load order, or the best few). */
function toJson(result: RoutingResult, scores: readonly SkillScore[]) {
  return {
    input: result.input,
    length: result.length,
    winner: result.winner?.skill ?? null,
    scores: scores.map((score) => ({
      skill: score.skill,
      path: score.path,
      matched: score.matched,
      covered: score.covered,
      base: roundScore(score.base),
      bonus: score.bonus,
      final: score.final === null ? null : roundScore(score.final),
      activated: score.activated,
    })),
  }
}

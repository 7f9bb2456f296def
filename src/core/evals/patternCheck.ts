/**
 * An eval's patterns are the author's code: a regex (`answer_matches`, "/…/" values of
 * `tool_args` and `tool_results`) or an `answer_schema` (whose `pattern`s are regexes too) can
 * backtrack on a short text for longer than anyone waits (`/(\d+)+x/` on a few dozen digits), and
 * nothing inside a regex can be interrupted from the thread that runs it. So the engine never runs
 * one itself: the host passes a `PatternChecker` that runs `runPatternCheck` where it can be
 * stopped at `PATTERN_TIME_LIMIT_MS` (the CLI in a `node:vm` context with a time-out, the page in
 * a worker it terminates), and a run always ends.
 */
import { schemaProblem } from '../agent/validateArgs'
import type { JsonSchema } from '../skill'
import { compileRegex } from './compileRegex'

export type PatternCheck = { kind: 'regex'; pattern: string; text: string } | { kind: 'schema'; schema: JsonSchema; value: unknown }

/** `problem`: why a failed check failed when there is more to say than "no match" (the schema's complaint, a stop at the limit). */
export interface PatternVerdict {
  passed: boolean
  problem?: string
}

/** Runs `runPatternCheck` where it can be stopped, and stops it at the limit (`patternTimedOut`). */
export type PatternChecker = (check: PatternCheck) => Promise<PatternVerdict>

/** Longer than any sane pattern needs on an eval's texts; a runaway is stopped here. */
export const PATTERN_TIME_LIMIT_MS = 1000

/** Runs one check to its end, however long that takes: only a `PatternChecker` calls it. */
export function runPatternCheck(check: PatternCheck): PatternVerdict {
  if (check.kind === 'regex') {
    const regex = compileRegex(check.pattern)
    if (!regex) return { passed: false, problem: `"${check.pattern}" is not a valid regular expression` }
    return { passed: regex.test(check.text) }
  }
  const problem = schemaProblem(check.schema, check.value)
  return problem === null ? { passed: true } : { passed: false, problem }
}

/** What a check stopped at the limit reports. */
export function patternTimedOut(check: PatternCheck): PatternVerdict {
  const what = check.kind === 'regex' ? `the regular expression ${check.pattern}` : 'the answer_schema'
  return { passed: false, problem: `${what} ran longer than ${PATTERN_TIME_LIMIT_MS / 1000} s and was stopped` }
}

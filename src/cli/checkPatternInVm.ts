/**
 * The CLI's `PatternChecker` (core/evals/patternCheck.ts): each check runs inside a `node:vm`
 * script with a time-out, whose watchdog interrupts V8 even in the middle of a regex's
 * backtracking, so an eval file's runaway pattern fails its assertion instead of hanging the run.
 */
import { createContext, Script } from 'node:vm'
import { PATTERN_TIME_LIMIT_MS, patternTimedOut, runPatternCheck, type PatternChecker, type PatternVerdict } from '../core/evals'

const context = createContext({ check: (): PatternVerdict => ({ passed: false }) })
const script = new Script('check()', { filename: 'eval-pattern' })

export const checkPatternInVm: PatternChecker = async (check) => {
  context.check = () => runPatternCheck(check)
  try {
    return script.runInContext(context, { timeout: PATTERN_TIME_LIMIT_MS }) as PatternVerdict
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return patternTimedOut(check)
    return { passed: false, problem: error instanceof Error ? error.message : String(error) }
  }
}

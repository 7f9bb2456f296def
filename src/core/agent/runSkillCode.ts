import type { SkillCode } from '../skill'
import { codeRequest, type CodeRunOutcome } from '../code/codeRun'
import type { RunOptions } from './runOptions'
import type { CodeTrace } from './trace'

/** Runs a skill's code in the run's sandbox (`runCode`); without one, the outcome says it cannot run here. */
export function runSkillCode(
  code: SkillCode,
  args: Record<string, unknown>,
  options: RunOptions,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<CodeRunOutcome> {
  if (!options.runCode)
    return Promise.resolve({ ok: false, error: { type: 'sandbox', message: 'Skill code cannot run here.' }, stdout: '', stderr: '', ms: 0 })
  return options.runCode(codeRequest(code, args), { signal, timeoutMs })
}

/** How a run of code shows in the trace, beside its result. */
export function codeTrace(file: string, outcome: CodeRunOutcome): CodeTrace {
  return {
    file,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(!outcome.ok && outcome.error.traceback ? { traceback: outcome.error.traceback } : {}),
  }
}

import { ToolRefusal } from '../tools'
import type { RunnableTool } from './runnableTools'
import { DEFAULT_TIMEOUTS, type RunOptions } from './runOptions'
import { codeTrace } from './runSkillCode'
import type { CodeTrace } from './trace'
import type { ToolCall, ToolError } from './types'
import { validateArgs } from './validateArgs'

/** A tool's (or a skill's code's) `user_message`, shown to the user as it is. */
export function userMessageOf(result: unknown): string | null {
  return result && typeof result === 'object' && 'user_message' in result ? String(result.user_message) : null
}

export interface CallOutcome {
  result: unknown
  error: ToolError['error'] | null
  valid: boolean
  latencyMs: number
  code?: CodeTrace
}

type Finish = (result: unknown, error: ToolError['error'] | null, valid: boolean, code?: CodeTrace) => CallOutcome

/** One tool call: validated against its parameters, run under its time-out and the run's Abort, its outcome as the trace records it. */
export async function callTool(call: ToolCall, tools: Map<string, RunnableTool>, options: RunOptions): Promise<CallOutcome> {
  const started = options.clock()
  const finish: Finish = (result, error, valid, code) => ({
    result,
    error,
    valid,
    latencyMs: Math.round(options.clock() - started),
    ...(code ? { code } : {}),
  })
  const tool = tools.get(call.name)
  if (!tool)
    return finish(
      null,
      { type: 'unknown_tool', message: `No tool "${call.name}" is visible. Visible tools: ${[...tools.keys()].join(', ') || 'none'}.` },
      false,
    )
  const validation = validateArgs(tool.parameters, call.arguments)
  if (!validation.ok) return finish(null, { type: 'invalid_arguments', message: validation.message, details: validation.details }, false)

  const limits = options.timeouts ?? DEFAULT_TIMEOUTS
  const limit = tool.timeoutMs ?? limits[tool.kind] ?? DEFAULT_TIMEOUTS[tool.kind]
  if (tool.script) return runScript(tool.script, validation.value, limit, options, finish)
  if (tool.code) {
    // The sandbox keeps its own time and is killed at the limit or on Abort.
    const outcome = await tool.code.run(validation.value, options.signal, limit)
    const trace = codeTrace(tool.code.file, outcome)
    if (outcome.ok) return finish(outcome.result, null, true, trace)
    const type = outcome.error.type === 'timeout' ? 'timeout' : 'failed'
    return finish(
      null,
      { type, message: outcome.error.message, ...(outcome.error.traceback ? { details: { traceback: outcome.error.traceback } } : {}) },
      true,
      trace,
    )
  }
  let handle: unknown
  // The call's own signal: aborted on the run's Abort and on the time-out, so a tool running where
  // it can be killed (a worker) is killed, not only abandoned.
  const callControl = new AbortController()
  const abortCall = () => callControl.abort()
  options.signal.addEventListener('abort', abortCall, { once: true })
  try {
    const result = await Promise.race([
      Promise.resolve().then(() => tool.run(validation.value, { ...options.tools, signal: callControl.signal })),
      new Promise<never>((_, reject) => {
        handle = options.timers.set(() => {
          reject(new TimeoutError(`${call.name} took longer than ${limit / 1000} s.`))
          callControl.abort()
        }, limit)
      }),
    ])
    return finish(result, null, true)
  } catch (error) {
    const type = error instanceof ToolRefusal ? 'refused' : error instanceof TimeoutError ? 'timeout' : 'failed'
    return finish(null, { type, message: error instanceof Error ? error.message : String(error) }, true)
  } finally {
    options.timers.clear(handle)
    options.signal.removeEventListener('abort', abortCall)
  }
}

/** run_skill_script: the path checked, the script run in the skill-code sandbox, its output and exit status returned. */
async function runScript(
  prepare: NonNullable<RunnableTool['script']>,
  args: Record<string, unknown>,
  limit: number,
  options: RunOptions,
  finish: Finish,
): Promise<CallOutcome> {
  let prepared: ReturnType<typeof prepare>
  try {
    prepared = prepare(args)
  } catch (error) {
    return finish(
      null,
      { type: error instanceof ToolRefusal ? 'refused' : 'failed', message: error instanceof Error ? error.message : String(error) },
      true,
    )
  }
  if (!options.runCode) return finish(null, { type: 'refused', message: 'Scripts cannot run here.' }, true)
  // The sandbox keeps its own time and is killed at the limit or on Abort.
  const outcome = await options.runCode(prepared.request, { signal: options.signal, timeoutMs: limit })
  const path = prepared.request.entry
  if (outcome.ok) {
    const exitCode = (outcome.result as { exit_code?: unknown } | null)?.exit_code
    return finish(
      {
        skill: prepared.skill,
        path,
        exit_code: typeof exitCode === 'number' ? exitCode : 0,
        stdout: outcome.stdout,
        stderr: outcome.stderr,
      },
      null,
      true,
    )
  }
  const type = outcome.error.type === 'timeout' ? 'timeout' : 'failed'
  return finish(null, { type, message: outcome.error.message }, true, codeTrace(path, outcome))
}

class TimeoutError extends Error {
  override name = 'TimeoutError'
}

/**
 * A run of a skill's code as the agent, the Run code panel and the CLI ask for it and get it back
 * (docs/skill-code.md). Kept apart from the harness (pythonHarness.ts) so the agent loop does not
 * carry the Python source into the page's first load.
 */
import type { SkillCode } from '../skill/skillCode'

export interface CodeRunRequest {
  /** The skill's code files, paths relative to its folder. */
  files: { path: string; text: string }[]
  /** `skill.py` or `main.py`. */
  entry: string
  /** `run` or `execute`. */
  function: string
  args: Record<string, unknown>
  /**
   * Set to run `entry` as a script (`run_skill_script`): as `__main__`, with `argv` as its command
   * line and the skill's folder as the working directory; the result is `{exit_code}`.
   */
  script?: { argv: string[] }
}

export type CodeErrorType = 'exception' | 'timeout' | 'aborted' | 'not-serializable' | 'too-large' | 'no-entry' | 'sandbox'

/**
 * What `skill-playground exec` reports besides a run's own errors: one style, lower-case words
 * joined by hyphens, like CodeErrorType (docs/skill-code.md, "Error types"). The arguments were refused
 * before the code ran (`invalid-arguments`, formerly `invalid_arguments`), or the skill has no code.
 */
export type ExecErrorType = CodeErrorType | 'invalid-arguments' | 'no-code'

export type CodeRunOutcome =
  | { ok: true; result: unknown; stdout: string; stderr: string; ms: number }
  | { ok: false; error: { type: CodeErrorType; message: string; traceback?: string }; stdout: string; stderr: string; ms: number }

/** Runs a request where it can be killed; resolves (never rejects) with the outcome. */
export type CodeRunner = (request: CodeRunRequest, options: { signal: AbortSignal; timeoutMs: number }) => Promise<CodeRunOutcome>

/** The default time a skill's code may run, as for any local tool (seed 001: 30 s). */
export const DEFAULT_CODE_TIMEOUT_MS = 30_000

/** Captured output kept per stream; the rest is dropped with a mark (a print loop must not fill memory). */
export const MAX_CODE_OUTPUT_CHARS = 20_000

/**
 * The largest result a run hands back, in bytes of its JSON: a result travels whole (one line from
 * the CLI's sandbox process, read into memory, printed or handed to the model), so one that is
 * larger is the run's error instead (docs/skill-code.md, "Result").
 */
export const MAX_CODE_RESULT_BYTES = 10_000_000

/**
 * `outcome` as it may travel: a result over MAX_CODE_RESULT_BYTES of JSON turned into the run's
 * `too-large` error, and an error's message and traceback (Python builds them from whatever the
 * code raised) cut at MAX_CODE_OUTPUT_CHARS like printed output. The one check every runner applies
 * (the page's Python worker, the CLI's sandbox process) before a result travels further.
 * `jsonChars` is the length of the outcome's JSON as the interpreter wrote it: JavaScript writes a
 * value at most a few times longer (a character as three bytes of UTF-8, `1e+20` as 21 digits), so
 * a text under a fifth of the limit is not measured again.
 */
export function capResult(outcome: CodeRunOutcome, jsonChars: number): CodeRunOutcome {
  if (!outcome.ok) {
    const { message, traceback } = outcome.error
    if (message.length <= MAX_CODE_OUTPUT_CHARS && (traceback === undefined || traceback.length <= MAX_CODE_OUTPUT_CHARS)) return outcome
    return {
      ...outcome,
      error: { ...outcome.error, message: cutOutput(message), ...(traceback === undefined ? {} : { traceback: cutOutput(traceback) }) },
    }
  }
  if (jsonChars * 5 <= MAX_CODE_RESULT_BYTES) return outcome
  const bytes = utf8Length(JSON.stringify(outcome.result) ?? '')
  return bytes > MAX_CODE_RESULT_BYTES ? resultTooLarge(bytes, outcome) : outcome
}

/** `text` cut at MAX_CODE_OUTPUT_CHARS, with a mark saying so. */
export function cutOutput(text: string): string {
  return text.length > MAX_CODE_OUTPUT_CHARS
    ? `${text.slice(0, MAX_CODE_OUTPUT_CHARS)}\n[... cut: more than ${MAX_CODE_OUTPUT_CHARS} characters]`
    : text
}

/** Bytes of `text` in UTF-8 (a lone surrogate counts as the three bytes of its replacement). */
function utf8Length(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit < 0x80) bytes += 1
    else if (unit < 0x800) bytes += 2
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4
      i++
    } else bytes += 3
  }
  return bytes
}

/** The error of a run whose result is `bytes` of JSON, over MAX_CODE_RESULT_BYTES; what it printed is kept. */
export function resultTooLarge(bytes: number, outcome: { stdout: string; stderr: string; ms: number }): CodeRunOutcome {
  // Rounded up: a result just over the limit does not read as the limit itself.
  const size = Math.ceil(bytes / 100_000) / 10
  return {
    ok: false,
    error: {
      type: 'too-large',
      message: `The result is ${size} MB, over the ${MAX_CODE_RESULT_BYTES / 1_000_000} MB limit: return a summary or fewer items.`,
    },
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ms: outcome.ms,
  }
}

export function codeRequest(code: SkillCode, args: Record<string, unknown>): CodeRunRequest {
  return { files: code.files, entry: code.entry, function: code.function, args }
}

/** A host's first line once Python has started: the run's time-out counts from there. */
export const SANDBOX_READY = '{"ready":true}'

export function sandboxFailure(message: string, ms: number, type: CodeErrorType = 'sandbox'): CodeRunOutcome {
  return { ok: false, error: { type, message }, stdout: '', stderr: '', ms }
}

/**
 * The deterministic assertions of an eval case, checked against what a trial did (its trace
 * events, every turn). Each gives a pass or fail and, on a fail, what was seen instead.
 */
import { MAX_ARGUMENT_NESTING } from '../agent/validateArgs'
import type { TraceEvent } from '../agent'
import { nestedDeeperThan } from '../lib/nestedDeeperThan'
import { isRegexLiteral } from './compileRegex'
import type { EvalExpect } from './evalSuite'
import type { PatternChecker, PatternVerdict } from './patternCheck'

export interface AssertionResult {
  /** The assertion as written, e.g. "tools_called: get_weather". */
  assertion: string
  passed: boolean
  /** What was seen, when it failed (or the grader's evidence, for a rubric statement). */
  detail: string
}

/** What a trial did, read off its events. */
export interface TrialFacts {
  /** The skill that activated: by routing, or loaded with load_skill (progressive disclosure). */
  skill: string | null
  calls: { tool: string; args: Record<string, unknown> | null; failed: boolean; result: unknown }[]
  /** The last turn's final answer ('' when the run stopped without one). */
  answer: string
  rounds: number
  stopped: string | null
  /** Bundled files read with read_skill_file, and scripts run with run_skill_script (whatever their exit status). */
  filesRead: DisclosedFile[]
  scriptsRun: DisclosedFile[]
}

/** A skill's file as the disclosure tools name it: the skill, and the path relative to its folder. */
export interface DisclosedFile {
  skill: string
  path: string
}

const LOAD_SKILL = 'load_skill'
const READ_SKILL_FILE = 'read_skill_file'
const RUN_SKILL_SCRIPT = 'run_skill_script'

/** `wanted` names this file: its path in the skill's folder (`reference.md`), or with the skill's name in front (`pdf/reference.md`). */
const names = (wanted: string, file: DisclosedFile) => {
  const path = wanted.replace(/^\.\//, '')
  return path === file.path || path === `${file.skill}/${file.path}`
}
const listOf = (files: readonly DisclosedFile[]) => files.map((file) => `${file.skill}/${file.path}`).join(', ')

export function trialFacts(events: readonly TraceEvent[]): TrialFacts {
  let skill: string | null = null
  let answer = ''
  let rounds = 0
  let stopped: string | null = null
  const calls: TrialFacts['calls'] = []
  const filesRead: DisclosedFile[] = []
  const scriptsRun: DisclosedFile[] = []
  for (const event of events) {
    if (event.type === 'tool' && !event.error && (event.tool === READ_SKILL_FILE || event.tool === RUN_SKILL_SCRIPT)) {
      const result = event.result as { skill?: unknown; path?: unknown } | null
      if (typeof result?.skill === 'string' && typeof result.path === 'string')
        (event.tool === READ_SKILL_FILE ? filesRead : scriptsRun).push({ skill: result.skill, path: result.path })
    }
    if (event.type === 'activation' && event.skill && !skill) skill = event.skill
    if (event.type === 'round') rounds++
    if (event.type === 'final') answer = event.text
    if (event.type === 'stopped') stopped = event.message
    if (event.type === 'tool' || event.type === 'execute') {
      let args: Record<string, unknown> | null = null
      try {
        const parsed: unknown = JSON.parse(event.arguments || '{}')
        // Arguments the loop refused as too deep are not walked here either.
        args =
          typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && !nestedDeeperThan(parsed, MAX_ARGUMENT_NESTING)
            ? (parsed as Record<string, unknown>)
            : null
      } catch {
        args = null
      }
      if (event.type === 'tool' && event.tool === LOAD_SKILL) {
        if (!skill && !event.error && typeof args?.name === 'string') skill = args.name
        continue
      }
      // LLM routing's execute step is a call of the skill's code, under its tool name.
      calls.push({ tool: event.tool, args, failed: event.error !== null, result: event.result })
    }
  }
  return { skill, calls, answer, rounds, stopped, filesRead, scriptsRun }
}

/**
 * `wanted` is found in `actual`: objects by their keys (recursively), "/…/" strings as regexes
 * (through `check`, where a runaway is stopped), others by equality. A failed regex's `problem`
 * (stopped at the limit) is kept, so the detail says why.
 */
async function matches(wanted: unknown, actual: unknown, check: PatternChecker): Promise<PatternVerdict> {
  if (isRegexLiteral(wanted))
    return check({ kind: 'regex', pattern: wanted, text: typeof actual === 'string' ? actual : (JSON.stringify(actual) ?? '') })
  if (typeof wanted === 'object' && wanted !== null && !Array.isArray(wanted)) {
    if (typeof actual !== 'object' || actual === null) return { passed: false }
    return everyMatches(
      Object.entries(wanted).map(([key, value]) => [value, (actual as Record<string, unknown>)[key]]),
      check,
    )
  }
  if (Array.isArray(wanted)) {
    if (!Array.isArray(actual) || wanted.length !== actual.length) return { passed: false }
    return everyMatches(
      wanted.map((item, i) => [item, actual[i]]),
      check,
    )
  }
  return { passed: wanted === actual }
}

/** Each pair matches, checked in order up to the first that does not. */
async function everyMatches(pairs: [unknown, unknown][], check: PatternChecker): Promise<PatternVerdict> {
  for (const [wanted, actual] of pairs) {
    const verdict = await matches(wanted, actual, check)
    if (!verdict.passed) return verdict
  }
  return { passed: true }
}

/** `wanted` matches at least one of `candidates`; when none does, the first problem a regex had. */
async function someMatches(wanted: unknown, candidates: readonly unknown[], check: PatternChecker): Promise<PatternVerdict> {
  let problem: string | undefined
  for (const candidate of candidates) {
    const verdict = await matches(wanted, candidate, check)
    if (verdict.passed) return verdict
    problem ??= verdict.problem
  }
  return { passed: false, ...(problem ? { problem } : {}) }
}

/** The answer as JSON: the whole text, or the first ```json block in it. */
function answerJson(answer: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1]
  for (const candidate of [answer.trim(), fenced?.trim()]) {
    if (!candidate) continue
    try {
      const value: unknown = JSON.parse(candidate)
      // A schema's validator walks the answer by recursion: one nested thousands deep is not JSON it checks.
      if (!nestedDeeperThan(value, MAX_ARGUMENT_NESTING)) return { ok: true, value }
    } catch {
      // Try the next form.
    }
  }
  return { ok: false }
}

const quote = (text: string, limit = 160) => (text.length > limit ? `${text.slice(0, limit)}…` : text) || '(empty)'

/** `check` runs the author's regexes and schemas where a runaway can be stopped (patternCheck.ts). */
export async function checkExpectations(expect: EvalExpect, facts: TrialFacts, check: PatternChecker): Promise<AssertionResult[]> {
  const results: AssertionResult[] = []
  const add = (assertion: string, passed: boolean, detail: string) => results.push({ assertion, passed, detail: passed ? '' : detail })
  const called = facts.calls.map((call) => call.tool)
  const lowerAnswer = facts.answer.toLowerCase()
  if (expect.skill !== undefined)
    add(`skill: ${expect.skill ?? 'null'}`, facts.skill === expect.skill, `activated: ${facts.skill ?? 'no skill'}`)
  if (expect.not_skill !== undefined)
    add(`not_skill: ${expect.not_skill}`, facts.skill !== expect.not_skill, `activated: ${facts.skill ?? 'no skill'}`)
  for (const tool of expect.tools_called ?? [])
    add(`tools_called: ${tool}`, called.includes(tool), `called: ${called.join(', ') || 'no tool'}`)
  for (const tool of expect.tools_not_called ?? [])
    add(`tools_not_called: ${tool}`, !called.includes(tool), `${tool} was called ${called.filter((name) => name === tool).length}×`)
  for (const [tool, wanted] of Object.entries(expect.tool_args ?? {})) {
    const tried = facts.calls.filter((call) => call.tool === tool)
    const verdict = await someMatches(
      wanted,
      tried.map((call) => call.args),
      check,
    )
    add(
      `tool_args: ${tool} ${JSON.stringify(wanted)}`,
      verdict.passed,
      verdict.problem ??
        (tried.length === 0 ? `${tool} was not called` : `arguments were ${tried.map((call) => JSON.stringify(call.args)).join(' ; ')}`),
    )
  }
  for (const [tool, wanted] of Object.entries(expect.tool_results ?? {})) {
    const done = facts.calls.filter((call) => call.tool === tool && !call.failed)
    const verdict = await someMatches(
      wanted,
      done.map((call) => call.result),
      check,
    )
    add(
      `tool_results: ${tool} ${JSON.stringify(wanted)}`,
      verdict.passed,
      verdict.problem ??
        (done.length === 0
          ? `${tool} returned nothing (not called, or every call failed)`
          : `results were ${done
              .map((call) => JSON.stringify(call.result))
              .join(' ; ')
              .slice(0, 400)}`),
    )
  }
  if (expect.tool_order) {
    let next = 0
    for (const tool of called) if (tool === expect.tool_order[next]) next++
    add(`tool_order: ${expect.tool_order.join(' → ')}`, next === expect.tool_order.length, `calls were ${called.join(' → ') || 'none'}`)
  }
  for (const text of expect.answer_contains ?? [])
    add(`answer_contains: ${text}`, lowerAnswer.includes(text.toLowerCase()), `answer: ${quote(facts.answer)}`)
  for (const text of expect.answer_not_contains ?? [])
    add(`answer_not_contains: ${text}`, !lowerAnswer.includes(text.toLowerCase()), `answer: ${quote(facts.answer)}`)
  if (expect.answer_matches !== undefined) {
    const verdict = await check({ kind: 'regex', pattern: expect.answer_matches, text: facts.answer })
    add(`answer_matches: ${expect.answer_matches}`, verdict.passed, verdict.problem ?? `answer: ${quote(facts.answer)}`)
  }
  for (const pattern of expect.answer_matches_all ?? []) {
    const verdict = await check({ kind: 'regex', pattern, text: facts.answer })
    add(`answer_matches: ${pattern}`, verdict.passed, verdict.problem ?? `answer: ${quote(facts.answer)}`)
  }
  for (const pattern of expect.answer_not_matches ?? []) {
    const verdict = await check({ kind: 'regex', pattern, text: facts.answer })
    // A pattern stopped at the time limit proves nothing either way: it fails, saying why.
    add(`answer_not_matches: ${pattern}`, !verdict.passed && !verdict.problem, verdict.problem ?? `answer: ${quote(facts.answer)}`)
  }
  if (expect.answer_schema) {
    const parsed = answerJson(facts.answer)
    const verdict = parsed.ok ? await check({ kind: 'schema', schema: expect.answer_schema, value: parsed.value }) : null
    add('answer_schema', verdict?.passed ?? false, verdict ? (verdict.problem ?? '') : 'the answer is not JSON')
  }
  // The third level of disclosure (docs/evals.md): which bundled files the agent read, which scripts it ran.
  const read = facts.filesRead ?? []
  const ran = facts.scriptsRun ?? []
  for (const file of expect.files_read ?? [])
    add(
      `files_read: ${file}`,
      read.some((done) => names(file, done)),
      `read: ${listOf(read) || 'no file'}`,
    )
  for (const file of expect.files_not_read ?? [])
    add(
      `files_not_read: ${file}`,
      !read.some((done) => names(file, done)),
      `${file} was read ${read.filter((done) => names(file, done)).length}×`,
    )
  for (const file of expect.scripts_run ?? [])
    add(
      `scripts_run: ${file}`,
      ran.some((done) => names(file, done)),
      `ran: ${listOf(ran) || 'no script'}`,
    )
  for (const file of expect.scripts_not_run ?? [])
    add(
      `scripts_not_run: ${file}`,
      !ran.some((done) => names(file, done)),
      `${file} was run ${ran.filter((done) => names(file, done)).length}×`,
    )
  if (expect.max_rounds !== undefined) add(`max_rounds: ${expect.max_rounds}`, facts.rounds <= expect.max_rounds, `${facts.rounds} rounds`)
  if (expect.max_tool_calls !== undefined)
    add(`max_tool_calls: ${expect.max_tool_calls}`, facts.calls.length <= expect.max_tool_calls, `${facts.calls.length} tool calls`)
  return results
}

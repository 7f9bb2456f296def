/**
 * The deterministic assertions of an eval case, checked against what a trial did (its trace
 * events, every turn). Each gives a pass or fail and, on a fail, what was seen instead.
 */
import { schemaProblem } from '../agent/validateArgs'
import type { TraceEvent } from '../agent'
import { compileRegex, isRegexLiteral, type EvalExpect } from './evalSuite'

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
}

const LOAD_SKILL = 'load_skill'

export function trialFacts(events: readonly TraceEvent[]): TrialFacts {
  let skill: string | null = null
  let answer = ''
  let rounds = 0
  let stopped: string | null = null
  const calls: TrialFacts['calls'] = []
  for (const event of events) {
    if (event.type === 'activation' && event.skill && !skill) skill = event.skill
    if (event.type === 'round') rounds++
    if (event.type === 'final') answer = event.text
    if (event.type === 'stopped') stopped = event.message
    if (event.type === 'tool' || event.type === 'execute') {
      let args: Record<string, unknown> | null = null
      try {
        const parsed: unknown = JSON.parse(event.arguments || '{}')
        args = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
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
  return { skill, calls, answer, rounds, stopped }
}

/** `wanted` is found in `actual`: objects by their keys (recursively), "/…/" strings as regexes, others by equality. */
function matches(wanted: unknown, actual: unknown): boolean {
  if (isRegexLiteral(wanted)) return compileRegex(wanted)?.test(typeof actual === 'string' ? actual : JSON.stringify(actual)) ?? false
  if (typeof wanted === 'object' && wanted !== null && !Array.isArray(wanted))
    return (
      typeof actual === 'object' &&
      actual !== null &&
      Object.entries(wanted).every(([key, value]) => matches(value, (actual as Record<string, unknown>)[key]))
    )
  if (Array.isArray(wanted))
    return Array.isArray(actual) && wanted.length === actual.length && wanted.every((item, i) => matches(item, actual[i]))
  return wanted === actual
}

/** The answer as JSON: the whole text, or the first ```json block in it. */
function answerJson(answer: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(answer)?.[1]
  for (const candidate of [answer.trim(), fenced?.trim()]) {
    if (!candidate) continue
    try {
      return { ok: true, value: JSON.parse(candidate) }
    } catch {
      // Try the next form.
    }
  }
  return { ok: false }
}

const quote = (text: string, limit = 160) => (text.length > limit ? `${text.slice(0, limit)}…` : text) || '(empty)'

export function checkExpectations(expect: EvalExpect, facts: TrialFacts): AssertionResult[] {
  const results: AssertionResult[] = []
  const add = (assertion: string, passed: boolean, detail: string) => results.push({ assertion, passed, detail: passed ? '' : detail })
  const called = facts.calls.map((call) => call.tool)
  const lowerAnswer = facts.answer.toLowerCase()
  if (expect.skill !== undefined)
    add(`skill: ${expect.skill ?? 'null'}`, facts.skill === expect.skill, `activated: ${facts.skill ?? 'no skill'}`)
  for (const tool of expect.tools_called ?? [])
    add(`tools_called: ${tool}`, called.includes(tool), `called: ${called.join(', ') || 'no tool'}`)
  for (const tool of expect.tools_not_called ?? [])
    add(`tools_not_called: ${tool}`, !called.includes(tool), `${tool} was called ${called.filter((name) => name === tool).length}×`)
  for (const [tool, wanted] of Object.entries(expect.tool_args ?? {})) {
    const tried = facts.calls.filter((call) => call.tool === tool)
    add(
      `tool_args: ${tool} ${JSON.stringify(wanted)}`,
      tried.some((call) => matches(wanted, call.args)),
      tried.length === 0 ? `${tool} was not called` : `arguments were ${tried.map((call) => JSON.stringify(call.args)).join(' ; ')}`,
    )
  }
  for (const [tool, wanted] of Object.entries(expect.tool_results ?? {})) {
    const done = facts.calls.filter((call) => call.tool === tool && !call.failed)
    add(
      `tool_results: ${tool} ${JSON.stringify(wanted)}`,
      done.some((call) => matches(wanted, call.result)),
      done.length === 0
        ? `${tool} returned nothing (not called, or every call failed)`
        : `results were ${done
            .map((call) => JSON.stringify(call.result))
            .join(' ; ')
            .slice(0, 400)}`,
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
  if (expect.answer_matches !== undefined)
    add(
      `answer_matches: ${expect.answer_matches}`,
      compileRegex(expect.answer_matches)?.test(facts.answer) ?? false,
      `answer: ${quote(facts.answer)}`,
    )
  if (expect.answer_schema) {
    const parsed = answerJson(facts.answer)
    const problem = parsed.ok ? schemaProblem(expect.answer_schema, parsed.value) : 'the answer is not JSON'
    add('answer_schema', problem === null, problem ?? '')
  }
  if (expect.max_rounds !== undefined) add(`max_rounds: ${expect.max_rounds}`, facts.rounds <= expect.max_rounds, `${facts.rounds} rounds`)
  if (expect.max_tool_calls !== undefined)
    add(`max_tool_calls: ${expect.max_tool_calls}`, facts.calls.length <= expect.max_tool_calls, `${facts.calls.length} tool calls`)
  return results
}

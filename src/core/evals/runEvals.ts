/**
 * Runs an eval suite: every case N times (trials), a few at a time, each trial checked against the
 * case's assertions and rubric; the result per case is a pass rate with its 95% Wilson interval,
 * and a case whose trials disagree is flaky. The page and the CLI run the same engine.
 */
import type { ModelClient, TraceEvent } from '../agent'
import { checkExpectations, trialFacts, type AssertionResult } from './checkExpectations'
import type { EvalCase } from './evalSuite'
import { gradeRubric, transcriptText } from './gradeRubric'
import type { PatternChecker } from './patternCheck'
import { wilsonInterval } from '../lib/statistics'
import type { TraceKeeper } from './traceKeeper'

export interface TrialOutcome {
  events: TraceEvent[]
  latencyMs: number
}

/** Runs one trial of a case (all its turns) and returns its events. */
export type RunTrial = (testCase: EvalCase, trial: number, signal: AbortSignal) => Promise<TrialOutcome>

export interface EvalOptions {
  trials: number
  /** Trials running at once (default 4). */
  concurrency?: number
  /** Grades rubric statements; null: the simulated grader. */
  grader: ModelClient | null
  runTrial: RunTrial
  /** Runs the cases' regexes and answer schemas where a runaway is stopped (patternCheck.ts). */
  checkPattern: PatternChecker
  signal: AbortSignal
  onProgress?: (done: number, total: number) => void
  /** What ran: the model and mode, or an A/B side's name. */
  label: string
  /** True with the scripted model: the results say "simulated" wherever they appear. */
  simulated: boolean
  /** Keeps each trial's trace, within its limits (the page's last report; the CLI keeps none). */
  traces?: TraceKeeper
}

export interface Tokens {
  input: number
  output: number
}

export interface TrialResult {
  trial: number
  passed: boolean
  /** What the API counted over the trial's model calls (absent when it did not say). */
  tokens?: Tokens
  assertions: AssertionResult[]
  latencyMs: number
  skill: string | null
  answer: string
}

export interface CaseReport {
  name: string
  file: string
  line: number
  trials: number
  passed: number
  passRate: number
  interval: [number, number]
  /** Some trials passed and some failed. */
  flaky: boolean
  /** What the case asked for that is not checked (waza graders this app does not run). */
  unsupported?: string[]
  /** Each failed assertion of each trial. */
  failures: { trial: number; assertion: string; detail: string }[]
  results: TrialResult[]
  tokens?: Tokens
}

export interface EvalReport {
  label: string
  simulated: boolean
  trials: number
  cases: CaseReport[]
  /** True when Stop ended the run early: the cases report the trials that finished. */
  stopped: boolean
  durationMs: number
  /** Over every trial, when the API counted tokens. */
  tokens?: Tokens
}

export const DEFAULT_CONCURRENCY = 4
/** Trials per case when neither the file nor the user says: one is enough for a deterministic model. */
export const defaultTrials = (simulated: boolean) => (simulated ? 1 : 3)

async function judge(testCase: EvalCase, trial: number, outcome: TrialOutcome, options: EvalOptions): Promise<TrialResult> {
  const facts = trialFacts(outcome.events)
  const assertions = await checkExpectations(testCase.expect, facts, options.checkPattern)
  if (facts.stopped && !facts.answer) assertions.push({ assertion: 'the run answers', passed: false, detail: facts.stopped })
  if (testCase.expect.rubric?.length)
    assertions.push(
      ...(await gradeRubric(
        testCase.expect.rubric,
        transcriptText(testCase.turns[0] ?? '', outcome.events),
        options.grader,
        options.signal,
      )),
    )
  const tokens = sumTokens(outcome.events.map((event) => (event.type === 'model' ? event.usage : undefined)))
  return {
    trial,
    passed: assertions.every((assertion) => assertion.passed),
    ...(tokens ? { tokens } : {}),
    assertions,
    latencyMs: outcome.latencyMs,
    skill: facts.skill,
    answer: facts.answer,
  }
}

export async function runEvals(cases: readonly EvalCase[], options: EvalOptions, clock: () => number = () => 0): Promise<EvalReport> {
  const started = clock()
  const tasks = cases.flatMap((testCase, index) =>
    Array.from({ length: options.trials }, (_, trial) => ({ index, testCase, trial: trial + 1 })),
  )
  const results: TrialResult[][] = cases.map(() => [])
  let next = 0
  let done = 0
  const worker = async () => {
    while (next < tasks.length && !options.signal.aborted) {
      const task = tasks[next++]!
      let result: TrialResult
      try {
        const outcome = await options.runTrial(task.testCase, task.trial, options.signal)
        result = await judge(task.testCase, task.trial, outcome, options)
        options.traces?.keep(task.index, task.trial, result.passed, outcome.events)
      } catch (error) {
        if (options.signal.aborted) return
        const detail = error instanceof Error ? error.message : String(error)
        result = {
          trial: task.trial,
          passed: false,
          assertions: [{ assertion: 'the run answers', passed: false, detail }],
          latencyMs: 0,
          skill: null,
          answer: '',
        }
      }
      results[task.index]!.push(result)
      options.onProgress?.(++done, tasks.length)
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, tasks.length)) }, worker))
  const reports = cases.map((testCase, index) =>
    caseReport(
      testCase,
      results[index]!.sort((a, b) => a.trial - b.trial),
    ),
  )
  const tokens = sumTokens(reports.map((report) => report.tokens))
  return {
    label: options.label,
    simulated: options.simulated,
    trials: options.trials,
    stopped: options.signal.aborted,
    durationMs: Math.round(clock() - started),
    cases: reports,
    ...(tokens ? { tokens } : {}),
  }
}

function sumTokens(parts: readonly (Tokens | undefined)[]): Tokens | undefined {
  const counted = parts.filter((part): part is Tokens => part !== undefined)
  if (counted.length === 0) return undefined
  return { input: counted.reduce((sum, part) => sum + part.input, 0), output: counted.reduce((sum, part) => sum + part.output, 0) }
}

export function caseReport(testCase: EvalCase, results: TrialResult[]): CaseReport {
  const passed = results.filter((result) => result.passed).length
  const tokens = sumTokens(results.map((result) => result.tokens))
  return {
    ...(tokens ? { tokens } : {}),
    ...(testCase.unsupported ? { unsupported: testCase.unsupported } : {}),
    name: testCase.name,
    file: testCase.file,
    line: testCase.line,
    trials: results.length,
    passed,
    passRate: results.length ? passed / results.length : 0,
    interval: wilsonInterval(passed, results.length),
    flaky: passed > 0 && passed < results.length,
    failures: results.flatMap((result) =>
      result.assertions
        .filter((assertion) => !assertion.passed)
        .map(({ assertion, detail }) => ({ trial: result.trial, assertion, detail })),
    ),
    results,
  }
}

/**
 * `skill-playground eval`: the page's eval engine on a folder of skills, for CI (docs/evals.md).
 * The model is the scripted one (simulated) or an OpenAI-compatible API configured like the
 * server (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL); 429s are retried after Retry-After.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createOpenAIModel } from '../adapters/openaiClient'
import { loadDemoDatabase } from '../adapters/sqlEngine'
import { createScriptedModel, runConversation, type ModelClient, type RoutingMode } from '../core/agent'
import {
  defaultTrials,
  EVALS_FILE,
  evalReportJson,
  evalReportJUnit,
  importSkillCreatorEvals,
  parseEvalSuite,
  percent,
  runEvals,
  type EvalCase,
  type EvalProblem,
} from '../core/evals'
import { DEFAULT_THRESHOLD, parseThreshold } from '../core/routing'
import { loadWorkspace, workspaceCode } from '../core/skill'
import { builtinToolRegistry } from '../core/tools'
import { EXAMPLE_FILES, EXAMPLE_KNOWLEDGE } from '../core/tools/exampleData'
import { DEFAULT_MOCKS } from '../core/tools/mockTools'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import { checkPatternInVm } from './checkPatternInVm'
import { readSkillsDir } from './readSkillsDir'
import { readBundledFiles } from './readBundledFiles'
import { workspaceBundles } from '../core/tools/skillFileTools'
import { runCodeInNode } from './nodeCodeRunner'
import type { CliIO } from './runCli'
import { eachLine } from './terminalIO'

export interface EvalArgs {
  dir: string
  evals: string | undefined
  model: 'scripted' | 'openai'
  trials: number | undefined
  json: boolean
  junit: string | undefined
  minPassRate: number
  mode: RoutingMode
  concurrency: number
  threshold: number
}

const MODES: RoutingMode[] = ['keyword', 'grouped', 'progressive', 'llm', 'none']

export function evalArgs(options: Map<string, string | true>): EvalArgs {
  const text = (name: string) => {
    const value = options.get(name)
    if (value === true) throw new Error(`--${name} needs a value`)
    return value
  }
  const dir = text('skills')
  if (!dir) throw new Error('eval needs --skills <dir>')
  const model = text('model') ?? 'scripted'
  if (model !== 'scripted' && model !== 'openai') throw new Error('--model is scripted or openai')
  const trials = text('trials')
  if (trials !== undefined && !(Number.isInteger(Number(trials)) && Number(trials) >= 1 && Number(trials) <= 100))
    throw new Error('--trials is a whole number from 1 to 100')
  const minPassRate = Number(text('min-pass-rate') ?? 1)
  if (!(minPassRate >= 0 && minPassRate <= 1)) throw new Error('--min-pass-rate is a number from 0 to 1')
  const mode = (text('mode') ?? 'keyword') as RoutingMode
  if (!MODES.includes(mode)) throw new Error(`--mode is one of ${MODES.join(', ')}`)
  const concurrency = Number(text('concurrency') ?? 4)
  if (!(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 32))
    throw new Error('--concurrency is a whole number from 1 to 32')
  const threshold = text('threshold')
  const parsed = threshold === undefined ? null : parseThreshold(threshold)
  if (parsed && !parsed.ok) throw new Error(`--threshold: ${parsed.error}`)
  return {
    dir,
    evals: text('evals'),
    model,
    trials: trials === undefined ? undefined : Number(trials),
    json: options.has('json'),
    junit: text('junit'),
    minPassRate,
    mode,
    concurrency,
    threshold: parsed?.ok ? parsed.value : DEFAULT_THRESHOLD,
  }
}

/** evals.yaml (or --evals), and each skill's evals/evals.json. */
function readCases(args: EvalArgs): { cases: EvalCase[]; problems: EvalProblem[]; trials?: number } {
  if (args.evals) return parseEvalSuite(readFileSync(args.evals, 'utf8'), args.evals)
  const cases: EvalCase[] = []
  const problems: EvalProblem[] = []
  let trials: number | undefined
  const main = join(args.dir, EVALS_FILE)
  if (existsSync(main)) {
    const suite = parseEvalSuite(readFileSync(main, 'utf8'), main)
    cases.push(...suite.cases)
    problems.push(...suite.problems)
    trials = suite.trials
  }
  for (const entry of readdirSync(args.dir, { withFileTypes: true })) {
    const file = join(args.dir, entry.name, 'evals', 'evals.json')
    if (!entry.isDirectory() || !existsSync(file)) continue
    const suite = importSkillCreatorEvals(file, readFileSync(file, 'utf8'), entry.name)
    cases.push(...suite.cases)
    problems.push(...suite.problems)
  }
  return { cases, problems, ...(trials ? { trials } : {}) }
}

/** The scripted model, or the OpenAI-compatible one from the environment (`triggers` uses it too). */
export function modelFrom(args: Pick<EvalArgs, 'model'>, env: Record<string, string | undefined>): () => ModelClient {
  if (args.model === 'scripted') return () => createScriptedModel()
  const apiKey = env.OPENAI_API_KEY?.trim()
  if (!apiKey) throw new Error('--model openai needs OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL for another server or model)')
  const model = env.OPENAI_MODEL?.trim() || 'gpt-4.1-mini'
  const client = createOpenAIModel({
    baseURL: (env.OPENAI_BASE_URL?.trim() || 'https://api.openai.com/v1').replace(/\/+$/, ''),
    apiKey,
    model,
    label: `OpenAI · ${model}`,
    maxRetries: 4,
  })
  return () => client
}

export async function evalCommand(args: EvalArgs, io: CliIO, env: Record<string, string | undefined> = process.env): Promise<number> {
  const { cases, problems, trials: fileTrials } = readCases(args)
  for (const problem of problems) io.err(`${problem.file}:${problem.range.startLine}:${problem.range.startColumn} error ${problem.message}`)
  if (problems.length > 0) return 1
  if (cases.length === 0) {
    io.err(`No eval cases in ${args.evals ?? join(args.dir, EVALS_FILE)} (nor any <skill>/evals/evals.json).`)
    return 1
  }
  const files = readSkillsDir(args.dir)
  const { skills } = loadWorkspace(files)
  // Skills with code run in the same sandbox as `exec` (a child process per call).
  const skillCode = workspaceCode(files, skills)
  const model = modelFrom(args, env)
  // Each skill's bundled files (references, scripts) for read_skill_file and run_skill_script.
  const skillFiles = workspaceBundles(skills, [...files, ...readBundledFiles(args.dir, skills, files)])
  const simulated = args.model === 'scripted'
  const trials = args.trials ?? fileTrials ?? defaultTrials(simulated)
  const controller = new AbortController()
  const label = `${model().label}${simulated ? ' (simulated)' : ''} · ${args.mode}`
  if (!args.json) io.err(`${cases.length} cases × ${trials} trials · ${label}`)
  const report = await runEvals(
    cases,
    {
      trials,
      concurrency: args.concurrency,
      grader: simulated ? null : model(),
      signal: controller.signal,
      label,
      simulated,
      checkPattern: checkPatternInVm,
      runTrial: async (testCase, _trial, signal) => {
        const started = performance.now()
        const events = await runConversation(testCase.turns, {
          skills,
          mode: testCase.mode ?? args.mode,
          threshold: args.threshold,
          model: model(),
          registry: builtinToolRegistry,
          skillCode,
          runCode: runCodeInNode,
          skillFiles,
          tools: {
            files: createVirtualFiles({ ...EXAMPLE_FILES, ...testCase.files }, () => {}),
            knowledge: EXAMPLE_KNOWLEDGE,
            mocks: DEFAULT_MOCKS,
            now: () => new Date(),
            database: loadDemoDatabase,
          },
          signal,
          clock: () => performance.now(),
          timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as NodeJS.Timeout) },
          onEvent: () => {},
        })
        return { events, latencyMs: Math.round(performance.now() - started) }
      },
    },
    () => performance.now(),
  )
  if (args.junit) writeFileSync(args.junit, evalReportJUnit(report, args.minPassRate))
  const failing = report.cases.filter((testCase) => testCase.passRate < args.minPassRate)
  if (args.json) eachLine(io.out, JSON.stringify(evalReportJson(report), null, 2))
  else {
    for (const testCase of report.cases) {
      const [low, high] = testCase.interval
      const verdict = testCase.passRate >= args.minPassRate ? 'PASS' : 'FAIL'
      io.out(
        `${verdict}  ${testCase.passed}/${testCase.trials}  ${percent(testCase.passRate).padStart(4)}  [${percent(low)}–${percent(high)}]  ${testCase.name}${testCase.flaky ? '  (flaky)' : ''}`,
      )
      if (verdict === 'FAIL')
        for (const failure of testCase.failures.slice(0, 6))
          io.out(`        trial ${failure.trial}: ${failure.assertion} — ${failure.detail}`.replace(/\n/g, ' '))
    }
    if (report.tokens)
      io.out(
        `tokens: ${report.tokens.input.toLocaleString('en')} in, ${report.tokens.output.toLocaleString('en')} out · ${(report.durationMs / 1000).toFixed(1)} s`,
      )
    io.out(
      `${report.cases.length - failing.length} of ${report.cases.length} cases at or above ${percent(args.minPassRate)}${simulated ? ' (simulated model)' : ''}`,
    )
  }
  return failing.length > 0 ? 1 : 0
}

/**
 * `skill-playground eval`: the page's eval engine on a folder of skills, for CI (docs/evals.md).
 * The model is the scripted one (simulated) or an OpenAI-compatible API configured like the
 * server (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL); 429s are retried after Retry-After.
 */
import { roundFractions } from '../core/lib/roundScore'
import { countOf } from './countOf'
import { simulatedLabel } from './simulatedLabel'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'
import { createOpenAIModel } from '../adapters/openaiClient'
import { loadDemoDatabase } from '../adapters/sqlEngine'
import { createScriptedModel, DEFAULT_BASE_URL, DEFAULT_MODEL, runConversation, type ModelClient, type RoutingMode } from '../core/agent'
import {
  defaultTrials,
  EVALS_FILE,
  evalReportJson,
  evalReportJUnit,
  parseEvalSuite,
  percent,
  readEvalFile,
  runEvals,
  unknownSkillProblems,
  workspaceEvals,
  type EvalCase,
  type EvalFileContext,
  type EvalProblem,
} from '../core/evals'
import { DEFAULT_THRESHOLD, parseThreshold } from '../core/routing'
import { isLeftAlone, loadWorkspace, workspaceCode, type SkillFile } from '../core/skill'
import { builtinToolRegistry } from '../core/tools'
import { EXAMPLE_FILES, EXAMPLE_KNOWLEDGE } from '../core/tools/exampleData'
import { DEFAULT_MOCKS } from '../core/tools/mockTools'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import { checkPatternInVm } from './checkPatternInVm'
import { readSkillsDir } from './readSkillsDir'
import { readBundledFiles } from './readBundledFiles'
import { workspaceBundles } from '../core/tools/skillFileTools'
import { runCodeInNode } from './nodeCodeRunner'
import type { CliIO } from './cliIO'
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

/**
 * evals.yaml (or --evals, read by its content), and each skill's evals/evals.json and waza
 * eval.yaml, from the folder's files as the workspace holds them (`workspace`: the skills and the
 * files bundled with them, so skill-creator's `files` and waza's tasks and fixtures are there).
 */
function readCases(args: EvalArgs, workspace: readonly SkillFile[]): { cases: EvalCase[]; problems: EvalProblem[]; trials?: number } {
  if (args.evals) return readEvalFile(args.evals, readFileSync(args.evals, 'utf8'), evalFileContext(args.evals))
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
  const skillSuites = workspaceEvals(workspace.filter((file) => file.path !== EVALS_FILE))
  cases.push(...skillSuites.cases)
  problems.push(...skillSuites.problems)
  return { cases, problems, ...((trials ?? skillSuites.trials) ? { trials: trials ?? skillSuites.trials } : {}) }
}

/** Text files below `folder` (relative paths), at most MAX_LISTED: a waza eval's task globs and fixtures. */
const MAX_LISTED = 2000
function filesBelow(folder: string): string[] {
  const found: string[] = []
  const walk = (relative: string) => {
    let entries
    try {
      entries = readdirSync(join(folder, relative), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (found.length >= MAX_LISTED || isLeftAlone(entry.name)) continue
      const path = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path)
      else if (entry.isFile()) found.push(path)
    }
  }
  walk('')
  return found
}

/** A text file inside `folder` by its relative path; undefined when it is not there, leaves the folder, or is binary. */
function textIn(folder: string, relative: string): string | undefined {
  if (relative.split('/').some((part) => part === '..' || part === '') || isAbsolute(relative)) return undefined
  const full = join(folder, relative)
  const stat = statSync(full, { throwIfNoEntry: false })
  if (!stat?.isFile() || stat.size > 5 * 1024 * 1024) return undefined
  const bytes = readFileSync(full)
  return bytes.includes(0) ? undefined : bytes.toString('utf8')
}

/** Where a file given as --evals reads its companions: its skill's folder (skill-creator) or its own folder (waza). */
function evalFileContext(file: string): EvalFileContext {
  const here = dirname(resolve(file))
  const skillFolder = basename(here) === 'evals' ? dirname(here) : here
  const isSkill = ['SKILL.md', 'skill.md'].some((name) => existsSync(join(skillFolder, name)))
  return {
    ...(isSkill ? { folderSkill: basename(skillFolder) } : {}),
    readSkillFile: (relative) => textIn(skillFolder, relative),
    waza: { read: (relative) => textIn(here, relative), list: () => filesBelow(here) },
  }
}

/** The scripted model, or the OpenAI-compatible one from the environment (`triggers` uses it too). */
export function modelFrom(args: Pick<EvalArgs, 'model'>, env: Record<string, string | undefined>): () => ModelClient {
  if (args.model === 'scripted') return () => createScriptedModel()
  const apiKey = env.OPENAI_API_KEY?.trim()
  if (!apiKey) throw new Error('--model openai needs OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL for another server or model)')
  const model = env.OPENAI_MODEL?.trim() || DEFAULT_MODEL
  const client = createOpenAIModel({
    baseURL: (env.OPENAI_BASE_URL?.trim() || DEFAULT_BASE_URL).replace(/\/+$/, ''),
    apiKey,
    model,
    label: `OpenAI · ${model}`,
    maxRetries: 4,
  })
  return () => client
}

export async function evalCommand(args: EvalArgs, io: CliIO, env: Record<string, string | undefined> = process.env): Promise<number> {
  const files = readSkillsDir(args.dir)
  const { skills } = loadWorkspace(files)
  const bundled = readBundledFiles(args.dir, skills, files)
  const { cases, problems: fileProblems, trials: fileTrials } = readCases(args, [...files, ...bundled])
  // A skill the cases name that the folder does not have (an evals.json's skill_name) is said at once.
  const problems = [
    ...fileProblems,
    ...unknownSkillProblems(
      cases,
      skills.map((skill) => skill.name),
    ),
  ]
  for (const problem of problems)
    io.err(`${problem.file}:${problem.range.startLine}:${problem.range.startColumn} ${problem.severity ?? 'error'} ${problem.message}`)
  if (problems.some((problem) => problem.severity !== 'warning')) return 1
  if (cases.length === 0) {
    io.err(
      `No eval cases in ${args.evals ?? join(args.dir, EVALS_FILE)} (nor any <skill>/evals/evals.json or waza eval.yaml in ${args.dir}).`,
    )
    return 1
  }
  // Skills with code run in the same sandbox as `exec`: one sandbox process for every trial, a fresh interpreter each.
  const skillCode = workspaceCode(files, skills)
  // Each skill's bundled files (references, scripts) for read_skill_file and run_skill_script.
  const skillFiles = workspaceBundles(skills, [...files, ...bundled])
  const model = modelFrom(args, env)
  const simulated = args.model === 'scripted'
  const trials = args.trials ?? fileTrials ?? defaultTrials(simulated)
  const controller = new AbortController()
  const label = `${simulatedLabel(model().label, simulated)} · ${args.mode}`
  if (!args.json) io.err(`${countOf(cases.length, 'case')} × ${countOf(trials, 'trial')} · ${label}`)
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
          skillFiles,
          runCode: runCodeInNode,
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
  if (args.json) eachLine(io.out, JSON.stringify(evalReportJson(report), roundFractions, 2))
  else {
    for (const testCase of report.cases) {
      const [low, high] = testCase.interval
      const verdict = testCase.passRate >= args.minPassRate ? 'PASS' : 'FAIL'
      io.out(
        `${verdict}  ${testCase.passed}/${testCase.trials}  ${percent(testCase.passRate).padStart(4)}  [${percent(low)}–${percent(high)}]  ${testCase.name}${testCase.flaky ? '  (flaky)' : ''}`,
      )
      if (testCase.unsupported) io.out(`        not checked: ${testCase.unsupported.join('; ')}`)
      if (verdict === 'FAIL')
        for (const failure of testCase.failures.slice(0, 6))
          io.out(`        trial ${failure.trial}: ${failure.assertion} — ${failure.detail}`.replace(/\n/g, ' '))
    }
    if (report.tokens)
      io.out(
        `tokens: ${report.tokens.input.toLocaleString('en')} in, ${report.tokens.output.toLocaleString('en')} out · ${(report.durationMs / 1000).toFixed(1)} s`,
      )
    io.out(
      `${report.cases.length - failing.length} of ${countOf(report.cases.length, 'case')} at or above ${percent(args.minPassRate)}${simulated ? ' (simulated model)' : ''}`,
    )
  }
  return failing.length > 0 ? 1 : 0
}

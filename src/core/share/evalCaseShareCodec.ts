/**
 * Eval case links (docs/share-links.md, "Shared eval cases"): one case of the last eval report —
 * the case (utterances, expectations), each trial's verdict with its assertions and, where it was
 * kept, its trace, the skills as they were, the model and settings — framed like a run link
 * (`#e1.<byte length>.<crc32>.<base64url(deflate-raw(JSON))>`, the same dictionary and size cap).
 * A link comes from anyone: every field is read afresh by type, unknown fields are dropped, and
 * nothing in it is run or fetched.
 */
import type { RoutingMode, TraceEvent } from '../agent/trace'
import type { AssertionResult, CaseReport, CaseTraces, EvalCase, EvalExpect, KeptTrace } from '../evals'
import { message, type Message } from '../messages'
import { normalizeThreshold } from '../routing/threshold'
import type { SkillFile } from '../skill'
import { readFiles } from '../workspace'
import { readTraceEvent, skillFilesNamed, skillsUsedIn } from './runShareCodec'
import { packShare, unpackShare } from './shareCodec'

export const EVAL_CASE_SHARE_VERSION = 1
const LETTER = 'e'
/** What a file made by "Share as file" says it is. */
export const EVAL_CASE_FILE_FORMAT = 'skill-playground-eval-case'

/** One trial as a shared case shows it. */
export interface SharedTrial {
  trial: number
  passed: boolean
  assertions: AssertionResult[]
  latencyMs: number
  skill: string | null
  answer: string
  tokens?: { input: number; output: number }
  /** Its trace, when the report kept it (core/evals/traceKeeper.ts). */
  trace?: KeptTrace
}

/** What ran the case: the report's label, the routing mode and model, the settings. */
export interface SharedCaseSettings {
  label: string
  simulated: boolean
  mode: RoutingMode
  threshold?: number
  toolProtocol?: 'native' | 'text'
  modelName?: string
}

/** One eval case and its trials as a link carries them: shown read-only, never run. */
export interface SharedEvalCase {
  case: { name: string; file: string; line: number; turns: string[]; mode?: RoutingMode; files: Record<string, string>; expect: EvalExpect }
  trials: SharedTrial[]
  /** Trials whose trace the report did not keep (its limits). */
  tracesDropped: number
  skills: SkillFile[]
  settings: SharedCaseSettings
  finishedAt: string
}

export type EvalCaseDecodeResult = { ok: true; shared: SharedEvalCase } | { ok: false; error: Message }

export function encodeEvalCaseShare(shared: SharedEvalCase): string {
  return packShare(`${LETTER}${EVAL_CASE_SHARE_VERSION}.`, shared)
}

/** Reads a fragment (with or without `#`); null when it is no eval case link. Never throws. */
export function decodeEvalCaseShare(fragment: string): EvalCaseDecodeResult | null {
  const unpacked = unpackShare(fragment, LETTER, EVAL_CASE_SHARE_VERSION)
  if (!unpacked || !unpacked.ok) return unpacked
  const shared = readSharedEvalCase(unpacked.value)
  return shared ? { ok: true, shared } : { ok: false, error: message('share.notOurs') }
}

/** The text of a case file ("Share as file"): the same content as a link, as JSON. */
export function evalCaseShareFile(shared: SharedEvalCase): string {
  return JSON.stringify({ format: EVAL_CASE_FILE_FORMAT, version: EVAL_CASE_SHARE_VERSION, ...shared }, null, 2)
}

/** Reads a case file's text; null when it is not one (or not one this version reads). */
export function decodeEvalCaseFile(text: string): SharedEvalCase | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(value) || value.format !== EVAL_CASE_FILE_FORMAT || value.version !== EVAL_CASE_SHARE_VERSION) return null
  return readSharedEvalCase(value)
}

/**
 * What a case shares: the case as written, its trials (with the traces kept), the files of the
 * skills its trials used or it expects (from `files`, as they were when the evals ran), and the settings.
 */
export function sharedEvalCaseOf(
  testCase: EvalCase,
  report: CaseReport,
  traces: CaseTraces | undefined,
  files: readonly SkillFile[],
  settings: SharedCaseSettings,
  finishedAt: string,
): SharedEvalCase {
  const used = new Set<string>()
  if (typeof testCase.expect.skill === 'string') used.add(testCase.expect.skill)
  for (const result of report.results) {
    if (result.skill) used.add(result.skill)
    const trace = traces?.trials[result.trial]
    if (trace) skillsUsedIn(trace.events, used)
  }
  const trials = report.results.map((result): SharedTrial => {
    const trace = traces?.trials[result.trial]
    return {
      trial: result.trial,
      passed: result.passed,
      assertions: result.assertions,
      latencyMs: result.latencyMs,
      skill: result.skill,
      answer: result.answer,
      ...(result.tokens ? { tokens: result.tokens } : {}),
      ...(trace ? { trace } : {}),
    }
  })
  return {
    case: {
      name: testCase.name,
      file: testCase.file,
      line: testCase.line,
      turns: testCase.turns,
      ...(testCase.mode ? { mode: testCase.mode } : {}),
      files: testCase.files,
      expect: testCase.expect,
    },
    trials,
    tracesDropped: trials.filter((trial) => !trial.trace).length,
    skills: skillFilesNamed(used, files),
    settings: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== '')) as SharedCaseSettings,
    finishedAt,
  }
}

// ---- Reading a shared case: every field by type; a wrong field refuses the link. ----

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const count = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined)
const strList = (v: unknown) => (Array.isArray(v) && v.every((item) => typeof item === 'string') ? v : undefined)
const MODE_LIST: RoutingMode[] = ['keyword', 'grouped', 'progressive', 'llm', 'none']
const mode = (v: unknown) => (MODE_LIST.includes(v as RoutingMode) ? (v as RoutingMode) : undefined)
const stringMap = (v: unknown) =>
  isObject(v) && Object.values(v).every((item) => typeof item === 'string') ? { ...(v as Record<string, string>) } : undefined

const LIST_EXPECTATIONS = [
  'tools_called',
  'tools_not_called',
  'tool_order',
  'answer_contains',
  'answer_not_contains',
  'answer_matches_all',
  'answer_not_matches',
  'files_read',
  'files_not_read',
  'scripts_run',
  'scripts_not_run',
  'rubric',
] as const

/** How each expectation is read: by the type evals.yaml gives it. Argument subsets, results and a schema are data, shown as text. */
const EXPECTATIONS: Record<string, (v: unknown) => unknown> = {
  skill: (v) => (v === null ? null : str(v)),
  not_skill: str,
  ...Object.fromEntries(LIST_EXPECTATIONS.map((key) => [key, strList])),
  answer_matches: str,
  max_rounds: count,
  max_tool_calls: count,
  tool_args: (v) => (isObject(v) && Object.values(v).every(isObject) ? v : undefined),
  tool_results: (v) => (isObject(v) ? v : undefined),
  answer_schema: (v) => (isObject(v) ? v : undefined),
}

/** The expectations of a case, each by its type, in the order written; unknown keys are dropped, a wrong value refuses them all. */
function readExpect(value: unknown): EvalExpect | undefined {
  if (!isObject(value)) return undefined
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    if (!Object.hasOwn(EXPECTATIONS, key) || item === undefined) continue
    const got = EXPECTATIONS[key]!(item)
    if (got === undefined) return undefined
    out[key] = got
  }
  return out
}

function readAssertion(value: unknown): AssertionResult | undefined {
  if (!isObject(value)) return undefined
  const assertion = str(value.assertion)
  const detail = str(value.detail)
  if (assertion === undefined || detail === undefined || typeof value.passed !== 'boolean') return undefined
  return { assertion, passed: value.passed, detail }
}

function readTrace(value: unknown): KeptTrace | undefined {
  if (!isObject(value) || !Array.isArray(value.events)) return undefined
  const events = value.events.map(readTraceEvent)
  if (events.includes(undefined)) return undefined
  const shortenedTexts = value.shortenedTexts === undefined ? 0 : count(value.shortenedTexts)
  const droppedSteps = value.droppedSteps === undefined ? 0 : count(value.droppedSteps)
  if (shortenedTexts === undefined || droppedSteps === undefined) return undefined
  return {
    events: events as TraceEvent[],
    ...(shortenedTexts ? { shortenedTexts } : {}),
    ...(droppedSteps ? { droppedSteps } : {}),
  }
}

function readTrial(value: unknown): SharedTrial | undefined {
  if (!isObject(value) || !Array.isArray(value.assertions)) return undefined
  const trial = count(value.trial)
  const latencyMs = num(value.latencyMs)
  const skill = value.skill === null ? null : str(value.skill)
  const answer = str(value.answer)
  const assertions = value.assertions.map(readAssertion)
  if (trial === undefined || typeof value.passed !== 'boolean' || latencyMs === undefined || skill === undefined || answer === undefined)
    return undefined
  if (assertions.includes(undefined)) return undefined
  let tokens: SharedTrial['tokens']
  if (value.tokens !== undefined) {
    const input = isObject(value.tokens) ? num(value.tokens.input) : undefined
    const output = isObject(value.tokens) ? num(value.tokens.output) : undefined
    if (input === undefined || output === undefined) return undefined
    tokens = { input, output }
  }
  const trace = value.trace === undefined ? undefined : readTrace(value.trace)
  if (value.trace !== undefined && !trace) return undefined
  return {
    trial,
    passed: value.passed,
    assertions: assertions as AssertionResult[],
    latencyMs,
    skill,
    answer,
    ...(tokens ? { tokens } : {}),
    ...(trace ? { trace } : {}),
  }
}

/** A shared case read by type from any JSON value; null when any part is not what a shared case holds. */
export function readSharedEvalCase(value: unknown): SharedEvalCase | null {
  if (!isObject(value) || !isObject(value.case) || !Array.isArray(value.trials) || !isObject(value.settings)) return null
  const item = value.case
  const name = str(item.name)
  const file = str(item.file)
  const line = count(item.line)
  const turns = strList(item.turns)
  const caseMode = item.mode === undefined ? null : mode(item.mode)
  const files = item.files === undefined ? {} : stringMap(item.files)
  const expect = readExpect(item.expect)
  if (name === undefined || file === undefined || line === undefined || !turns || caseMode === undefined || !files || !expect) return null
  const trials = value.trials.map(readTrial)
  if (trials.includes(undefined)) return null
  const skills = readFiles(value.skills ?? [])
  const settings = value.settings
  const label = str(settings.label)
  const runMode = mode(settings.mode)
  if (!skills || label === undefined || runMode === undefined || typeof settings.simulated !== 'boolean') return null
  const threshold = num(settings.threshold)
  const toolProtocol = settings.toolProtocol === 'native' || settings.toolProtocol === 'text' ? settings.toolProtocol : undefined
  const modelName = str(settings.modelName)
  const kept = trials as SharedTrial[]
  return {
    case: { name, file, line, turns, ...(caseMode ? { mode: caseMode } : {}), files, expect },
    trials: kept,
    // Counted again from the trials: the number a link states is not trusted.
    tracesDropped: kept.filter((trial) => !trial.trace).length,
    skills,
    settings: {
      label,
      simulated: settings.simulated,
      mode: runMode,
      ...(threshold === undefined ? {} : { threshold: normalizeThreshold(threshold) }),
      ...(toolProtocol ? { toolProtocol } : {}),
      ...(modelName ? { modelName } : {}),
    },
    finishedAt: str(value.finishedAt) ?? '',
  }
}

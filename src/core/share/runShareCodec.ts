/**
 * Run links (docs/share-links.md, "Shared runs"): one run of the agent — its trace, the skills it
 * used as they were, the model and settings — in the URL fragment, framed like a workspace link
 * (`#r1.<byte length>.<crc32>.<base64url(deflate-raw(JSON))>`, the same dictionary and size cap).
 * A link comes from anyone: every field is read afresh by type, unknown fields are dropped, and
 * nothing in it is run or fetched; the page only shows it.
 */
import type { AgentRun, RoutingMode, TraceEvent } from '../agent/trace'
import { message, type Message } from '../messages'
import { normalizeThreshold } from '../routing/threshold'
import { isSkillPath, parseSkill, type SkillFile } from '../skill'
import { readFiles } from '../workspace'
import { packShare, unpackShare } from './shareCodec'

export const RUN_SHARE_VERSION = 1
const LETTER = 'r'
/** Above this a run is offered as a file only: longer links are cut by chat apps, mail and some browsers. */
export const MAX_RUN_LINK_CHARS = 32_000
/** What a file made by "Share as file" says it is. */
export const RUN_FILE_FORMAT = 'skill-playground-run'

/** A run as a link carries it: what the run view shows, read-only. */
export interface SharedRun {
  run: Pick<AgentRun, 'utterance' | 'startedAt' | 'mode' | 'model' | 'status' | 'events'>
  /** The files of the skills the run used (each one's SKILL.md and the files beside it), as they were. */
  skills: SkillFile[]
  settings: { threshold?: number; toolProtocol?: 'native' | 'text'; modelName?: string }
}

export type RunDecodeResult = { ok: true; shared: SharedRun } | { ok: false; error: Message }

export function encodeRunShare(shared: SharedRun): string {
  return packShare(`${LETTER}${RUN_SHARE_VERSION}.`, shared)
}

/** Reads a fragment (with or without `#`); null when it is no run link. Never throws. */
export function decodeRunShare(fragment: string): RunDecodeResult | null {
  const unpacked = unpackShare(fragment, LETTER, RUN_SHARE_VERSION)
  if (!unpacked || !unpacked.ok) return unpacked
  const shared = readSharedRun(unpacked.value)
  return shared ? { ok: true, shared } : { ok: false, error: message('share.notOurs') }
}

/** The text of a run file ("Share as file"): the same content as a link, as JSON. */
export function runShareFile(shared: SharedRun): string {
  return JSON.stringify({ format: RUN_FILE_FORMAT, version: RUN_SHARE_VERSION, ...shared }, null, 2)
}

/** Reads a run file's text; null when it is not one (or not one this version reads). */
export function decodeRunFile(text: string): SharedRun | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (!isObject(value) || value.format !== RUN_FILE_FORMAT || value.version !== RUN_SHARE_VERSION) return null
  return readSharedRun(value)
}

/**
 * What a run shares: the run as recorded (streaming and running state left out), the files of the
 * skills it activated, loaded or fell back to (from `files`, as they were when it ran), and its settings.
 */
export function sharedRunOf(run: AgentRun, files: readonly SkillFile[], settings: SharedRun['settings']): SharedRun {
  return {
    run: { utterance: run.utterance, startedAt: run.startedAt, mode: run.mode, model: run.model, status: run.status, events: run.events },
    skills: skillFilesNamed(skillsUsedIn(run.events), files),
    settings: Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== '')),
  }
}

/** The skills a trace activated, loaded or fell back to, by name. */
export function skillsUsedIn(events: readonly TraceEvent[], used: Set<string> = new Set()): Set<string> {
  for (const event of events) {
    if (event.type === 'activation' && event.skill) used.add(event.skill)
    if (event.type === 'fallback') used.add(event.to)
    if (event.type === 'disclosure' && event.level === 'body' && event.skill) used.add(event.skill)
    if (event.type === 'tool' && event.tool === 'load_skill' && !event.error) {
      const name = (/"name"\s*:\s*"([^"]*)"/.exec(event.arguments) ?? [])[1]
      if (name) used.add(name)
    }
  }
  return used
}

/** The files of the skills named `used` (each one's SKILL.md and the files of its folder). */
export function skillFilesNamed(used: ReadonlySet<string>, files: readonly SkillFile[]): SkillFile[] {
  const folders = new Set<string>()
  const roots = new Set<string>()
  for (const file of files) {
    const name = nameOf(file)
    if (name === null || !used.has(name)) continue
    roots.add(file.path)
    const slash = file.path.lastIndexOf('/')
    if (slash > 0) folders.add(file.path.slice(0, slash + 1))
  }
  return files.filter((file) => roots.has(file.path) || [...folders].some((folder) => file.path.startsWith(folder)))
}

/** The name a skill file gives its skill (the name a trace records), or null for a file that is no skill. */
function nameOf(file: SkillFile): string | null {
  return isSkillPath(file.path) ? parseSkill(file.path, file.text).name : null
}

// ---- Reading a shared run: every field by type; anything else refuses the link. ----

type Read<T> = (value: unknown) => T | undefined

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const str: Read<string> = (v) => (typeof v === 'string' ? v : undefined)
const num: Read<number> = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined)
const bool: Read<boolean> = (v) => (typeof v === 'boolean' ? v : undefined)
const strOrNull: Read<string | null> = (v) => (v === null ? null : str(v))
const numOrNull: Read<number | null> = (v) => (v === null ? null : num(v))
const oneOf =
  <T extends string>(...options: T[]): Read<T> =>
  (v) =>
    options.includes(v as T) ? (v as T) : undefined
const strList: Read<string[]> = (v) => (Array.isArray(v) && v.every((item) => typeof item === 'string') ? v : undefined)
/** Any JSON value (a tool's result): kept as data, shown as text. */
const json: Read<unknown> = (v) => v
const MODES = oneOf<RoutingMode>('keyword', 'grouped', 'progressive', 'llm', 'none')

const shape =
  <T>(fields: Record<string, Read<unknown>>, optional: Record<string, Read<unknown>> = {}): Read<T> =>
  (v) => {
    if (!isObject(v)) return undefined
    const out: Record<string, unknown> = {}
    for (const [key, read] of Object.entries(fields)) {
      const value = read(v[key])
      if (value === undefined && read !== json) return undefined
      out[key] = value ?? null
    }
    for (const [key, read] of Object.entries(optional)) {
      if (v[key] === undefined) continue
      const value = read(v[key])
      if (value === undefined) return undefined
      out[key] = value
    }
    return out as T
  }

const errorOf = shape<{ type: string; message: string; details?: unknown }>({ type: str, message: str })
const errorOrNull: Read<{ type: string; message: string } | null> = (v) => (v === null ? null : errorOf(v))
const codeTrace = shape({ file: str, stdout: str, stderr: str }, { traceback: str })
const usage = shape({ input: num, output: num })
const visibleTool = shape({ name: str, source: oneOf('builtin', 'skill'), missing: bool })
const config: Read<unknown> = (v) => {
  const read = shape<{ tools: unknown }>({ skill: strOrNull, systemPrompt: str, narrowed: bool, maxRounds: num })(v)
  if (!read || !isObject(v) || !Array.isArray(v.tools)) return undefined
  const tools = v.tools.map(visibleTool)
  return tools.includes(undefined) ? undefined : { ...read, tools }
}

/** The fields of each step; `text` (a catalog message) is left out: the recorded English sentence is shown. */
const EVENTS: Record<TraceEvent['type'], Read<unknown>> = {
  activation: shape({ mode: MODES, skill: strOrNull, reason: str, config, missingTools: strList, at: num }, { systemPrompt: str }),
  round: shape({ round: num, maxRounds: num, at: num }),
  model: shape({ round: num, text: str, latencyMs: num, toolCalls: num, at: num }, { usage }),
  tool: shape(
    {
      round: num,
      skill: strOrNull,
      tool: str,
      arguments: str,
      valid: bool,
      result: json,
      error: errorOrNull,
      latencyMs: num,
      precedingText: str,
      userMessage: strOrNull,
      at: num,
    },
    { mode: oneOf('live', 'mock'), code: codeTrace },
  ),
  execute: shape({
    skill: str,
    tool: str,
    file: str,
    arguments: str,
    result: json,
    error: errorOrNull,
    latencyMs: num,
    userMessage: strOrNull,
    code: codeTrace,
    at: num,
  }),
  fallback: shape({ round: num, from: str, to: str, message: str, systemPrompt: str, at: num }),
  final: shape({ text: str, at: num }),
  turn: shape({ turn: num, utterance: str, at: num }),
  stopped: shape({ reason: oneOf('round-limit', 'repeated-failure', 'aborted', 'model-error'), message: str, at: num }),
  disclosure: shape(
    {
      level: oneOf('catalog', 'body', 'file', 'script'),
      round: num,
      skill: strOrNull,
      characters: num,
      tokens: num,
      estimated: bool,
      at: num,
    },
    { path: str, skills: num, exitCode: numOrNull },
  ),
}

/** One step of a trace read by its type (every field checked, unknown ones dropped); undefined when it is not one. */
export function readTraceEvent(value: unknown): TraceEvent | undefined {
  if (!isObject(value) || typeof value.type !== 'string' || !Object.hasOwn(EVENTS, value.type)) return undefined
  const read = EVENTS[value.type as TraceEvent['type']](value)
  return read === undefined ? undefined : ({ type: value.type, ...(read as object) } as TraceEvent)
}

/** A shared run read by type from any JSON value; null when any part is not what a run holds. */
export function readSharedRun(value: unknown): SharedRun | null {
  if (!isObject(value) || !isObject(value.run) || !Array.isArray(value.run.events)) return null
  const run = value.run
  const events = run.events as unknown[]
  const read = events.map(readTraceEvent)
  if (read.includes(undefined)) return null
  const utterance = str(run.utterance)
  const mode = MODES(run.mode)
  const status = oneOf('running', 'done', 'aborted', 'failed')(run.status)
  const skills = readFiles(value.skills ?? [])
  if (utterance === undefined || mode === undefined || status === undefined || !skills) return null
  const settings = isObject(value.settings) ? value.settings : {}
  const threshold = num(settings.threshold)
  const toolProtocol = oneOf('native', 'text')(settings.toolProtocol)
  const modelName = str(settings.modelName)
  return {
    run: {
      utterance,
      startedAt: str(run.startedAt) ?? '',
      mode,
      model: str(run.model) ?? '',
      // A run shared while it ran is shown as it stood: nothing of it runs on.
      status: status === 'running' ? 'aborted' : status,
      events: read as TraceEvent[],
    },
    skills,
    settings: {
      ...(threshold === undefined ? {} : { threshold: normalizeThreshold(threshold) }),
      ...(toolProtocol ? { toolProtocol } : {}),
      ...(modelName ? { modelName } : {}),
    },
  }
}

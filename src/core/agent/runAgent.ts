import { formatMessage, message, type Message } from '../messages'
import {
  verdictMessage,
  effectiveConfig,
  groupedRouting,
  scoreRouting,
  type EffectiveConfig,
  type GroupedRouting,
  type RoutingResult,
} from '../routing'
import { codeToolName, type Skill, type SkillCode } from '../skill'
import { codeRequest, type CodeRunner, type CodeRunOutcome, type CodeRunRequest } from '../code/codeRun'
import { builtinToolRegistry, ToolRefusal, type ToolContext, type ToolKind, type ToolRegistry } from '../tools'
import {
  hasScripts,
  READ_SKILL_FILE,
  readSkillFile,
  readSkillFileSpec,
  RUN_SKILL_SCRIPT,
  runSkillScriptSpec,
  scriptRunRequest,
  type SkillBundle,
} from '../tools/skillFileTools'
import { catalogListing } from '../routing'
import { disclosureCounter, type CountTokens } from './disclosure'
import type { CodeTrace, RoutingMode, TraceEvent, WorkingStep } from './trace'
import { askModelToRoute, interpretRouteAnswer, LOAD_SKILL, loadSkillSpec, progressiveSystemPrompt } from './modelRouting'
import { formatSkillResults, parseSkillCalls, textProtocolInstructions } from './textProtocol'
import type { ChatMessage, ModelClient, ModelReply, ToolCall, ToolError, ToolProtocol, ToolSpec } from './types'
import { validateArgs } from './validateArgs'
import { codeResultNote } from './codeResultNote'
import { imageMessage, takeToolImages, type TraceImage } from './toolResultImages'

export interface Timers {
  set: (callback: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

export interface RunOptions {
  utterance: string
  skills: readonly Skill[]
  mode: RoutingMode
  threshold: number
  model: ModelClient
  tools: Omit<ToolContext, 'signal'>
  /** The tools that exist; the built-in ones unless given (tests pass their own). */
  registry?: ToolRegistry
  signal: AbortSignal
  /** Milliseconds on a monotonic clock. */
  clock: () => number
  timers: Timers
  timeouts?: Partial<Record<ToolKind, number>>
  /** Native function calling (default), or SKILL_CALL blocks in the model's text. */
  toolProtocol?: ToolProtocol
  /** Earlier turns of the conversation (user and assistant messages), sent before this utterance. */
  history?: ChatMessage[]
  /** Keep this skill active instead of routing again (a conversation's "sticky skill"). */
  stickySkill?: Skill | null
  /** The skills that have code, by path (core/skill workspaceCode), and where that code runs. */
  skillCode?: ReadonlyMap<string, SkillCode>
  runCode?: CodeRunner
  /**
   * The files bundled with each skill, by the skill's path (core/tools workspaceBundles): offered
   * through read_skill_file and run_skill_script once that skill is active or loaded.
   */
  skillFiles?: ReadonlyMap<string, SkillBundle>
  /** Counts the tokens of what enters the context, for the trace's disclosure steps; estimated when absent. */
  countTokens?: CountTokens
  onEvent: (event: TraceEvent) => void
  onText?: (round: number, delta: string) => void
  /** Called with each piece of the model's reasoning as it streams, apart from its text. */
  onReasoning?: (round: number, delta: string) => void
  /** A tool call or the skill's code starts; the event that follows ends it. */
  onWorking?: (step: WorkingStep) => void
}

export const DEFAULT_TIMEOUTS: Record<ToolKind, number> = { local: 30_000, external: 10_000, live: 20_000 }

/** A model reply longer than this is cut, with a mark: what follows would freeze the page and overflow the next call. */
export const MAX_REPLY_CHARS = 200_000
/** A tool result longer than this (as JSON) reaches the model and the trace cut, with a mark. */
export const MAX_RESULT_CHARS = 100_000

export const TRUNCATED_MARK = '\n[… truncated: the rest was longer than the playground keeps]'

function capText(text: string, limit: number): string {
  return text.length > limit ? text.slice(0, limit) + TRUNCATED_MARK : text
}

/** A result too large for the next model call becomes its beginning, marked truncated. */
function capResult<T extends { result: unknown }>(outcome: T): T {
  const json = JSON.stringify(outcome.result) ?? ''
  if (json.length <= MAX_RESULT_CHARS) return outcome
  return { ...outcome, result: { truncated: true, characters: json.length, preview: json.slice(0, MAX_RESULT_CHARS) } }
}

/** A model-facing tool plus how to run it. */
interface RunnableTool extends ToolSpec {
  kind: ToolKind
  /** Shown on each call in the trace: answered by the user's mocks, or run for real by the server. */
  mode?: 'live' | 'mock'
  run: (args: Record<string, unknown>, context: ToolContext) => unknown
  /** Its own time-out, in place of its kind's (an MCP tool waits as long as its server does). */
  timeoutMs?: number
  /** A skill's code offered as a tool: run in the sandbox, its output kept for the trace. */
  code?: { file: string; run: (args: Record<string, unknown>, signal: AbortSignal, timeoutMs: number) => Promise<CodeRunOutcome> }
  /** run_skill_script: the sandbox request for the validated arguments (a ToolRefusal when the path is not allowed). */
  script?: (args: Record<string, unknown>) => { request: CodeRunRequest; skill: string }
}

/**
 * The agent loop of docs/agent-loop.md: activate a skill (or not), then rounds of one model call plus the
 * tool calls it asks for, each validated, guarded and traced, until a final answer or a limit.
 */
export async function runAgent(options: RunOptions): Promise<TraceEvent[]> {
  const { model, signal, clock, onEvent } = options
  const started = clock()
  const events: TraceEvent[] = []
  const emit: Emit = (event) => {
    const stamped = { ...event, at: Math.round(clock() - started) }
    events.push(stamped)
    onEvent(stamped)
  }

  const protocol = options.toolProtocol ?? 'native'
  let activation = await activate(options, emit)
  if (!activation) return events
  const unavailable: string[] = []
  const disclose = disclosureCounter(options.countTokens)
  // The skills whose bundled files the agent may read or run: the active one, and each one loaded.
  const opened: SkillBundle[] = []
  const open = (skill: Skill | null) => {
    const bundle = skill ? options.skillFiles?.get(skill.path) : undefined
    if (bundle && !opened.includes(bundle)) opened.push(bundle)
  }
  open(activation.skill)
  let tools = withSkillFiles(toolsFor(activation.config, activation.skill, options, unavailable), opened, options)
  const missingTools = [...activation.config.tools.filter((t) => t.missing).map((t) => t.name), ...unavailable]
  let toolSpecs: ToolSpec[] = specsOf(tools)
  const promptFor = (prompt: string) => prompt + (protocol === 'text' && toolSpecs.length > 0 ? textProtocolInstructions(toolSpecs) : '')
  const systemPrompt = promptFor(activation.systemPrompt)
  emit({
    type: 'activation',
    mode: options.mode,
    skill: activation.skill?.name ?? null,
    ...said(activation.reason, 'reason'),
    config: { ...activation.config, tools: [...activation.config.tools, ...skillFileToolsOf(opened, options)] },
    missingTools,
    systemPrompt,
  })
  // The first two levels of disclosure: the catalog the model chooses from, and the body of the active skill.
  if (options.mode === 'progressive' && !options.stickySkill && !activation.skill) {
    const catalog = catalogListing(options.skills)
    emit({ type: 'disclosure', level: 'catalog', round: 0, skill: null, skills: options.skills.length, ...(await disclose(catalog)) })
  }

  const messages: ChatMessage[] = [
    { role: 'system', content: systemPrompt },
    ...(options.history ?? []),
    { role: 'user', content: (activation.userMessage ?? options.utterance) + (activation.execute ? await activation.execute() : '') },
  ]
  // The active skill's body enters with the first round's system prompt (after LLM routing's execute step).
  if (activation.skill)
    emit({ type: 'disclosure', level: 'body', round: 0, skill: activation.skill.name, ...(await disclose(activation.systemPrompt)) })
  let maxRounds = activation.config.maxRounds
  let lastFailure = null as string | null
  // Failed tool calls of the active skill; at two, its `fallback` skill takes over (seed 001).
  let failures = 0
  const usedSkills = new Set<string>(activation.skill ? [activation.skill.path] : [])

  for (let round = 1; round <= maxRounds; round++) {
    if (signal.aborted) return stop('aborted', message('run.abortedBefore', { round }))
    emit({ type: 'round', round, maxRounds })
    const callStarted = clock()
    let text = ''
    let toolCalls: ToolCall[]
    let usage: ModelReply['usage']
    let reasoning = ''
    let streamedReasoning = 0
    try {
      const reply = await model.complete({
        messages,
        tools: toolSpecs,
        protocol,
        signal,
        onText: (delta) => {
          // Past the cap the rest is not shown (a runaway reply must not freeze the page).
          if (text.length >= MAX_REPLY_CHARS) return
          const kept = delta.slice(0, MAX_REPLY_CHARS - text.length)
          text += kept
          options.onText?.(round, kept)
        },
        onReasoning: (delta) => {
          if (streamedReasoning >= MAX_REPLY_CHARS) return
          const kept = delta.slice(0, MAX_REPLY_CHARS - streamedReasoning)
          streamedReasoning += kept.length
          options.onReasoning?.(round, kept)
        },
      })
      text = capText(reply.text, MAX_REPLY_CHARS)
      usage = reply.usage
      reasoning = reply.reasoning ? capText(reply.reasoning, MAX_REPLY_CHARS) : ''
      toolCalls = protocol === 'text' ? parseSkillCalls(reply.text, round) : reply.toolCalls
    } catch (error) {
      if (signal.aborted) {
        if (text) emit({ type: 'model', round, text, latencyMs: Math.round(clock() - callStarted), toolCalls: 0 })
        return stop('aborted', message('run.abortedAnswering'))
      }
      return stop('model-error', message('run.modelFailed', { error: error instanceof Error ? error.message : String(error) }))
    }
    emit({
      type: 'model',
      round,
      text,
      latencyMs: Math.round(clock() - callStarted),
      toolCalls: toolCalls.length,
      ...(usage ? { usage } : {}),
      ...(reasoning ? { reasoning } : {}),
    })
    if (signal.aborted) return stop('aborted', message('run.aborted'))
    if (toolCalls.length === 0) {
      emit({ type: 'final', text })
      return events
    }
    messages.push(protocol === 'text' ? { role: 'assistant', content: text } : { role: 'assistant', content: text, toolCalls })

    const textResults: { name: string; content: string }[] = []
    const fallback = fallbackOf(activation.skill, options.skills, usedSkills)
    let switchTo: Skill | null = null
    // Images the round's tools returned, for a model that takes them: sent after the tool results.
    const roundImages: (TraceImage & { tool: string })[] = []
    for (const call of toolCalls) {
      options.onWorking?.({ type: 'tool', name: call.name })
      const { images, ...outcome } = capResult(takeToolImages(await callTool(call, tools, options), call.name, model.takesImages === true))
      const userMessage = userMessageOf(outcome.result)
      emit({
        type: 'tool',
        round,
        skill: activation.skill?.name ?? null,
        tool: call.name,
        arguments: call.arguments,
        valid: outcome.valid,
        result: outcome.result,
        error: outcome.error,
        latencyMs: outcome.latencyMs,
        precedingText: text,
        userMessage,
        ...(tools.get(call.name)?.mode ? { mode: tools.get(call.name)?.mode } : {}),
        ...(outcome.code ? { code: outcome.code } : {}),
        ...(images.length > 0 ? { images } : {}),
      })
      if (model.takesImages) roundImages.push(...images.map((image) => ({ ...image, tool: call.name })))
      const content = JSON.stringify(outcome.error ? { error: outcome.error } : outcome.result)
      if (!outcome.error) {
        const step = await disclosureOf(call.name, outcome.result, options.skills, disclose, round)
        if (step) emit(step)
        if (call.name === LOAD_SKILL) {
          // A loaded skill's bundled files become readable from the next round on.
          const loaded = options.skills.find((skill) => `<skill name="${skill.name}">${skill.body}</skill>` === outcome.result)
          const before = opened.length
          open(loaded ?? null)
          if (opened.length !== before) {
            tools = withSkillFiles(tools, opened, options)
            toolSpecs = specsOf(tools)
            if (protocol === 'text') messages[0] = { role: 'system', content: promptFor(activation.systemPrompt) }
          }
        }
      }
      if (protocol === 'text') textResults.push({ name: call.name, content })
      else messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content })
      if (signal.aborted) return stop('aborted', message('run.abortedTool'))

      const key = `${call.name}\u0000${normalizeArguments(call.arguments)}`
      if (outcome.error) failures++
      if (outcome.error && fallback && failures >= 2) switchTo = fallback
      if (!outcome.error || switchTo) lastFailure = null
      else if (lastFailure === key) {
        return stop('repeated-failure', message('run.repeated', { tool: call.name }))
      } else lastFailure = key
    }
    if (protocol === 'text') messages.push({ role: 'user', content: formatSkillResults(textResults) })
    if (roundImages.length > 0) messages.push(imageMessage(roundImages))
    if (switchTo && activation.skill) {
      // The fallback skill takes over: its prompt, its tools and its round limit, for the rounds left.
      const from: Skill = activation.skill
      const config = effectiveConfig(switchTo, toolNames(options))
      activation = {
        skill: switchTo,
        config,
        systemPrompt: config.systemPrompt,
        reason: message('run.fallback', { from: from.name, to: switchTo.name, failures }),
      }
      usedSkills.add(switchTo.path)
      open(switchTo)
      tools = withSkillFiles(toolsFor(config, switchTo, options, []), opened, options)
      toolSpecs = specsOf(tools)
      messages[0] = { role: 'system', content: promptFor(config.systemPrompt) }
      maxRounds = Math.max(maxRounds, round + config.maxRounds)
      failures = 0
      emit({ type: 'fallback', round, from: from.name, to: switchTo.name, systemPrompt: messages[0].content, ...said(activation.reason) })
      emit({ type: 'disclosure', level: 'body', round, skill: switchTo.name, ...(await disclose(config.systemPrompt)) })
    }
  }
  return stop('round-limit', message('run.roundLimit', { rounds: maxRounds }))

  function stop(reason: Extract<TraceEvent, { type: 'stopped' }>['reason'], text: Message): TraceEvent[] {
    emit({ type: 'stopped', reason, ...said(text) })
    return events
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

interface Activation {
  skill: Skill | null
  config: EffectiveConfig
  systemPrompt: string
  reason: Message
  /** Replaces the utterance as the user message (LLM routing appends the validated arguments). */
  userMessage?: string
  /** LLM routing's execute step, run right after the activation is traced; its note joins the user message. */
  execute?: () => Promise<string>
}

type Emit = (event: DistributiveOmit<TraceEvent, 'at'>) => void

/** A trace sentence: in English as recorded (downloads, logs), and as a catalog entry for the reader's language. */
function said(text: Message): { message: string; text: Message }
function said(text: Message, field: 'reason'): { reason: string; text: Message }
function said(text: Message, field: 'message' | 'reason' = 'message') {
  return { [field]: formatMessage(text), text }
}

async function activate(options: RunOptions, emit: Emit): Promise<Activation | null> {
  const { mode, utterance, skills, threshold } = options
  if (options.stickySkill) {
    const config = effectiveConfig(options.stickySkill, toolNames(options))
    return {
      skill: options.stickySkill,
      config,
      systemPrompt: config.systemPrompt,
      reason: message('run.sticky', { skill: options.stickySkill.name }),
    }
  }
  if (mode === 'keyword' || mode === 'grouped') {
    const grouped = mode === 'grouped' ? groupedRouting(utterance, skills, threshold) : null
    const routing = grouped ? (grouped.within?.winner ? grouped.within : grouped.global) : scoreRouting(utterance, skills, threshold)
    const skill = skills.find((candidate) => candidate.path === routing.winner?.path) ?? null
    const config = effectiveConfig(skill, toolNames(options))
    return { skill, config, systemPrompt: config.systemPrompt, reason: keywordReason(routing, grouped, threshold) }
  }
  if (mode === 'llm') return routeWithModel(options, emit)
  const config = effectiveConfig(null, toolNames(options))
  if (mode === 'progressive') {
    return {
      skill: null,
      config: { ...config, tools: [...config.tools, { name: LOAD_SKILL, source: 'builtin', missing: false }] },
      systemPrompt: progressiveSystemPrompt(skills),
      reason: message('run.progressive', { count: skills.length }),
    }
  }
  return { skill: null, config, systemPrompt: config.systemPrompt, reason: message('run.off') }
}

/** Why keyword (or grouped) routing chose what it chose, for the activation step. */
function keywordReason(routing: RoutingResult, grouped: GroupedRouting | null, threshold: number): Message {
  const { winner } = routing
  if (winner) {
    // The verdict as a message of its own, so that it reads in the reader's language too.
    const verdict = verdictMessage(winner, threshold)
    if (grouped?.within?.winner) return message('run.groupWins', { group: grouped.group ?? '', skill: winner.skill, verdict })
    if (grouped) return message('run.groupFellBack', { skill: winner.skill, verdict })
    return message('run.keywordWins', { skill: winner.skill, verdict })
  }
  const best = routing.best
  return best && best.final !== null
    ? message('run.noneClosest', { skill: best.skill, verdict: verdictMessage(best, threshold) })
    : message('run.noneMatched')
}

async function routeWithModel(options: RunOptions, emit: Emit): Promise<Activation | null> {
  const started = options.clock()
  // The catalog the model routes from: the first level, before the routing call.
  const candidates = options.skills.filter((skill) => skill.entryMode === 'auto')
  const listed = catalogListing(candidates)
  emit({
    type: 'disclosure',
    level: 'catalog',
    round: 0,
    skill: null,
    skills: candidates.length,
    ...(await disclosureCounter(options.countTokens)(listed)),
  })
  let text = ''
  try {
    text = await askModelToRoute({ ...options, onText: (delta) => options.onText?.(0, delta) })
  } catch (error) {
    emit({
      type: 'stopped',
      reason: options.signal.aborted ? 'aborted' : 'model-error',
      ...said(message('run.routingFailed', { error: error instanceof Error ? error.message : String(error) })),
    })
    return null
  }
  emit({ type: 'model', round: 0, text, latencyMs: Math.round(options.clock() - started), toolCalls: 0 })
  const answer = interpretRouteAnswer(text, options.skills)
  const config = effectiveConfig(answer.skill, toolNames(options))
  if (!answer.skill) return { skill: null, config, systemPrompt: config.systemPrompt, reason: answer.reason }
  const argsLine = answer.args ? `\n\nArguments: ${JSON.stringify(answer.args)}` : ''
  const code = options.skillCode?.get(answer.skill.path)
  // The execute step (seed 004): a chosen skill with code runs with the validated arguments, and
  // its result goes to the model, which answers from it.
  const skill = answer.skill
  return {
    skill,
    config,
    systemPrompt: config.systemPrompt,
    reason: answer.reason,
    ...(argsLine ? { userMessage: `${options.utterance}${argsLine}` } : {}),
    ...(code && options.runCode ? { execute: () => executeSkill(skill, code, answer.args ?? {}, options, emit) } : {}),
  }
}

/** Runs the chosen skill's code and traces it; returns what the model is told about it. */
async function executeSkill(
  skill: Skill,
  code: SkillCode,
  args: Record<string, unknown>,
  options: RunOptions,
  emit: Emit,
): Promise<string> {
  const limit = (options.timeouts ?? DEFAULT_TIMEOUTS).local ?? DEFAULT_TIMEOUTS.local
  options.onWorking?.({ type: 'execute', name: code.entry })
  const outcome = await runSkillCode(code, args, options, options.signal, limit)
  const result = outcome.ok ? capResult({ result: outcome.result }).result : null
  const userMessage = userMessageOf(result)
  emit({
    type: 'execute',
    skill: skill.name,
    tool: codeToolName(skill),
    file: code.entry,
    arguments: JSON.stringify(args),
    result,
    error: outcome.ok ? null : { type: outcome.error.type === 'timeout' ? 'timeout' : 'failed', message: outcome.error.message },
    latencyMs: outcome.ms,
    userMessage,
    code: codeTrace(code.entry, outcome),
  })
  return codeResultNote(code.entry, outcome.ok ? { ok: true, result, userMessage } : { ok: false, message: outcome.error.message })
}

function runSkillCode(
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

function codeTrace(file: string, outcome: CodeRunOutcome): CodeTrace {
  return {
    file,
    stdout: outcome.stdout,
    stderr: outcome.stderr,
    ...(!outcome.ok && outcome.error.traceback ? { traceback: outcome.error.traceback } : {}),
  }
}

function userMessageOf(result: unknown): string | null {
  return result && typeof result === 'object' && 'user_message' in result ? String(result.user_message) : null
}

const specsOf = (tools: Map<string, RunnableTool>): ToolSpec[] =>
  [...tools.values()].map(({ name, description, parameters }) => ({ name, description, parameters }))

/** The active skill's `fallback`, when it names another skill not used yet in this run. */
function fallbackOf(skill: Skill | null, skills: readonly Skill[], used: ReadonlySet<string>): Skill | null {
  if (!skill?.fallback) return null
  const target = skills.find((candidate) => candidate.name === skill.fallback)
  return target && !used.has(target.path) ? target : null
}

const toolNames = (options: RunOptions) => (options.registry ?? builtinToolRegistry).names

function toolsFor(config: EffectiveConfig, skill: Skill | null, options: RunOptions, unavailable: string[]): Map<string, RunnableTool> {
  const tools = new Map<string, RunnableTool>()
  // Skills with code are tools too (seed 001's registry): the active skill's own code, or, with no
  // skill active, every skill's. A name a tool already has gets a "skill_" prefix.
  const withCode = skill ? [skill] : options.skills
  const codeTools: RunnableTool[] = []
  for (const candidate of withCode) {
    const code = options.skillCode?.get(candidate.path)
    if (!code || !options.runCode) continue
    codeTools.push({
      name: codeToolName(candidate),
      description: candidate.description,
      parameters: code.parameters ?? { type: 'object', properties: {} },
      kind: 'local',
      run: () => null,
      code: { file: code.entry, run: (args, signal, timeoutMs) => runSkillCode(code, args, options, signal, timeoutMs) },
    })
  }
  for (const visible of config.tools) {
    if (visible.missing) continue
    const own = skill?.tools[visible.name]
    if (own) {
      tools.set(visible.name, {
        name: visible.name,
        description: own.description,
        parameters: own.parameters,
        kind: 'local',
        run: () => own.mock,
      })
      continue
    }
    if (visible.name === LOAD_SKILL) {
      tools.set(LOAD_SKILL, loadSkillTool(options.skills))
      continue
    }
    const descriptor = (options.registry ?? builtinToolRegistry).get(visible.name)
    if (!descriptor) {
      unavailable.push(visible.name)
      continue
    }
    const { name, description, parameters, kind, load } = descriptor
    const mode = descriptor.runs === 'server' ? 'live' : descriptor.runs === 'mock' ? 'mock' : undefined
    tools.set(name, {
      name,
      description,
      parameters,
      kind,
      ...(mode ? { mode } : {}),
      ...(descriptor.timeoutMs !== undefined ? { timeoutMs: descriptor.timeoutMs } : {}),
      run: async (args, context) => (await load())(args, context),
    })
  }
  for (const tool of codeTools) {
    const name = tools.has(tool.name) ? `skill_${tool.name}`.slice(0, 64) : tool.name
    if (!tools.has(name)) tools.set(name, { ...tool, name })
  }
  return tools
}

/** The bundled-file tools for the skills opened so far (read_skill_file; run_skill_script where code can run). */
function skillFileToolsOf(opened: readonly SkillBundle[], options: RunOptions): EffectiveConfig['tools'] {
  if (opened.length === 0) return []
  const names = [READ_SKILL_FILE, ...(options.runCode && opened.some(hasScripts) ? [RUN_SKILL_SCRIPT] : [])]
  return names.map((name) => ({ name, source: 'builtin' as const, missing: false }))
}

/** `tools` with read_skill_file and run_skill_script described from the opened skills' files (replacing earlier ones). */
function withSkillFiles(tools: Map<string, RunnableTool>, opened: readonly SkillBundle[], options: RunOptions): Map<string, RunnableTool> {
  if (opened.length === 0) return tools
  const next = new Map(tools)
  const bySkill = (args: Record<string, unknown>) => {
    const bundle = opened.find((candidate) => candidate.skill === args.skill)
    if (!bundle)
      throw new ToolRefusal(
        `"${String(args.skill)}" is not a skill whose files are open here: ${opened.map((candidate) => candidate.skill).join(', ')}.`,
      )
    return bundle
  }
  next.set(READ_SKILL_FILE, { ...readSkillFileSpec(opened), kind: 'local', run: (args) => readSkillFile(bySkill(args), args) })
  const withScripts = opened.filter(hasScripts)
  if (options.runCode && withScripts.length > 0)
    next.set(RUN_SKILL_SCRIPT, {
      ...runSkillScriptSpec(withScripts),
      kind: 'local',
      run: () => null,
      script: (args) => {
        const bundle = bySkill(args)
        return { request: scriptRunRequest(bundle, args), skill: bundle.skill }
      },
    })
  return next
}

/** The disclosure step a successful call adds to the context: a body loaded, a file read, a script's output. */
async function disclosureOf(
  tool: string,
  result: unknown,
  skills: readonly Skill[],
  disclose: ReturnType<typeof disclosureCounter>,
  round: number,
): Promise<DistributiveOmit<TraceEvent, 'at'> | null> {
  if (tool === LOAD_SKILL && typeof result === 'string') {
    const skill = /^<skill name="([^"]*)">/.exec(result)?.[1] ?? null
    return { type: 'disclosure', level: 'body', round, skill, ...(await disclose(result)) }
  }
  if (!result || typeof result !== 'object') return null
  const record = result as Record<string, unknown>
  if (tool === READ_SKILL_FILE && typeof record.content === 'string')
    return {
      type: 'disclosure',
      level: 'file',
      round,
      skill: String(record.skill),
      path: String(record.path),
      ...(await disclose(record.content)),
    }
  if (tool === RUN_SKILL_SCRIPT && typeof record.path === 'string')
    return {
      type: 'disclosure',
      level: 'script',
      round,
      skill: String(record.skill),
      path: record.path,
      exitCode: typeof record.exit_code === 'number' ? record.exit_code : null,
      ...(await disclose(JSON.stringify(result))),
    }
  return null
}

function loadSkillTool(skills: readonly Skill[]): RunnableTool {
  return {
    ...loadSkillSpec(skills),
    kind: 'local',
    run: (args) => {
      const skill = skills.find((candidate) => candidate.name === args.name)
      if (!skill) throw new Error(`Unknown skill "${String(args.name)}". Available: ${skills.map((s) => s.name).join(', ')}.`)
      return `<skill name="${skill.name}">${skill.body}</skill>`
    },
  }
}

interface CallOutcome {
  result: unknown
  error: ToolError['error'] | null
  valid: boolean
  latencyMs: number
  code?: CodeTrace
}

type Finish = (result: unknown, error: ToolError['error'] | null, valid: boolean, code?: CodeTrace) => CallOutcome

async function callTool(call: ToolCall, tools: Map<string, RunnableTool>, options: RunOptions): Promise<CallOutcome> {
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

function normalizeArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text.trim()
  }
}

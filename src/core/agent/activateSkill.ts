import { message, type Message } from '../messages'
import {
  catalogListing,
  effectiveConfig,
  groupedRouting,
  scoreRouting,
  verdictMessage,
  type EffectiveConfig,
  type GroupedRouting,
  type RoutingResult,
} from '../routing'
import { codeToolName, type Skill, type SkillCode } from '../skill'
import { capResult } from './capText'
import { userMessageOf } from './callTool'
import { codeResultNote } from './codeResultNote'
import { disclosureCounter } from './disclosure'
import { askModelToRoute, interpretRouteAnswer, LOAD_SKILL, progressiveSystemPrompt } from './modelRouting'
import { DEFAULT_TIMEOUTS, type RunOptions } from './runOptions'
import { toolNames } from './runnableTools'
import { codeTrace, runSkillCode } from './runSkillCode'
import { said, type Emit } from './traceStep'

/** The skill a run works with (or none), its configuration, and why. */
export interface Activation {
  skill: Skill | null
  config: EffectiveConfig
  systemPrompt: string
  reason: Message
  /** Replaces the utterance as the user message (LLM routing appends the validated arguments). */
  userMessage?: string
  /** LLM routing's execute step, run right after the activation is traced; its note joins the user message. */
  execute?: () => Promise<string>
}

/** Step 1: the skill the run starts with: sticky, routed by keywords or by the model, or none. */
export async function activateSkill(options: RunOptions, emit: Emit): Promise<Activation | null> {
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

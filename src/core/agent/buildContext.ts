import { catalogListing } from '../routing'
import type { Skill } from '../skill'
import type { SkillBundle } from '../tools/skillFileTools'
import type { Activation } from './activateSkill'
import { disclosureCounter, type DisclosureSize } from './disclosure'
import type { RunOptions } from './runOptions'
import { skillFileToolsOf, specsOf, toolsFor, withSkillFiles, type RunnableTool } from './runnableTools'
import { textProtocolInstructions } from './textProtocol'
import { said, type Emit } from './traceStep'
import type { ChatMessage, ToolProtocol, ToolSpec } from './types'

/** What the rounds of a run share and change: the active skill, its tools, the messages sent. */
export interface AgentContext {
  /** The active skill: the one activated, until its fallback takes over. */
  activation: Activation
  protocol: ToolProtocol
  tools: Map<string, RunnableTool>
  toolSpecs: ToolSpec[]
  messages: ChatMessage[]
  /** The skills whose bundled files the agent may read or run: the active one, and each one loaded. */
  opened: SkillBundle[]
  maxRounds: number
  disclose: (text: string) => Promise<DisclosureSize>
  /** The skills active so far in this run (a fallback is never one of them). */
  usedSkills: Set<string>
  /** Failed tool calls of the active skill; at two, its `fallback` skill takes over (seed 001). */
  failures: number
  /** The last failed call (name and arguments): the same failure twice in a row stops the run. */
  lastFailure: string | null
}

/** Adds a skill's bundled files to those the agent may read or run; false when there was nothing new. */
export function openSkillFiles(opened: SkillBundle[], skill: Skill | null, options: RunOptions): boolean {
  const bundle = skill ? options.skillFiles?.get(skill.path) : undefined
  if (!bundle || opened.includes(bundle)) return false
  opened.push(bundle)
  return true
}

/** A skill's prompt as sent: with the text protocol, followed by the tools' instructions. */
export function systemPromptFor({ protocol, toolSpecs }: Pick<AgentContext, 'protocol' | 'toolSpecs'>, prompt: string): string {
  return prompt + (protocol === 'text' && toolSpecs.length > 0 ? textProtocolInstructions(toolSpecs) : '')
}

/**
 * Step 2: the context the first round sends: the active skill's tools and system prompt, traced
 * as the activation, then the history and the user's message (after LLM routing's execute step).
 */
export async function buildContext(activation: Activation, options: RunOptions, emit: Emit): Promise<AgentContext> {
  const protocol = options.toolProtocol ?? 'native'
  const unavailable: string[] = []
  const disclose = disclosureCounter(options.countTokens)
  const opened: SkillBundle[] = []
  openSkillFiles(opened, activation.skill, options)
  const tools = withSkillFiles(toolsFor(activation.config, activation.skill, options, unavailable), opened, options)
  const missingTools = [...activation.config.tools.filter((t) => t.missing).map((t) => t.name), ...unavailable]
  const toolSpecs: ToolSpec[] = specsOf(tools)
  const systemPrompt = systemPromptFor({ protocol, toolSpecs }, activation.systemPrompt)
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
  return {
    activation,
    protocol,
    tools,
    toolSpecs,
    messages,
    opened,
    maxRounds: activation.config.maxRounds,
    disclose,
    usedSkills: new Set<string>(activation.skill ? [activation.skill.path] : []),
    failures: 0,
    lastFailure: null,
  }
}

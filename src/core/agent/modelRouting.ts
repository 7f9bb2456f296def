import { catalogListing, DEFAULT_SYSTEM_PROMPT } from '../routing'
import type { Skill } from '../skill'
import { builtinToolRegistry, type ToolRegistry } from '../tools'
import type { ModelClient, ToolSpec } from './types'
import { validateArgs } from './validateArgs'
import { message, type Message } from '../messages'

export const LOAD_SKILL = 'load_skill'

/** The system prompt of progressive disclosure (docs/routing.md): the default prompt plus the catalog. */
export function progressiveSystemPrompt(skills: readonly Skill[]): string {
  return `${DEFAULT_SYSTEM_PROMPT}\n\nSkills you can load with ${LOAD_SKILL}(name) when one fits the request:\n${catalogListing(skills)}`
}

export function loadSkillSpec(skills: readonly Skill[]): ToolSpec {
  return {
    name: LOAD_SKILL,
    description: 'Load the full instructions of a skill by name.',
    parameters: { type: 'object', properties: { name: { type: 'string', enum: skills.map((s) => s.name) } }, required: ['name'] },
  }
}

export interface ModelCall {
  model: ModelClient
  utterance: string
  skills: readonly Skill[]
  signal: AbortSignal
  onText?: (delta: string) => void
  /** The tools the model is told about; the built-in ones unless given. */
  registry?: ToolRegistry
}

/** LLM routing (docs/routing.md): asks the model for {"skill", "args"} and returns its raw answer. */
export async function askModelToRoute({ model, utterance, skills, signal, onText }: ModelCall): Promise<string> {
  const candidates = skills.filter((skill) => skill.entryMode === 'auto')
  const listing = candidates
    .map(
      (skill) =>
        `- ${skill.name}: ${skill.description.replace(/\s+/g, ' ').trim()}${skill.parameters ? `\n  parameters: ${JSON.stringify(skill.parameters)}` : ''}`,
    )
    .join('\n')
  const prompt = `Choose the one skill that fits the user's request, or none.\nSkills:\n${listing}\n\nAnswer with JSON only: {"skill": "<name>", "args": {<arguments matching its parameters>}} or {"skill": null}.`
  const reply = await model.complete({
    messages: [
      { role: 'system', content: prompt },
      { role: 'user', content: utterance },
    ],
    tools: [],
    protocol: 'text',
    route: candidates.map((skill) => ({
      name: skill.name,
      description: skill.description,
      parameters: skill.parameters,
      triggerKeywords: skill.triggerKeywords,
    })),
    signal,
    onText: onText ?? (() => {}),
  })
  return reply.text
}

export type RouteAnswer = { skill: Skill; args: Record<string, unknown> | undefined; reason: Message } | { skill: null; reason: Message }

/** Reads the model's routing answer: a known skill with arguments valid against its `parameters`, or none (with why). */
export function interpretRouteAnswer(text: string, skills: readonly Skill[]): RouteAnswer {
  const candidates = skills.filter((skill) => skill.entryMode === 'auto')
  const json = /\{[\s\S]*\}/.exec(text)?.[0]
  let choice: { skill?: unknown; args?: unknown }
  try {
    choice = JSON.parse(json ?? 'null') ?? {}
  } catch {
    return { skill: null, reason: message('run.llmNotJson', { text: text.slice(0, 200) }) }
  }
  if (choice.skill === null || choice.skill === undefined) return { skill: null, reason: message('run.llmNone') }
  const skill = candidates.find((candidate) => candidate.name === choice.skill)
  if (!skill) return { skill: null, reason: message('run.llmUnknown', { skill: String(choice.skill) }) }
  if (!skill.parameters) return { skill, args: undefined, reason: message('run.llmChose', { skill: skill.name }) }
  const validation = validateArgs(skill.parameters, JSON.stringify(choice.args ?? {}))
  if (!validation.ok)
    return {
      skill: null,
      reason: message('run.llmInvalid', { skill: skill.name, problem: validation.message }),
    }
  return {
    skill,
    args: validation.value,
    reason: message('run.llmValid', { skill: skill.name, args: JSON.stringify(validation.value) }),
  }
}

/** Progressive disclosure's first step: which skill, if any, the model loads for this message. */
export async function askModelToLoad({
  model,
  utterance,
  skills,
  signal,
  registry = builtinToolRegistry,
}: ModelCall): Promise<string | null> {
  const tools: ToolSpec[] = [
    ...registry.tools.map(({ name, description, parameters }) => ({ name, description, parameters })),
    loadSkillSpec(skills),
  ]
  const reply = await model.complete({
    messages: [
      { role: 'system', content: progressiveSystemPrompt(skills) },
      { role: 'user', content: utterance },
    ],
    tools,
    protocol: 'native',
    signal,
    onText: () => {},
  })
  const call = reply.toolCalls.find((candidate) => candidate.name === LOAD_SKILL)
  if (!call) return null
  try {
    const name = (JSON.parse(call.arguments) as { name?: unknown }).name
    return typeof name === 'string' ? name : null
  } catch {
    return null
  }
}

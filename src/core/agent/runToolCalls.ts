import { message } from '../messages'
import type { Skill } from '../skill'
import { READ_SKILL_FILE, RUN_SKILL_SCRIPT } from '../tools/skillFileTools'
import { openSkillFiles, systemPromptFor, type AgentContext } from './buildContext'
import { callTool, userMessageOf } from './callTool'
import { capResult } from './capText'
import { stopRun, type RunEnd } from './finishRun'
import type { ToolRequest } from './modelRound'
import { LOAD_SKILL } from './modelRouting'
import type { RunOptions } from './runOptions'
import { specsOf, withSkillFiles } from './runnableTools'
import { fallbackOf, switchToFallback } from './switchToFallback'
import { formatSkillResults } from './textProtocol'
import { imageMessage, takeToolImages, type TraceImage } from './toolResultImages'
import type { Emit, TraceStep } from './traceStep'
import type { disclosureCounter } from './disclosure'

/**
 * Step 4: the tool calls a reply asked for, in order, each traced and answered to the model; a
 * loaded skill opens its files, two failures of the active skill hand over to its fallback, and
 * the same failed call twice in a row ends the run.
 */
export async function runToolCalls(
  context: AgentContext,
  round: number,
  { text, toolCalls }: ToolRequest,
  options: RunOptions,
  emit: Emit,
): Promise<RunEnd | null> {
  const { model, signal } = options
  const { protocol, messages } = context
  messages.push(protocol === 'text' ? { role: 'assistant', content: text } : { role: 'assistant', content: text, toolCalls })

  const textResults: { name: string; content: string }[] = []
  const fallback = fallbackOf(context.activation.skill, options.skills, context.usedSkills)
  let switchTo: Skill | null = null
  // Images the round's tools returned, for a model that takes them: sent after the tool results.
  const roundImages: (TraceImage & { tool: string })[] = []
  for (const call of toolCalls) {
    options.onWorking?.({ type: 'tool', name: call.name })
    const { images, ...outcome } = capResult(
      takeToolImages(await callTool(call, context.tools, options), call.name, model.takesImages === true),
    )
    const userMessage = userMessageOf(outcome.result)
    emit({
      type: 'tool',
      round,
      skill: context.activation.skill?.name ?? null,
      tool: call.name,
      arguments: call.arguments,
      valid: outcome.valid,
      result: outcome.result,
      error: outcome.error,
      latencyMs: outcome.latencyMs,
      precedingText: text,
      userMessage,
      ...(context.tools.get(call.name)?.mode ? { mode: context.tools.get(call.name)?.mode } : {}),
      ...(outcome.code ? { code: outcome.code } : {}),
      ...(images.length > 0 ? { images } : {}),
    })
    if (model.takesImages) roundImages.push(...images.map((image) => ({ ...image, tool: call.name })))
    const content = JSON.stringify(outcome.error ? { error: outcome.error } : outcome.result)
    if (!outcome.error) {
      const step = await disclosureOf(call.name, outcome.result, options.skills, context.disclose, round)
      if (step) emit(step)
      if (call.name === LOAD_SKILL) {
        // A loaded skill's bundled files become readable from the next round on.
        const loaded = options.skills.find((skill) => `<skill name="${skill.name}">${skill.body}</skill>` === outcome.result)
        if (openSkillFiles(context.opened, loaded ?? null, options)) {
          context.tools = withSkillFiles(context.tools, context.opened, options)
          context.toolSpecs = specsOf(context.tools)
          if (protocol === 'text') messages[0] = { role: 'system', content: systemPromptFor(context, context.activation.systemPrompt) }
        }
      }
    }
    if (protocol === 'text') textResults.push({ name: call.name, content })
    else messages.push({ role: 'tool', toolCallId: call.id, name: call.name, content })
    if (signal.aborted) return stopRun('aborted', message('run.abortedTool'))

    const key = `${call.name}\u0000${normalizeArguments(call.arguments)}`
    if (outcome.error) context.failures++
    if (outcome.error && fallback && context.failures >= 2) switchTo = fallback
    if (!outcome.error || switchTo) context.lastFailure = null
    else if (context.lastFailure === key) {
      return stopRun('repeated-failure', message('run.repeated', { tool: call.name }))
    } else context.lastFailure = key
  }
  if (protocol === 'text') messages.push({ role: 'user', content: formatSkillResults(textResults) })
  if (roundImages.length > 0) messages.push(imageMessage(roundImages))
  if (switchTo && context.activation.skill) await switchToFallback(context, context.activation.skill, switchTo, round, options, emit)
  return null
}

/** The disclosure step a successful call adds to the context: a body loaded, a file read, a script's output. */
async function disclosureOf(
  tool: string,
  result: unknown,
  skills: readonly Skill[],
  disclose: ReturnType<typeof disclosureCounter>,
  round: number,
): Promise<TraceStep | null> {
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

function normalizeArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text))
  } catch {
    return text.trim()
  }
}

import { message } from '../messages'
import { effectiveConfig } from '../routing'
import type { Skill } from '../skill'
import { openSkillFiles, systemPromptFor, type AgentContext } from './buildContext'
import type { RunOptions } from './runOptions'
import { specsOf, toolNames, toolsFor, withSkillFiles } from './runnableTools'
import { said, type Emit } from './traceStep'

/** The active skill's `fallback`, when it names another skill not used yet in this run. */
export function fallbackOf(skill: Skill | null, skills: readonly Skill[], used: ReadonlySet<string>): Skill | null {
  if (!skill?.fallback) return null
  const target = skills.find((candidate) => candidate.name === skill.fallback)
  return target && !used.has(target.path) ? target : null
}

/** The fallback skill takes over: its prompt, its tools and its round limit, for the rounds left. */
export async function switchToFallback(
  context: AgentContext,
  from: Skill,
  to: Skill,
  round: number,
  options: RunOptions,
  emit: Emit,
): Promise<void> {
  const config = effectiveConfig(to, toolNames(options))
  context.activation = {
    skill: to,
    config,
    systemPrompt: config.systemPrompt,
    reason: message('run.fallback', { from: from.name, to: to.name, failures: context.failures }),
  }
  context.usedSkills.add(to.path)
  openSkillFiles(context.opened, to, options)
  context.tools = withSkillFiles(toolsFor(config, to, options, []), context.opened, options)
  context.toolSpecs = specsOf(context.tools)
  const systemPrompt = systemPromptFor(context, config.systemPrompt)
  context.messages[0] = { role: 'system', content: systemPrompt }
  context.maxRounds = Math.max(context.maxRounds, round + config.maxRounds)
  context.failures = 0
  emit({ type: 'fallback', round, from: from.name, to: to.name, systemPrompt, ...said(context.activation.reason) })
  emit({ type: 'disclosure', level: 'body', round, skill: to.name, ...(await context.disclose(config.systemPrompt)) })
}

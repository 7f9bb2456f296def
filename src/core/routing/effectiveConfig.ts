import type { Skill } from '../skill'
import { SKILL_DEFAULTS } from '../skill'
import { BUILTIN_TOOL_NAMES } from '../tools'

export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful assistant. Answer the user directly, and call a tool only when it gives you facts you do not have.'

export interface VisibleTool {
  name: string
  source: 'builtin' | 'skill'
  /** Listed in `required_tools` but neither built in nor declared by the skill. */
  missing: boolean
}

/** What the agent runs with for one user message (docs/agent-loop.md): prompt, tools, round limit. */
export interface EffectiveConfig {
  skill: string | null
  systemPrompt: string
  tools: VisibleTool[]
  /** True when the skill narrows the tool list; false when every tool is visible. */
  narrowed: boolean
  maxRounds: number
}

/** `toolNames` are the tools that exist (a registry's names); the built-in ones unless told. */
export function effectiveConfig(skill: Skill | null, toolNames: readonly string[] = BUILTIN_TOOL_NAMES): EffectiveConfig {
  const allBuiltins = toolNames.map((name): VisibleTool => ({ name, source: 'builtin', missing: false }))
  if (!skill) {
    return { skill: null, systemPrompt: DEFAULT_SYSTEM_PROMPT, tools: allBuiltins, narrowed: false, maxRounds: SKILL_DEFAULTS.maxRounds }
  }
  const own = Object.keys(skill.tools).map((name): VisibleTool => ({ name, source: 'skill', missing: false }))
  const narrowed = skill.requiredTools.length > 0
  const required = [...new Set(skill.requiredTools)]
    .filter((name) => !(name in skill.tools))
    .map((name): VisibleTool => ({ name, source: 'builtin', missing: !toolNames.includes(name) }))
  return {
    skill: skill.name,
    systemPrompt: skill.body.trim() === '' ? DEFAULT_SYSTEM_PROMPT : skill.body,
    tools: narrowed ? [...required, ...own] : [...allBuiltins, ...own],
    narrowed,
    maxRounds: skill.maxRounds,
  }
}

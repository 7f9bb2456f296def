import type { Skill, SkillCode } from '../skill'
import type { CodeRunner } from '../code/codeRun'
import type { ToolContext, ToolKind, ToolRegistry } from '../tools'
import type { SkillBundle } from '../tools/skillFileTools'
import type { CountTokens } from './disclosure'
import type { RoutingMode, TraceEvent, WorkingStep } from './trace'
import type { ChatMessage, ModelClient, ToolProtocol } from './types'

export interface Timers {
  set: (callback: () => void, ms: number) => unknown
  clear: (handle: unknown) => void
}

/** What one run of the agent loop (runAgent) is given. */
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

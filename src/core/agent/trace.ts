import type { EffectiveConfig } from '../routing'
import type { Message } from '../messages'
import type { ToolError } from './types'
import type { TraceImage } from './toolResultImages'

/** How a run of a skill's code shows in the trace, beside its result. */
export interface CodeTrace {
  file: string
  stdout: string
  stderr: string
  traceback?: string
}

interface Stamped {
  /** Milliseconds since the run started. */
  at: number
}

/** Every step of a run, in order; the run view and the JSON download are both made from it. */
export type TraceEvent =
  | (Stamped & {
      type: 'activation'
      mode: RoutingMode
      skill: string | null
      reason: string
      config: EffectiveConfig
      /** `reason` as a catalog message, for the reader's language (absent in runs saved before it). */
      text?: Message
      missingTools: string[]
      /** The system prompt actually sent (absent in runs saved before it). */
      systemPrompt?: string
    })
  | (Stamped & { type: 'round'; round: number; maxRounds: number })
  | (Stamped & {
      type: 'model'
      round: number
      text: string
      latencyMs: number
      toolCalls: number
      usage?: { input: number; output: number }
      /** The model's reasoning for this reply (shown folded), when the server sent it. */
      reasoning?: string
    })
  | (Stamped & {
      type: 'tool'
      round: number
      skill: string | null
      tool: string
      arguments: string
      valid: boolean
      result: unknown
      error: ToolError['error'] | null
      latencyMs: number
      /** What the model said just before asking for this call. */
      precedingText: string
      userMessage: string | null
      /** "live": run by the server; "mock": answered by the user's mock rules; absent for in-page tools. */
      mode?: 'live' | 'mock'
      /** Set when the tool is a skill's code: the file run and what it printed. */
      code?: CodeTrace
      /** Images the tool returned (an MCP tool's, within the size limit), shown in the trace; described in `result`. */
      images?: TraceImage[]
    })
  /** LLM routing's execute step: the chosen skill's code ran with the validated arguments. */
  | (Stamped & {
      type: 'execute'
      skill: string
      /** The skill's code as a tool name (core/skill codeToolName), as evals and the timeline name it. */
      tool: string
      file: string
      arguments: string
      result: unknown
      error: { type: 'timeout' | 'failed'; message: string } | null
      latencyMs: number
      userMessage: string | null
      code: CodeTrace
    })
  /**
   * What entered the context at each level of progressive disclosure (docs/agent-loop.md): the
   * catalog of skills, a skill's body, a bundled file read, a script's output; with its size.
   */
  | (Stamped & {
      type: 'disclosure'
      level: 'catalog' | 'body' | 'file' | 'script'
      /** 0 for what the run starts with; else the round whose tool call brought it. */
      round: number
      skill: string | null
      /** The file read or the script run, relative to the skill's folder. */
      path?: string
      /** How many skills the catalog lists. */
      skills?: number
      /** A script's exit status. */
      exitCode?: number | null
      characters: number
      tokens: number
      /** True when the tokens are estimated from the characters (no tokenizer counted). */
      estimated: boolean
    })
  /** The active skill's tools failed twice: its `fallback` skill takes over from the next round. */
  | (Stamped & { type: 'fallback'; round: number; from: string; to: string; message: string; text?: Message; systemPrompt: string })
  | (Stamped & { type: 'final'; text: string })
  /** A later user turn of the conversation begins (the first turn is the run's utterance). */
  | (Stamped & { type: 'turn'; turn: number; utterance: string })
  | (Stamped & { type: 'stopped'; reason: 'round-limit' | 'repeated-failure' | 'aborted' | 'model-error'; message: string; text?: Message })

export type RoutingMode = 'keyword' | 'grouped' | 'progressive' | 'llm' | 'none'

export const ROUTING_MODES: { value: RoutingMode; label: string }[] = [
  { value: 'keyword', label: 'Keyword routing' },
  { value: 'grouped', label: 'Grouped (group, then skill)' },
  { value: 'progressive', label: 'Progressive disclosure (load_skill)' },
  { value: 'llm', label: 'LLM routing (model picks a skill)' },
  { value: 'none', label: 'None (one prompt, all tools)' },
]

/** A step that is running: a tool call, or the chosen skill's code (LLM routing's execute step). */
export type WorkingStep = { type: 'tool' | 'execute'; name: string }

/** One run of the agent as the run view keeps it (and autosave stores it). */
export interface AgentRun {
  id: string
  utterance: string
  startedAt: string
  mode: RoutingMode
  model: string
  events: TraceEvent[]
  /** Text (and reasoning) streamed in the round now running, before its model event lands. */
  streaming: { round: number; text: string; reasoning?: string } | null
  /** A tool call or the skill's code now running, before its event lands (not kept across reloads). */
  working?: WorkingStep | null
  status: 'running' | 'done' | 'aborted' | 'failed'
}

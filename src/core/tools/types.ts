import type { JsonSchema } from '../skill'
import type { DemoDatabase } from './executeSql'

/** Which time-out applies (docs/agent-loop.md): in-page work, a mocked outside service, or a call the server makes. */
export type ToolKind = 'local' | 'external' | 'live'

/**
 * Where a call of the tool is answered: 'page' in the page's own thread; 'isolated' in a worker the
 * page can terminate (work that can run away: docs/agent-loop.md); 'mock' from the user's mock
 * rules (edited in the Tools tab); 'server' by the team server (a built-in set to Live, or an MCP
 * tool: docs/live-tools.md). A built-in tool is described as 'page', 'isolated' or 'mock'.
 */
export type ToolRuns = 'page' | 'isolated' | 'mock' | 'server'

/** Everything a tool may touch: passed in, so tools stay pure and testable. */
export interface ToolContext {
  files: VirtualFiles
  knowledge: readonly KnowledgeDocument[]
  mocks: Readonly<Record<string, readonly MockRule[]>>
  now: () => Date
  /** The SQLite demo database, loaded on first use by the host (browser or Node). */
  database?: () => Promise<DemoDatabase>
  signal: AbortSignal
}

export interface KnowledgeDocument {
  id: string
  title: string
  text: string
}

/** A canned answer for a mocked tool: used when every `when` key equals (or contains) the argument. */
export interface MockRule {
  when?: Record<string, string | number | boolean>
  response: unknown
}

/** The workspace's virtual file system, as tools see it. */
export interface VirtualFiles {
  read: (path: string) => string | undefined
  write: (path: string, content: string) => void
  list: () => string[]
}

/** How a tool runs, given its validated arguments and what it may touch. */
export type ToolRun = (args: Record<string, unknown>, context: ToolContext) => unknown

/**
 * A tool as everyone sees it: the editor's hovers and completions, the lint, the Tools tab and
 * the model all read `description` and `parameters` from here. The code that runs it is loaded
 * on first use, so describing a tool never pulls its engine (mathjs, sql.js, minisearch) in.
 */
export interface ToolDescriptor {
  name: string
  description: string
  parameters: JsonSchema
  /** External-style tools get the shorter timeout (docs/agent-loop.md). */
  kind: ToolKind
  /** Where a call is answered; the trace marks a 'server' call "live" and a 'mock' call "mock". */
  runs: ToolRuns
  /** A mocked built-in the server can also run for real, when the user sets it to Live. */
  liveVersion?: boolean
  /** The MCP server an MCP tool comes from. */
  server?: string
  /** How long a run waits for it, when not its kind's time-out (an MCP tool: as long as its server waits). */
  timeoutMs?: number
  load: () => Promise<ToolRun>
}

/** Thrown by a tool for a security refusal; becomes a `refused` error result. */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal'
}

import type { JsonSchema } from '../skill'
import type { DemoDatabase } from './executeSql'

export type ToolKind = 'local' | 'external'

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

export interface ToolDefinition {
  name: string
  description: string
  parameters: JsonSchema
  /** External-style tools get the shorter timeout (SPEC §4). */
  kind: ToolKind
  run: (args: Record<string, unknown>, context: ToolContext) => unknown
}

/** Thrown by a tool for a security refusal; becomes a `refused` error result. */
export class ToolRefusal extends Error {
  override name = 'ToolRefusal'
}

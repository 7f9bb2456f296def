import { BUILTIN_TOOLS } from './builtinTools'
import type { ToolDescriptor } from './types'

/** The tools that exist, by name: one registry serves the editor, the lint, the Tools tab and the agent. */
export interface ToolRegistry {
  readonly tools: readonly ToolDescriptor[]
  readonly names: readonly string[]
  get: (name: string) => ToolDescriptor | undefined
  has: (name: string) => boolean
}

export function createToolRegistry(tools: readonly ToolDescriptor[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool]))
  if (byName.size !== tools.length) throw new Error('Two tools in one registry have the same name.')
  return { tools, names: tools.map((tool) => tool.name), get: (name) => byName.get(name), has: (name) => byName.has(name) }
}

/** The built-in tools of every workspace. */
export const builtinToolRegistry: ToolRegistry = createToolRegistry(BUILTIN_TOOLS)

export const BUILTIN_TOOL_NAMES: readonly string[] = builtinToolRegistry.names

export function isBuiltinTool(name: string): boolean {
  return builtinToolRegistry.has(name)
}

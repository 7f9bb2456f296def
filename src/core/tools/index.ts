export { BUILTIN_TOOLS, DEFAULT_MAX_CHARS, ISOLATED_TOOL_NAMES, MAX_EXPRESSION } from './builtinTools'
export { BUILTIN_TOOL_NAMES, builtinToolRegistry, createToolRegistry, isBuiltinTool } from './toolRegistry'
export type { ToolRegistry } from './toolRegistry'
export { ToolRefusal } from './types'
export {
  LIVE_BUILTIN_TOOL_NAMES,
  MCP_NAME_SEPARATOR,
  mcpToolName,
  offersLive,
  registryWithServerTools,
  TOOL_NAME_PATTERN,
  withLiveRunners,
} from './liveTools'
export type { LiveToolInfo, McpServerStatus, ServerToolCall, ServerTools, ToolMode } from './liveTools'
export type { KnowledgeDocument, MockRule, ToolContext, ToolDescriptor, ToolKind, ToolRun, VirtualFiles } from './types'

export { BUILTIN_TOOLS, BUILTIN_TOOL_NAMES, isBuiltinTool } from './catalog'
export type { BuiltinToolName } from './catalog'

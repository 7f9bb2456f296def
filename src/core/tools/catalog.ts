/** The built-in tool catalog of SPEC §4: names and what each is for. */
export const BUILTIN_TOOLS = [
  { name: 'calculator', description: 'Evaluate an arithmetic expression safely (no code execution).' },
  { name: 'current_datetime', description: 'The current date, time and weekday.' },
  { name: 'file_read', description: 'Read a file from the workspace file system.' },
  { name: 'file_write', description: 'Write a file to the workspace file system.' },
  { name: 'file_list', description: 'List files in the workspace file system.' },
  { name: 'search_knowledge', description: 'Full-text search over the knowledge documents.' },
  { name: 'execute_sql', description: 'Run a read-only SQL query on the demo database.' },
  { name: 'web_search', description: 'Search the web (mocked in the page).' },
  { name: 'web_fetch', description: 'Fetch a web page as Markdown (mocked in the page).' },
  { name: 'get_weather', description: "A city's weather today (mocked in the page)." },
  { name: 'extract_structured', description: 'Extract structured fields from text (mocked in the page).' },
] as const

export type BuiltinToolName = (typeof BUILTIN_TOOLS)[number]['name']

export const BUILTIN_TOOL_NAMES: readonly string[] = BUILTIN_TOOLS.map((tool) => tool.name)

export function isBuiltinTool(name: string): name is BuiltinToolName {
  return BUILTIN_TOOL_NAMES.includes(name)
}

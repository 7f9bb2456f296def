/**
 * The built-in tools, described once. This module stays light: each tool's engine is imported
 * by its `load()`, the first time the tool runs.
 */
import type { ToolDescriptor } from './types'

export const DEFAULT_MAX_CHARS = 3000

export const MAX_EXPRESSION = 500

/** A tool the page answers from the user's mock rules; `liveVersion`: the server can also run it for real. */
const mocked = (name: string, description: string, parameters: ToolDescriptor['parameters'], liveVersion = false): ToolDescriptor => ({
  name,
  description,
  parameters,
  kind: 'external',
  runs: 'mock',
  ...(liveVersion ? { liveVersion } : {}),
  load: () => import('./mockTools').then((module) => module.runMock(name)),
})

export const BUILTIN_TOOLS: readonly ToolDescriptor[] = [
  {
    name: 'calculator',
    kind: 'local',
    runs: 'isolated',
    description: 'Evaluate an arithmetic expression exactly: + - * / ^ % parentheses, sqrt, log, sin, etc. Returns the numeric result.',
    parameters: {
      type: 'object',
      properties: {
        expression: {
          type: 'string',
          description: 'The expression, e.g. "2^20" or "sqrt(2) * 3"',
          minLength: 1,
          maxLength: MAX_EXPRESSION,
        },
      },
      required: ['expression'],
      additionalProperties: false,
    },
    load: () => import('./calculator').then((module) => module.runCalculator),
  },
  {
    name: 'current_datetime',
    kind: 'local',
    runs: 'page',
    description: 'The current date, time and weekday (ISO 8601), optionally in an IANA time zone such as "Asia/Shanghai".',
    parameters: { type: 'object', properties: { timezone: { type: 'string' } }, additionalProperties: false },
    load: () => import('./currentDatetime').then((module) => module.runCurrentDatetime),
  },
  {
    name: 'file_read',
    kind: 'local',
    runs: 'page',
    description: 'Read a text file from the workspace file system. Long files are cut at max_chars and flagged truncated.',
    parameters: {
      type: 'object',
      properties: {
        file_path: { type: 'string', description: 'Path relative to the workspace root, e.g. "notes/todo.md"' },
        max_chars: { type: 'integer', minimum: 1, maximum: 100000, default: DEFAULT_MAX_CHARS },
      },
      required: ['file_path'],
      additionalProperties: false,
    },
    load: () => import('./fileTools').then((module) => module.runFileRead),
  },
  {
    name: 'file_write',
    kind: 'local',
    runs: 'page',
    description: 'Write (create or replace) a text file in the workspace file system.',
    parameters: {
      type: 'object',
      properties: { file_path: { type: 'string' }, content: { type: 'string' } },
      required: ['file_path', 'content'],
      additionalProperties: false,
    },
    load: () => import('./fileTools').then((module) => module.runFileWrite),
  },
  {
    name: 'file_list',
    kind: 'local',
    runs: 'page',
    description: 'List the files in the workspace file system, optionally under a folder.',
    parameters: { type: 'object', properties: { folder: { type: 'string' } }, additionalProperties: false },
    load: () => import('./fileTools').then((module) => module.runFileList),
  },
  {
    name: 'search_knowledge',
    kind: 'local',
    runs: 'page',
    description: 'Full-text search over the knowledge documents of the workspace. Returns the best matching passages with their titles.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 }, top_k: { type: 'integer', minimum: 1, maximum: 10, default: 3 } },
      required: ['query'],
      additionalProperties: false,
    },
    load: () => import('./searchKnowledge').then((module) => module.runSearchKnowledge),
  },
  {
    name: 'execute_sql',
    kind: 'local',
    runs: 'isolated',
    description:
      'Run one read-only SQL query (SQLite) on the business database: tables orders(id, user_id, date, amount, status), users(id, name, city, signup_date), inventory(sku, name, stock, warehouse). Writes are refused.',
    parameters: {
      type: 'object',
      properties: {
        sql: { type: 'string', minLength: 1, description: 'One SELECT (or WITH … SELECT) statement' },
        db_name: { type: 'string', enum: ['orders', 'users', 'inventory'], description: 'The table the question is mainly about' },
        limit: { type: 'integer', minimum: 1, maximum: 5000, default: 100 },
      },
      required: ['sql'],
      additionalProperties: false,
    },
    load: () => import('./executeSql').then((module) => module.runExecuteSql),
  },
  mocked(
    'web_search',
    'Search the web. Returns titles, URLs and snippets.',
    {
      type: 'object',
      properties: { query: { type: 'string', minLength: 1 } },
      required: ['query'],
      additionalProperties: false,
    },
    true,
  ),
  mocked(
    'web_fetch',
    'Fetch a web page and return its main text as Markdown.',
    {
      type: 'object',
      properties: { url: { type: 'string', pattern: '^https?://' } },
      required: ['url'],
      additionalProperties: false,
    },
    true,
  ),
  mocked(
    'get_weather',
    "Today's weather for a city the user named.",
    {
      type: 'object',
      properties: { city: { type: 'string', minLength: 1 } },
      required: ['city'],
      additionalProperties: false,
    },
    true,
  ),
  mocked('extract_structured', 'Extract named fields from a text as JSON.', {
    type: 'object',
    properties: { text: { type: 'string' }, fields: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    required: ['text', 'fields'],
    additionalProperties: false,
  }),
]

/**
 * Tools whose work can run away (a recursive calculator function, a recursive SQL query): the page
 * runs them in a worker it can terminate on a timeout or Abort. See docs/agent-loop.md.
 */
export const ISOLATED_TOOL_NAMES: readonly string[] = BUILTIN_TOOLS.filter((tool) => tool.runs === 'isolated').map((tool) => tool.name)

/** Built-in tools the server can run for real (docs/live-tools.md); each is mocked in the page unless set to Live. */
export const LIVE_BUILTIN_TOOL_NAMES: readonly string[] = BUILTIN_TOOLS.filter((tool) => tool.liveVersion === true).map((tool) => tool.name)

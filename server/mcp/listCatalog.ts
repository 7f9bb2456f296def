/**
 * What an MCP server offers besides tools, for the Tools tab to list (read only, as the MCP
 * Inspector does): its resources, resource templates and prompts. Each list is read page by page
 * within CATALOG_LIMITS and the connect deadline; a list that fails or goes on is kept as far as it
 * was read and says why, and never fails the server: its tools work whatever these lists do.
 */
import type { McpCatalog, McpCatalogEntry } from '../../src/core/tools/liveTools'

export const CATALOG_LIMITS = {
  pages: 20,
  /** Entries kept per list. */
  entries: 500,
  /** A description is cut here; a URI, name or MIME type at `field`. */
  description: 1000,
  field: 2000,
  /** A prompt's arguments kept. */
  arguments: 50,
  cursorLength: 4096,
} as const

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const cut = (value: unknown, limit: number): string | undefined =>
  typeof value === 'string' && value !== '' ? (value.length > limit ? `${value.slice(0, limit)}…` : value) : undefined

type ListKind = 'resources' | 'resourceTemplates' | 'prompts'

const LISTS: { kind: ListKind; method: string; key: string; id: string; capability: 'resources' | 'prompts'; label: string }[] = [
  { kind: 'resources', method: 'resources/list', key: 'resources', id: 'uri', capability: 'resources', label: 'resources' },
  {
    kind: 'resourceTemplates',
    method: 'resources/templates/list',
    key: 'resourceTemplates',
    id: 'uriTemplate',
    capability: 'resources',
    label: 'resource templates',
  },
  { kind: 'prompts', method: 'prompts/list', key: 'prompts', id: 'name', capability: 'prompts', label: 'prompts' },
]

function entryOf(value: unknown, id: string): McpCatalogEntry | null {
  if (!isObject(value)) return null
  const key = cut(value[id], CATALOG_LIMITS.field)
  if (key === undefined) return null
  const name = cut(value.title, CATALOG_LIMITS.field) ?? cut(value.name, CATALOG_LIMITS.field)
  const description = cut(value.description, CATALOG_LIMITS.description)
  const mimeType = cut(value.mimeType, 200)
  const args = Array.isArray(value.arguments)
    ? value.arguments
        .filter(isObject)
        .slice(0, CATALOG_LIMITS.arguments)
        .flatMap((argument) => {
          const argumentName = cut(argument.name, 200)
          if (argumentName === undefined) return []
          const argumentDescription = cut(argument.description, CATALOG_LIMITS.description)
          return [
            {
              name: argumentName,
              ...(argumentDescription ? { description: argumentDescription } : {}),
              ...(argument.required === true ? { required: true } : {}),
            },
          ]
        })
    : undefined
  return {
    id: key,
    ...(name && name !== key ? { name } : {}),
    ...(description ? { description } : {}),
    ...(mimeType ? { mimeType } : {}),
    ...(args && args.length > 0 ? { arguments: args } : {}),
  }
}

/** One request to the server (the hub's client): a method, its params, the time it may take. */
export type CatalogRequest = (method: string, params: Record<string, unknown>, timeoutMs: number) => Promise<Record<string, unknown>>

/**
 * Every list the server's capabilities announce, read before `deadline` (a time on Date.now's
 * clock). `request` is the hub's: the MCP SDK has one owner.
 */
export async function listCatalog(
  request: CatalogRequest,
  capabilities: { resources?: unknown; prompts?: unknown },
  deadline: number,
): Promise<McpCatalog> {
  const catalog: McpCatalog = {}
  const notes: string[] = []
  for (const list of LISTS) {
    if (!capabilities[list.capability]) continue
    const entries: McpCatalogEntry[] = []
    const cursors = new Set<string>()
    let cursor: string | undefined
    try {
      for (let page = 1; ; page++) {
        const result = await request(list.method, cursor ? { cursor } : {}, Math.max(1, deadline - Date.now()))
        const listed: unknown = result[list.key]
        if (!Array.isArray(listed)) throw new Error(`its ${list.method} answer has no "${list.key}" list`)
        for (const value of listed) {
          const entry = entryOf(value, list.id)
          if (entry && entries.length < CATALOG_LIMITS.entries) entries.push(entry)
        }
        cursor = typeof result.nextCursor === 'string' && result.nextCursor !== '' ? result.nextCursor : undefined
        if (cursor === undefined) break
        if (entries.length >= CATALOG_LIMITS.entries || page === CATALOG_LIMITS.pages) {
          notes.push(`Only the first ${entries.length} ${list.label} are listed.`)
          break
        }
        if (cursors.has(cursor) || cursor.length > CATALOG_LIMITS.cursorLength) {
          notes.push(`Its ${list.label} listing sent a page cursor it had sent before, or one too long: the first pages are listed.`)
          break
        }
        cursors.add(cursor)
      }
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error)
      notes.push(`Its ${list.label} could not be listed: ${text.slice(0, 300)}`)
    }
    catalog[list.kind] = entries
  }
  return { ...catalog, ...(notes.length > 0 ? { notes } : {}) }
}

/**
 * What an MCP tool's result holds besides text (docs/live-tools.md, "Images, resources and
 * links"): the server reads the MCP content items into these shapes, within these limits, and the
 * page shows them in the trace and gives them to the model. Shared by the server (which bounds
 * them) and the agent loop (which describes them to the model).
 */

/** The bounds one result's content is read within. */
export const MCP_CONTENT_LIMITS = {
  /** An image larger than this (decoded) is described, not shown or sent. */
  imageBytes: 1024 * 1024,
  /** An embedded resource's text is cut here. */
  resourceText: 20_000,
  /** Content items read from one result; the rest are counted. */
  items: 50,
  /** A URI, name, MIME type or description from the server is cut here. */
  field: 2000,
} as const

/** Image types a page can show in an <img> and a model can read; any other is described only. */
export const SHOWN_IMAGE_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp']

export type McpContentItem =
  /** `data` (base64) is absent when the image is over the limit or not a type we show. */
  | { type: 'image'; mimeType: string; bytes: number; data?: string; omitted?: 'too-large' | 'type' }
  | { type: 'audio'; mimeType: string; bytes: number }
  /** An embedded resource: its text (cut at the limit), or for a blob its size. */
  | { type: 'resource'; uri: string; mimeType?: string; text?: string; truncated?: boolean; bytes?: number }
  | { type: 'resource_link'; uri: string; name: string; mimeType?: string; description?: string }
  /** A content type this version does not know: named, nothing else. */
  | { type: 'unknown'; name: string }

/** An MCP tool's result as the server hands it to the page. */
export interface McpToolResult {
  text?: string
  structured?: unknown
  /** Every item that is not text, in the server's order. */
  content?: McpContentItem[]
  /** Items past MCP_CONTENT_LIMITS.items, left out. */
  moreContent?: number
}

/** Bytes that `length` characters of base64 decode to. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding)
}

/** A size in words, as the trace and the model read it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** The content items of a tool result shaped as McpToolResult, or none. */
export function mcpContentOf(result: unknown): McpContentItem[] {
  if (!isObject(result) || !Array.isArray(result.content)) return []
  return result.content.filter((item): item is McpContentItem => isObject(item) && typeof item.type === 'string')
}

/** One content item in a sentence, for a model that cannot see it (and beside the image for one that can). */
export function describeContentItem(item: McpContentItem, tool: string): string {
  switch (item.type) {
    case 'image':
      return `An image (${item.mimeType}, ${formatBytes(item.bytes)}) from ${tool}${
        item.omitted === 'too-large'
          ? `: over ${formatBytes(MCP_CONTENT_LIMITS.imageBytes)}, so it is not shown`
          : item.omitted === 'type'
            ? ': a type the playground does not show'
            : ''
      }.`
    case 'audio':
      return `An audio clip (${item.mimeType}, ${formatBytes(item.bytes)}) from ${tool}; audio is not played or sent to the model.`
    case 'resource':
      return item.text !== undefined
        ? `A resource ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ''}${item.truncated ? ', its text cut' : ''}.`
        : `A binary resource ${item.uri} (${[item.mimeType, item.bytes !== undefined ? formatBytes(item.bytes) : undefined].filter(Boolean).join(', ') || 'no type given'}) from ${tool}; its bytes are not read.`
    case 'resource_link':
      return `A link to the resource ${item.uri} named "${item.name}"${item.mimeType ? ` (${item.mimeType})` : ''}.`
    case 'unknown':
      return `Content of type "${item.name}", which the playground does not read.`
  }
}

/**
 * An MCP tool result's content list, read into what the page gets (src/core/tools/mcpContent.ts):
 * text joined, and every other item (image, audio, embedded resource, resource link) kept in
 * order within MCP_CONTENT_LIMITS. The content is the server's: every field is checked for its
 * type and cut to its bound before it goes anywhere.
 */
import {
  base64Bytes,
  MCP_CONTENT_LIMITS,
  SHOWN_IMAGE_TYPES,
  type McpContentItem,
  type McpToolResult,
} from '../../src/core/tools/mcpContent'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A string field of the server's, cut to the bound; undefined when it is not a string. */
const field = (value: unknown, limit: number = MCP_CONTENT_LIMITS.field): string | undefined =>
  typeof value === 'string' ? (value.length > limit ? `${value.slice(0, limit)}…` : value) : undefined

/** base64 as the MCP specification sends it (standard alphabet, padding optional, no line breaks expected). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

function readItem(part: Record<string, unknown>): McpContentItem | null {
  switch (part.type) {
    case 'text':
      return null
    case 'image': {
      const data = typeof part.data === 'string' ? part.data.replace(/\s+/g, '') : ''
      const mimeType = field(part.mimeType, 100) ?? 'image'
      const bytes = base64Bytes(data)
      const omitted =
        bytes > MCP_CONTENT_LIMITS.imageBytes
          ? ('too-large' as const)
          : !SHOWN_IMAGE_TYPES.includes(mimeType) || !BASE64.test(data)
            ? ('type' as const)
            : null
      return { type: 'image', mimeType, bytes, ...(omitted ? { omitted } : { data }) }
    }
    case 'audio':
      return {
        type: 'audio',
        mimeType: field(part.mimeType, 100) ?? 'audio',
        bytes: base64Bytes(typeof part.data === 'string' ? part.data : ''),
      }
    case 'resource': {
      const resource = isObject(part.resource) ? part.resource : {}
      const uri = field(resource.uri) ?? ''
      const mimeType = field(resource.mimeType, 100)
      if (typeof resource.text === 'string') {
        const truncated = resource.text.length > MCP_CONTENT_LIMITS.resourceText
        return {
          type: 'resource',
          uri,
          ...(mimeType ? { mimeType } : {}),
          text: truncated ? resource.text.slice(0, MCP_CONTENT_LIMITS.resourceText) : resource.text,
          ...(truncated ? { truncated } : {}),
        }
      }
      return {
        type: 'resource',
        uri,
        ...(mimeType ? { mimeType } : {}),
        bytes: base64Bytes(typeof resource.blob === 'string' ? resource.blob : ''),
      }
    }
    case 'resource_link': {
      const mimeType = field(part.mimeType, 100)
      const description = field(part.description)
      return {
        type: 'resource_link',
        uri: field(part.uri) ?? '',
        name: field(part.name, 200) ?? field(part.title, 200) ?? '',
        ...(mimeType ? { mimeType } : {}),
        ...(description ? { description } : {}),
      }
    }
    default:
      return { type: 'unknown', name: field(part.type, 100) ?? typeof part.type }
  }
}

/** The page's view of a result's content list: its text, and its other items within the bounds. */
export function readToolContent(content: unknown): Pick<McpToolResult, 'text' | 'content' | 'moreContent'> {
  const parts = Array.isArray(content) ? content.filter(isObject) : []
  const text = parts
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text as string)
    .join('\n')
  const items: McpContentItem[] = []
  let more = 0
  for (const part of parts) {
    const item = readItem(part)
    if (item === null) continue
    if (items.length === MCP_CONTENT_LIMITS.items) more++
    else items.push(item)
  }
  return { ...(text ? { text } : {}), ...(items.length > 0 ? { content: items } : {}), ...(more > 0 ? { moreContent: more } : {}) }
}

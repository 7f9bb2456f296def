/**
 * Base64 in an MCP result's structured content, left out (docs/live-tools.md, "Images, resources
 * and links"). Some servers repeat their content items there: server-filesystem's read_media_file
 * answers `structuredContent: {content: [{type: "image", data, mimeType}]}` beside the same image
 * in `content`. The structured content goes to the trace and to the model as JSON text, so those
 * bytes would reach the model as characters (a 1 MB image as 1.3 M of them) and, for an image over
 * the limit, pass the limit the content item keeps. Here an image's or audio's `data` and a
 * resource's `blob` become a note of their size; the content item keeps the image.
 */
import { base64Bytes, formatBytes } from '../../src/core/tools/mcpContent'

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

/** What stands in for the base64 left out. */
export const binaryNote = (base64: string) => `[base64 left out: ${formatBytes(base64Bytes(base64.replace(/\s+/g, '')))}]`

/** Which field of `value` holds base64 by the MCP content shapes: an image's or audio's `data`, an embedded resource's `blob`. */
function binaryField(value: Record<string, unknown>): 'data' | 'blob' | null {
  if ((value.type === 'image' || value.type === 'audio') && typeof value.data === 'string') return 'data'
  if (typeof value.blob === 'string' && (typeof value.uri === 'string' || typeof value.mimeType === 'string')) return 'blob'
  return null
}

/**
 * A copy of `value` with the base64 of every content-shaped object in it replaced by its size.
 * `value` is bounded by boundJson first (depth 64), so this walk's recursion is bounded too.
 */
export function leaveOutBinary(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(leaveOutBinary)
  if (!isObject(value)) return value
  const field = binaryField(value)
  const copy: Record<string, unknown> = {}
  for (const [key, entry] of Object.entries(value)) copy[key] = key === field ? binaryNote(entry as string) : leaveOutBinary(entry)
  return copy
}

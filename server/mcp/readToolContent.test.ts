import { describe, expect, it } from 'vitest'
import { MCP_CONTENT_LIMITS } from '../../src/core/tools/mcpContent'
import { readToolContent } from './readToolContent'

describe('an MCP result’s content, as a careless or hostile server sends it', () => {
  it('keeps no bytes of an image it would not show: an SVG, bytes that are not base64, one over the limit', () => {
    expect(
      readToolContent([
        { type: 'image', mimeType: 'image/svg+xml', data: 'PHN2Zz48L3N2Zz4=' },
        { type: 'image', mimeType: 'image/png', data: '"><script>alert(1)</script>' },
        { type: 'image', mimeType: 'image/png', data: 'A'.repeat(Math.ceil((MCP_CONTENT_LIMITS.imageBytes * 4) / 3) + 8) },
        { type: 'image', mimeType: 'image/png', data: 'iVBO\nRw0K' },
      ]).content,
    ).toEqual([
      { type: 'image', mimeType: 'image/svg+xml', bytes: 11, omitted: 'type' },
      { type: 'image', mimeType: 'image/png', bytes: 20, omitted: 'type' },
      { type: 'image', mimeType: 'image/png', bytes: MCP_CONTENT_LIMITS.imageBytes + 6, omitted: 'too-large' },
      // Line breaks inside base64 are dropped, as decoders do.
      { type: 'image', mimeType: 'image/png', bytes: 6, data: 'iVBORw0K' },
    ])
  })

  it('cuts a resource’s text and long fields, reads fields of the wrong type as absent, and names unknown types', () => {
    const { content } = readToolContent([
      { type: 'resource', resource: { uri: 'file:///big.txt', text: 'x'.repeat(MCP_CONTENT_LIMITS.resourceText + 5) } },
      { type: 'resource_link', uri: 'u'.repeat(5000), name: 42, mimeType: { not: 'a string' } },
      { type: 'audio', data: 7 },
      { type: 'hologram' },
      'not an object',
      null,
    ])
    expect(content?.[0]).toEqual({
      type: 'resource',
      uri: 'file:///big.txt',
      text: 'x'.repeat(MCP_CONTENT_LIMITS.resourceText),
      truncated: true,
    })
    expect(content?.[1]).toEqual({ type: 'resource_link', uri: `${'u'.repeat(MCP_CONTENT_LIMITS.field)}…`, name: '' })
    expect(content?.slice(2)).toEqual([
      { type: 'audio', mimeType: 'audio', bytes: 0 },
      { type: 'unknown', name: 'hologram' },
    ])
  })

  it('keeps the first items and counts the rest', () => {
    const many = Array.from({ length: MCP_CONTENT_LIMITS.items + 3 }, (_, index) => ({
      type: 'resource_link',
      uri: `demo://${index}`,
      name: `${index}`,
    }))
    const read = readToolContent([{ type: 'text', text: 'links:' }, ...many])
    expect(read).toMatchObject({ text: 'links:', moreContent: 3 })
    expect(read.content).toHaveLength(MCP_CONTENT_LIMITS.items)
  })
})

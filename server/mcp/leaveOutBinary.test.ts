import { describe, expect, it } from 'vitest'
import { leaveOutBinary } from './leaveOutBinary'

describe('base64 in an MCP result’s structured content', () => {
  it('leaves out an image’s and audio’s data and a resource’s blob, at any depth, with their size', () => {
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='
    expect(
      leaveOutBinary({
        content: [
          { type: 'image', data: png, mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
        ],
        nested: { resource: { uri: 'file:///a.bin', blob: 'AAECAw==' } },
      }),
    ).toEqual({
      content: [
        { type: 'image', data: '[base64 left out: 70 B]', mimeType: 'image/png' },
        { type: 'audio', data: '[base64 left out: 3 B]', mimeType: 'audio/wav' },
      ],
      nested: { resource: { uri: 'file:///a.bin', blob: '[base64 left out: 4 B]' } },
    })
  })

  it('keeps everything else as it is, `data` and `blob` of other shapes included', () => {
    const value = {
      data: 'kept',
      type: 'text',
      text: 'kept',
      rows: [1, 'two', null, { blob: 'no uri or type' }],
      image: { data: 7, type: 'image' },
    }
    expect(leaveOutBinary(value)).toEqual(value)
    expect(leaveOutBinary('plain')).toBe('plain')
    expect(leaveOutBinary(null)).toBeNull()
  })
})

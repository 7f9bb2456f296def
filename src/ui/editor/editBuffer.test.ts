/**
 * The editor's keys reach the store once per frame, the latest text only, and never out of order
 * between files: the store's redraw of the page left the keystroke's own frame.
 */
import { describe, expect, it } from 'vitest'
import { createEditBuffer } from './editBuffer'

const setUp = () => {
  const writes: [string, string][] = []
  const frames: (() => void)[] = []
  const buffer = createEditBuffer(
    (path, text) => writes.push([path, text]),
    (run) => frames.push(run),
  )
  const paintFrame = () => frames.splice(0).forEach((run) => run())
  return { writes, buffer, paintFrame, frames }
}

describe('createEditBuffer', () => {
  it('writes nothing before the frame, then the latest text once for the keys typed meanwhile', () => {
    const { writes, buffer, paintFrame, frames } = setUp()
    buffer.edit('a/SKILL.md', 'h')
    buffer.edit('a/SKILL.md', 'he')
    buffer.edit('a/SKILL.md', 'hey')
    expect(writes).toEqual([])
    expect(frames).toHaveLength(1)
    paintFrame()
    expect(writes).toEqual([['a/SKILL.md', 'hey']])
    paintFrame()
    expect(writes).toHaveLength(1)
  })

  it('writes at once on flush, and the frame after has nothing left to write', () => {
    const { writes, buffer, paintFrame } = setUp()
    buffer.edit('a/SKILL.md', 'typed')
    buffer.flush()
    expect(writes).toEqual([['a/SKILL.md', 'typed']])
    paintFrame()
    buffer.flush()
    expect(writes).toHaveLength(1)
  })

  it("writes one file's keys before another file's, in the order they were typed", () => {
    const { writes, buffer, paintFrame } = setUp()
    buffer.edit('a/SKILL.md', 'a1')
    buffer.edit('b/SKILL.md', 'b1')
    expect(writes).toEqual([['a/SKILL.md', 'a1']])
    paintFrame()
    expect(writes).toEqual([
      ['a/SKILL.md', 'a1'],
      ['b/SKILL.md', 'b1'],
    ])
  })

  it('writes nothing for a file whose text is the store’s again (keys typed and taken back)', () => {
    const { writes, buffer, paintFrame } = setUp()
    buffer.edit('a/SKILL.md', 'xa')
    buffer.edit('b/SKILL.md', 'b1')
    buffer.settle('a/SKILL.md')
    buffer.edit('b/SKILL.md', 'b')
    buffer.settle('b/SKILL.md')
    paintFrame()
    buffer.flush()
    expect(writes).toEqual([['a/SKILL.md', 'xa']])
  })

  it('schedules a new write for keys typed after a flush', () => {
    const { writes, buffer, paintFrame } = setUp()
    buffer.edit('a/SKILL.md', 'one')
    paintFrame()
    buffer.edit('a/SKILL.md', 'one two')
    paintFrame()
    expect(writes).toEqual([
      ['a/SKILL.md', 'one'],
      ['a/SKILL.md', 'one two'],
    ])
  })
})

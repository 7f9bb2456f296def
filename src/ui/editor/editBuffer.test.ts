/**
 * The editor's keys reach the store once per frame, the latest text only, and never out of order
 * between files: the store's redraw of the page left the keystroke's own frame.
 */
import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from '../../state/createPlaygroundStore'
import { createEditBuffer } from './editBuffer'

const EDITOR = Symbol('editor')

const setUp = () => {
  const store = createPlaygroundStore({
    files: [
      { path: 'a/SKILL.md', text: 'a' },
      { path: 'b/SKILL.md', text: 'b' },
    ],
  })
  // What reached the store, in order: each change of the files, with the file it changed.
  const writes: [string, string][] = []
  const origins: unknown[] = []
  store.subscribe((state, previous) => {
    if (state.files === previous.files) return
    const changed = state.files.find((file, at) => file !== previous.files[at])
    if (changed) writes.push([changed.path, changed.text])
    origins.push(state.filesOrigin?.files === state.files ? state.filesOrigin.origin : null)
  })
  const frames: (() => void)[] = []
  const buffer = createEditBuffer(store, EDITOR, (run) => frames.push(run))
  const paintFrame = () => frames.splice(0).forEach((run) => run())
  return { store, writes, origins, buffer, paintFrame, frames }
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
    buffer.edit('b/SKILL.md', 'b')
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

  it('keys typed after something else wrote the held ones ask for a write of their own', () => {
    const { store, writes, buffer, paintFrame, frames } = setUp()
    buffer.edit('a/SKILL.md', 'x')
    // Autosave (or a change on disk) writes the held keys before the frame comes.
    store.getState().writeHeldEdits()
    buffer.edit('a/SKILL.md', 'xy')
    expect(frames).toHaveLength(2)
    frames.shift()
    paintFrame()
    expect(writes).toEqual([
      ['a/SKILL.md', 'x'],
      ['a/SKILL.md', 'xy'],
    ])
  })

  it('every write says it is the editor’s own, so the editor need not recognise it when the store tells of it', () => {
    const { store, writes, origins, buffer, paintFrame } = setUp()
    buffer.edit('a/SKILL.md', 'typed')
    paintFrame()
    store.getState().updateText('b/SKILL.md', 'from the form')
    buffer.edit('a/SKILL.md', 'typed more')
    store.getState().writeHeldEdits()
    expect(writes).toEqual([
      ['a/SKILL.md', 'typed'],
      ['b/SKILL.md', 'from the form'],
      ['a/SKILL.md', 'typed more'],
    ])
    expect(origins).toEqual([EDITOR, null, EDITOR])
  })
})

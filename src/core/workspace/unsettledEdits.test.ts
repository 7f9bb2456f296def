import { describe, expect, it } from 'vitest'
import { readUnsettledEdits, restoreUnsettledEdits, unsettledEdits } from './unsettledEdits'

const agreed = new Map([
  ['a/SKILL.md', 'a'],
  ['b/SKILL.md', 'b'],
  ['c/SKILL.md', 'c'],
])

describe('unsettledEdits', () => {
  it('lists the conflicts with the page’s current text, the writes waiting and the files the page deleted', () => {
    const files = [
      { path: 'a/SKILL.md', text: 'a mine, typed on' },
      { path: 'b/SKILL.md', text: 'b edited' },
      { path: 'd/SKILL.md', text: 'new' },
    ]
    const conflicts = [{ path: 'a/SKILL.md', mine: 'a mine', theirs: 'a theirs', theirsVersion: 'v2' }]
    expect(unsettledEdits(agreed, files, conflicts)).toEqual([
      { path: 'a/SKILL.md', mine: 'a mine, typed on', base: 'a', conflict: true },
      { path: 'd/SKILL.md', mine: 'new', base: null, conflict: false },
      { path: 'b/SKILL.md', mine: 'b edited', base: 'b', conflict: false },
      { path: 'c/SKILL.md', mine: null, base: 'c', conflict: false },
    ])
  })

  it('is empty when the page and disk agree', () => {
    const files = [...agreed].map(([path, text]) => ({ path, text }))
    expect(unsettledEdits(agreed, files, [])).toEqual([])
  })
})

describe('restoreUnsettledEdits', () => {
  const disk = [
    { path: 'a/SKILL.md', text: 'a theirs', version: 'v2' },
    { path: 'b/SKILL.md', text: 'b', version: 'v1' },
    { path: 'c/SKILL.md', text: 'c changed on disk', version: 'v3' },
    { path: 'e/SKILL.md', text: 'done', version: 'v1' },
  ]
  it('asks again about a conflict, gives the page back an edit disk did not touch, asks when disk changed it, and drops what disk holds', () => {
    const restored = restoreUnsettledEdits(
      [
        { path: 'a/SKILL.md', mine: 'a mine', base: 'a', conflict: true },
        { path: 'b/SKILL.md', mine: 'b edited', base: 'b', conflict: false },
        { path: 'c/SKILL.md', mine: null, base: 'c', conflict: false },
        { path: 'd/SKILL.md', mine: 'new', base: null, conflict: false },
        { path: 'e/SKILL.md', mine: 'done', base: 'old', conflict: false },
      ],
      disk,
    )
    expect(restored.apply).toEqual([
      { path: 'b/SKILL.md', text: 'b edited' },
      { path: 'd/SKILL.md', text: 'new' },
    ])
    expect(restored.conflicts).toEqual([
      { path: 'a/SKILL.md', mine: 'a mine', theirs: 'a theirs', theirsVersion: 'v2' },
      { path: 'c/SKILL.md', mine: null, theirs: 'c changed on disk', theirsVersion: 'v3' },
    ])
  })

  it('reads only well-formed kept edits', () => {
    expect(readUnsettledEdits(null)).toEqual([])
    expect(
      readUnsettledEdits([
        { path: 'a', mine: 'x', base: null, conflict: true },
        { path: 1 },
        'x',
        { path: 'b', mine: 2, base: null, conflict: false },
      ]),
    ).toEqual([{ path: 'a', mine: 'x', base: null, conflict: true }])
  })
})

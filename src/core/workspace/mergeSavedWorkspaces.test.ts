import { describe, expect, it } from 'vitest'
import { mergeSavedWorkspaces } from './mergeSavedWorkspaces'
import type { SavedWorkspace } from './savedWorkspace'

const base: SavedWorkspace = {
  files: [
    { path: 'a/SKILL.md', text: 'a' },
    { path: 'b/SKILL.md', text: 'b' },
  ],
  utterance: 'hello',
  threshold: 0.3,
}

describe('merging two tabs’ saves', () => {
  it('takes each side’s own changes: different skills, a new file, a deletion, other fields', () => {
    const mine: SavedWorkspace = { ...base, files: [{ path: 'a/SKILL.md', text: 'a mine' }, base.files[1]!], utterance: 'mine' }
    const theirs: SavedWorkspace = { ...base, files: [base.files[0]!, { path: 'c/SKILL.md', text: 'c' }], threshold: 0.5 }
    const { merged, conflicts } = mergeSavedWorkspaces(base, mine, theirs)
    expect(conflicts).toEqual([])
    expect(merged.utterance).toBe('mine')
    expect(merged.threshold).toBe(0.5)
    expect(merged.files).toEqual([
      { path: 'a/SKILL.md', text: 'a mine' },
      { path: 'c/SKILL.md', text: 'c' },
    ])
  })

  it('reports what both changed differently and loses neither: a deleted file changed elsewhere comes back', () => {
    const mine: SavedWorkspace = { ...base, files: [{ path: 'a/SKILL.md', text: 'a mine' }], utterance: 'mine' }
    const theirs: SavedWorkspace = {
      ...base,
      files: [
        { path: 'a/SKILL.md', text: 'a theirs' },
        { path: 'b/SKILL.md', text: 'b theirs' },
      ],
      utterance: 'theirs',
    }
    const { merged, conflicts } = mergeSavedWorkspaces(base, mine, theirs)
    expect(conflicts.sort()).toEqual(['a/SKILL.md', 'b/SKILL.md', 'utterance'])
    expect(merged.files).toEqual([
      { path: 'a/SKILL.md', text: 'a mine' },
      { path: 'b/SKILL.md', text: 'b theirs' },
    ])
  })

  it('treats the same change on both sides as no conflict', () => {
    const both: SavedWorkspace = { ...base, files: [{ path: 'a/SKILL.md', text: 'same' }, base.files[1]!], utterance: 'same' }
    expect(mergeSavedWorkspaces(base, both, { ...both }).conflicts).toEqual([])
  })
})

describe('one skill changed in both tabs', () => {
  const skill = { path: 'a/SKILL.md', text: '---\nname: a\n---\nfirst\nsecond\nthird\n' }
  const withText = (text: string): SavedWorkspace => ({ ...base, files: [{ path: skill.path, text }, base.files[1]!] })
  const start = withText(skill.text)

  it('merges changes to different lines without a question', () => {
    const { merged, conflicts } = mergeSavedWorkspaces(
      start,
      withText(skill.text.replace('first', 'FIRST')),
      withText(skill.text + 'fourth\n'),
    )
    expect(conflicts).toEqual([])
    expect(merged.files[0]!.text).toBe('---\nname: a\n---\nFIRST\nsecond\nthird\nfourth\n')
  })

  it('asks when both add a line at the end, and keeps this tab’s text meanwhile', () => {
    const mine = withText(skill.text + 'mine\n')
    const { merged, conflicts } = mergeSavedWorkspaces(start, mine, withText(skill.text + 'theirs\n'))
    expect(conflicts).toEqual([skill.path])
    expect(merged.files[0]!.text).toBe(skill.text + 'mine\n')
  })
})

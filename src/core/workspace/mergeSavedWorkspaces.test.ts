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

import { describe, expect, it } from 'vitest'
import { decodeSavedWorkspace, encodeSavedWorkspace } from './index'

describe('a saved workspace keeps the chosen client’s lint profile', () => {
  const files = [{ path: 'calc/SKILL.md', text: '---\nname: calc\n---\nbody\n' }]

  it.each(['claude-code', 'codex', 'copilot', 'claude-api'] as const)('%s comes back after a reload', (lintProfile) => {
    const decoded = decodeSavedWorkspace(JSON.parse(JSON.stringify(encodeSavedWorkspace({ files, lintProfile }))))
    expect(decoded.ok && decoded.workspace.lintProfile).toBe(lintProfile)
  })

  it('a profile this version does not know is dropped, not kept', () => {
    const stored = { ...encodeSavedWorkspace({ files }), lintProfile: 'cursor' }
    const decoded = decodeSavedWorkspace(stored)
    expect(decoded.ok && decoded.workspace.lintProfile).toBeUndefined()
  })
})

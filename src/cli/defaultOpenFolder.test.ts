import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { defaultOpenFolder } from './defaultOpenFolder'

const folderWith = (...folders: string[]) => {
  const root = mkdtempSync(join(tmpdir(), 'open-default-'))
  for (const folder of folders) mkdirSync(join(root, folder), { recursive: true })
  return root
}

describe('skill-playground open with no folder named', () => {
  it('opens ./skills when there is one, as before', () => {
    expect(defaultOpenFolder(folderWith('skills', '.claude/skills'))).toBe('skills')
  })

  it('opens the repository itself when it keeps its skills where a client reads them', () => {
    expect(defaultOpenFolder(folderWith('.claude/skills'))).toBe('.')
    expect(defaultOpenFolder(folderWith('.agents/skills'))).toBe('.')
  })

  it('otherwise names ./skills, which then says it is missing', () => {
    expect(defaultOpenFolder(folderWith('.claude'))).toBe('skills')
    expect(defaultOpenFolder(folderWith())).toBe('skills')
  })
})

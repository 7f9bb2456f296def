import { describe, expect, it, vi } from 'vitest'
import * as share from '../core/share'
import { createPlaygroundStore } from './createPlaygroundStore'

vi.mock('../core/share', async (importOriginal) => {
  const original = await importOriginal<typeof share>()
  return { ...original, mergeIncoming: vi.fn(original.mergeIncoming), mergeIncomingInSteps: vi.fn(original.mergeIncomingInSteps) }
})

const skill = (name: string, body = 'Body') => `---\nname: ${name}\ndescription: Does ${name}.\n---\n${body}\n`
const files = [
  { path: 'calc/SKILL.md', text: skill('calc') },
  { path: 'routing-tests.yaml', text: '- utterance: add 2 and 3\n  expect: calc\n' },
]
const incoming = [
  ...Array.from({ length: 1500 }, (_, i) => ({ path: `s${i}/SKILL.md`, text: skill(`s${i}`) })),
  { path: 'calc/SKILL.md', text: skill('calc', 'Theirs') },
  { path: 'routing-tests.yaml', text: '- utterance: run s1\n  expect: s1\n' },
]

describe('an import planned a slice at a time', () => {
  it('previews the files importing leaves, for every choice, without importing', async () => {
    for (const clash of ['both', 'replace', 'skip'] as const) {
      const store = createPlaygroundStore({ files })
      const preview = await store.getState().previewImportInSlices(incoming, clash)
      expect(store.getState().files).toEqual(files)
      expect(preview).toEqual(createPlaygroundStore({ files }).getState().previewImport(incoming, clash))
      store.getState().importFiles(incoming, clash)
      expect(store.getState().files).toBe(preview)
    }
  })

  it('merges in steps, and the import that follows merges nothing again', async () => {
    const store = createPlaygroundStore({ files })
    vi.mocked(share.mergeIncoming).mockClear()
    vi.mocked(share.mergeIncomingInSteps).mockClear()
    await store.getState().previewImportInSlices(incoming, 'both')
    expect(share.mergeIncomingInSteps).toHaveBeenCalledTimes(1)
    const report = store.getState().importFiles(incoming, 'both')
    expect(report.added).toBe(1501)
    expect(report.renamed).toEqual([{ from: 'calc/SKILL.md', to: 'calc-imported/SKILL.md' }])
    expect(share.mergeIncoming).not.toHaveBeenCalled()
    expect(share.mergeIncomingInSteps).toHaveBeenCalledTimes(1)
  })

  it('plans again when the workspace changed while it was planned', async () => {
    const store = createPlaygroundStore({ files })
    const preview = await store.getState().previewImportInSlices(incoming, 'both')
    store.getState().updateText('calc/SKILL.md', skill('calc', 'Edited'))
    store.getState().importFiles(incoming, 'both')
    expect(store.getState().files).not.toBe(preview)
    expect(store.getState().files.find((file) => file.path === 'calc/SKILL.md')?.text).toContain('Edited')
    expect(store.getState().files).toHaveLength(preview.length)
  })
})

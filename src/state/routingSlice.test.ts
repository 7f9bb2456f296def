import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from './createPlaygroundStore'

const files = [{ path: 'pdf/SKILL.md', text: '---\nname: pdf\ndescription: PDF files.\n---\nBody\n' }]

describe('routingSlice: saveTriggerSet', () => {
  it("adds the skill's evals/trigger-evals.json, then replaces it in place; the same text changes nothing", () => {
    const store = createPlaygroundStore({ files })
    const first = '[{"query": "merge PDFs", "should_trigger": true}]'
    store.getState().saveTriggerSet('pdf/evals/trigger-evals.json', first)
    expect(store.getState().files).toEqual([...files, { path: 'pdf/evals/trigger-evals.json', text: first }])
    const second = '[{"query": "split a PDF", "should_trigger": true}]'
    store.getState().saveTriggerSet('pdf/evals/trigger-evals.json', second)
    expect(store.getState().files.map((file) => file.text)).toEqual([files[0]!.text, second])
    const before = store.getState().files
    store.getState().saveTriggerSet('pdf/evals/trigger-evals.json', second)
    expect(store.getState().files).toBe(before)
  })
})

import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from './createPlaygroundStore'

const files = [{ path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\n---\nCompute.\n' }]

describe('runSlice: the model a run starts with', () => {
  it('starts with the scripted model, and keeps it whatever the server says about itself', () => {
    const store = createPlaygroundStore({ files })
    expect(store.getState().model).toBe('scripted')
    // A static copy: no server at all.
    store.getState().setProxy(null)
    expect(store.getState().model).toBe('scripted')
    // A served copy without a model key, and one with a key.
    store.getState().setProxy({ configured: false, model: 'gpt-4.1-mini', upstream: 'https://api.openai.com/v1' })
    expect(store.getState().model).toBe('scripted')
    store.getState().setProxy({ configured: true, model: 'gpt-4.1-mini', upstream: 'https://api.openai.com/v1' })
    expect(store.getState().model).toBe('scripted')
  })

  it('a saved choice of the server proxy, where there is no server, falls back to the scripted model (not the browser key mode)', () => {
    const store = createPlaygroundStore({ files })
    store.getState().setModel('proxy')
    store.getState().setProxy(null)
    expect(store.getState().model).toBe('scripted')
  })

  it('a chosen browser-key mode stays chosen', () => {
    const store = createPlaygroundStore({ files })
    store.getState().setModel('browser')
    store.getState().setProxy(null)
    expect(store.getState().model).toBe('browser')
  })
})

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

describe('runSlice: a reply streaming in', () => {
  it('keeps the reasoning apart from the text, per round, until the model event lands', () => {
    const store = createPlaygroundStore({ files })
    const state = () => store.getState()
    state().startRun({
      id: 'r',
      utterance: 'x',
      startedAt: '',
      mode: 'keyword',
      model: 'm',
      events: [],
      streaming: null,
      status: 'running',
    })
    state().appendReasoning('r', 1, 'Think')
    state().appendReasoning('r', 1, 'ing.')
    state().appendText('r', 1, 'Ans')
    state().appendText('r', 1, 'wer.')
    expect(state().runs[0]!.streaming).toEqual({ round: 1, text: 'Answer.', reasoning: 'Thinking.' })
    // A new round starts afresh.
    state().appendReasoning('r', 2, 'Again.')
    expect(state().runs[0]!.streaming).toEqual({ round: 2, text: '', reasoning: 'Again.' })
    state().appendEvent('r', { type: 'model', at: 0, round: 2, text: '', latencyMs: 1, toolCalls: 0, reasoning: 'Again.' })
    expect(state().runs[0]!.streaming).toBeNull()
  })
})

// @vitest-environment happy-dom
/**
 * Monaco's files are fetched and compiled, and Monaco is started, only in a pause in typing: the
 * compile holds a core for a long while, which a typist on a two-core machine felt.
 */
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useIdleMount } from './useIdleMount'

describe('useIdleMount', () => {
  beforeEach(() => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] })
  })
  afterEach(() => vi.useRealTimers())

  const start = async (prefetch: () => void) => {
    const states: boolean[] = []
    function Part() {
      states.push(useIdleMount({ prefetch })[0])
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(createElement(Part)))
    return { states, root }
  }
  const typeFor = async (ms: number) => {
    for (let at = 0; at < ms; at += 100) {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))
      await act(async () => void vi.advanceTimersByTime(100))
    }
  }

  it('prefetches and mounts only once typing pauses, the prefetch first', async () => {
    const prefetch = vi.fn()
    const { states, root } = await start(prefetch)
    await typeFor(3000)
    expect(prefetch).not.toHaveBeenCalled()
    expect(states.at(-1)).toBe(false)
    await act(async () => void vi.advanceTimersByTime(400))
    expect(prefetch).toHaveBeenCalledOnce()
    expect(states.at(-1)).toBe(false)
    await act(async () => void vi.advanceTimersByTime(600))
    expect(states.at(-1)).toBe(true)
    expect(prefetch).toHaveBeenCalledOnce()
    await act(async () => root.unmount())
  })

  it('on a page nobody types into, prefetches at once', async () => {
    vi.advanceTimersByTime(1000)
    const prefetch = vi.fn()
    const { root } = await start(prefetch)
    await act(async () => void vi.advanceTimersByTime(100))
    expect(prefetch).toHaveBeenCalledOnce()
    await act(async () => root.unmount())
  })
})

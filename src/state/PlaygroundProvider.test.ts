// @vitest-environment happy-dom
/**
 * A keystroke's urgent render must not reach the readers of routing and lint: with thousands of
 * skills that all score, they are the slow part of the page, and they follow in a deferred render.
 */
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it } from 'vitest'
import { createPlaygroundStore } from './createPlaygroundStore'
import { PlaygroundProvider, useDeferredWorkspace, useLint, usePlayground, useRouting } from './PlaygroundProvider'

const files = [{ path: 'calc/SKILL.md', text: '---\nname: calc\ntrigger_keywords: [计算]\n---\nCompute.\n' }]

describe('the deferred inputs of routing and lint', () => {
  it('a keystroke renders the box it was typed in at once, and the readers of routing and lint once, after it', async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const store = createPlaygroundStore({ files, utterance: '' })
    const renders: string[] = []
    function Box() {
      const utterance = usePlayground((state) => state.utterance)
      renders.push(`box:${utterance}`)
      return null
    }
    function Scores() {
      const routing = useRouting()
      renders.push(`scores:${routing.winner?.skill ?? '-'}`)
      return null
    }
    function Problems() {
      const lint = useLint()
      renders.push(`lint:${lint.skills.length}`)
      return null
    }
    function List() {
      renders.push(`list:${useDeferredWorkspace().skills.length}`)
      return null
    }
    const host = document.createElement('div')
    const root = createRoot(host)
    await act(async () =>
      root.render(
        createElement(PlaygroundProvider, {
          store,
          children: [
            createElement(Box, { key: 1 }),
            createElement(Scores, { key: 2 }),
            createElement(Problems, { key: 3 }),
            createElement(List, { key: 4 }),
          ],
        }),
      ),
    )
    renders.length = 0
    await act(async () => store.getState().setUtterance('计算'))
    // The box once with the new text; routing once, with it, and never with the old one again; lint
    // and the list (the files alone) not at all.
    expect(renders).toEqual(['box:计算', 'scores:calc'])
    renders.length = 0
    await act(async () => store.getState().updateText('calc/SKILL.md', `${files[0]!.text}More.\n`))
    expect(renders).toEqual(['scores:calc', 'lint:1', 'list:1'])
    await act(async () => root.unmount())
  })
})

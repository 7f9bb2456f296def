// @vitest-environment happy-dom
/**
 * A keystroke's urgent render must not reach the readers of routing and lint: with thousands of
 * skills that all score, they are the slow part of the page, and they follow in a deferred render.
 */
import { act, createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { describe, expect, it, vi } from 'vitest'
import * as skill from '../core/skill'
import { createPlaygroundStore } from './createPlaygroundStore'
import {
  PlaygroundProvider,
  useDeferredWorkspace,
  useHasCode,
  useLint,
  usePlayground,
  useRouting,
  useRoutingSuiteStatus,
} from './PlaygroundProvider'

vi.mock('../core/skill', async (importOriginal) => {
  const original = await importOriginal<typeof skill>()
  return { ...original, parseSkill: vi.fn(original.parseSkill) }
})

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

  it("a keystroke in a skill with code parses nothing in the editor's own task: whether it has code comes from the code files", async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const withCode = [
      ...files,
      { path: 'calc/skill.py', text: 'def run(args):\n    return 1\n' },
      { path: 'plain/SKILL.md', text: '---\nname: plain\n---\nx\n' },
    ]
    const store = createPlaygroundStore({ files: withCode, utterance: '' })
    const answers: string[] = []
    function Page() {
      answers.push(`${useHasCode('calc/SKILL.md')}/${useHasCode('plain/SKILL.md')}/${useHasCode('calc/skill.py')}`)
      return null
    }
    const root = createRoot(document.createElement('div'))
    await act(async () => root.render(createElement(PlaygroundProvider, { store, children: createElement(Page) })))
    expect(answers.at(-1)).toBe('true/false/true')
    const parse = vi.mocked(skill.parseSkill)
    parse.mockClear()
    // Outside act: the store's listeners run here and now, as they do inside Monaco's key handling
    // (React is told this is not a test environment for that call, so it does not warn about it).
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    environment.IS_REACT_ACT_ENVIRONMENT = false
    store.getState().updateText('calc/SKILL.md', `${files[0]!.text}More.\n`)
    environment.IS_REACT_ACT_ENVIRONMENT = true
    expect(parse).not.toHaveBeenCalled()
    await act(async () => {})
    await act(async () => store.getState().deleteSkill('calc/skill.py'))
    expect(answers.at(-1)).toBe('false/false/false')
    await act(async () => root.unmount())
  })

  it('a reader of the routing-test suite renders when typing starts and when it settles, not on each keystroke', async () => {
    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    const tests = { path: 'routing-tests.yaml', text: '- utterance: 计算\n  expect: calc\n' }
    const store = createPlaygroundStore({ files: [...files, tests], utterance: '' })
    const renders: string[] = []
    function Badge() {
      const { suite, updating } = useRoutingSuiteStatus()
      renders.push(`badge:${suite ? suite.suite.results.length : '-'}${updating ? ':updating' : ''}`)
      return null
    }
    const host = document.createElement('div')
    const root = createRoot(host)
    // Typing pauses: the settle timer, the idle callback, then the cases routed a slice at a time.
    const settle = async () => {
      for (let waited = 0; waited < 40 && renders.at(-1)?.endsWith(':updating') !== false; waited++)
        await act(async () => void (await new Promise((resolve) => setTimeout(resolve, 100))))
    }
    await act(async () => root.render(createElement(PlaygroundProvider, { store, children: createElement(Badge) })))
    await settle()
    expect(renders.at(-1)).toBe('badge:1')
    renders.length = 0
    for (const more of ['A', 'B', 'C', 'D'])
      await act(async () => store.getState().updateText('calc/SKILL.md', `${store.getState().files[0]!.text}${more}\n`))
    expect(renders).toEqual(['badge:1:updating'])
    await settle()
    expect(renders).toEqual(['badge:1:updating', 'badge:1'])
    await act(async () => root.unmount())
  })
})

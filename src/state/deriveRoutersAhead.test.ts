import { describe, expect, it, vi } from 'vitest'
import * as routing from '../core/routing'
import { createDerivations } from './derive'

vi.mock('../core/routing', async (importOriginal) => {
  const original = await importOriginal<typeof routing>()
  return {
    ...original,
    createRouter: vi.fn(original.createRouter),
    createRouterInSteps: vi.fn(original.createRouterInSteps),
    createDescriptionRouter: vi.fn(original.createDescriptionRouter),
    createDescriptionRouterInSteps: vi.fn(original.createDescriptionRouterInSteps),
  }
})

// Some skills without keywords, so the description matcher has rows to compile.
const files = Array.from({ length: 1200 }, (_, i) => ({
  path: `s${i}/SKILL.md`,
  text:
    i % 3 === 0
      ? `---\nname: s${i}\ndescription: Summarises report ${i} for the team.\n---\nBody\n`
      : `---\nname: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [plan, task${i}]\n---\nBody\n`,
}))

function clearCompiles() {
  for (const compile of [
    routing.createRouter,
    routing.createRouterInSteps,
    routing.createDescriptionRouter,
    routing.createDescriptionRouterInSteps,
  ])
    vi.mocked(compile).mockClear()
}

describe('routers compiled ahead of the render that shows an import', () => {
  it('prepare compiles the keyword router and the description matcher in steps; the render then compiles nothing', async () => {
    const derive = createDerivations()
    clearCompiles()
    await derive.prepare(files, 'app')
    expect(routing.createRouterInSteps).toHaveBeenCalledTimes(1)
    expect(routing.createDescriptionRouterInSteps).toHaveBeenCalledTimes(1)
    clearCompiles()
    const shown = derive.shown(files, 'plan task7', 0.1, false)
    expect(shown.winner?.skill).toBe('s7')
    expect(derive.descriptions(files, 'summarises report').top(3)).toHaveLength(3)
    expect(routing.createRouter).not.toHaveBeenCalled()
    expect(routing.createDescriptionRouter).not.toHaveBeenCalled()
  })

  it('gives the render the same routing as a router compiled in one step', async () => {
    const ahead = createDerivations()
    await ahead.prepare(files, 'app')
    const inRender = createDerivations()
    for (const utterance of ['plan task12', 'task1199 and task4', 'summarises report 300', 'nothing here']) {
      expect(ahead.shown(files, utterance, 0.1, false)).toEqual(inRender.shown(files, utterance, 0.1, false))
      expect(ahead.descriptions(files, utterance).top(5)).toEqual(inRender.descriptions(files, utterance).top(5))
    }
  })

  it('a keystroke after the import finds both compiled: a body or a description edit compiles nothing, a keyword edit compiles the router once', async () => {
    const derive = createDerivations()
    await derive.prepare(files, 'app')
    derive.shown(files, 'plan', 0.1, false)
    derive.descriptions(files, 'plan')
    clearCompiles()
    const body = files.map((file, i) => (i === 5 ? { ...file, text: file.text + 'more body\n' } : file))
    derive.shown(body, 'plan', 0.1, false)
    derive.descriptions(body, 'plan')
    expect(routing.createRouter).not.toHaveBeenCalled()
    expect(routing.createDescriptionRouter).not.toHaveBeenCalled()
    const keyword = body.map((file, i) => (i === 5 ? { ...file, text: file.text.replace('task5]', 'task5, five]') } : file))
    derive.shown(keyword, 'plan', 0.1, false)
    derive.shown(keyword, 'plan f', 0.1, false)
    expect(routing.createRouter).toHaveBeenCalledTimes(1)
  })

  it('preparing files the render already compiled for compiles nothing again', async () => {
    const derive = createDerivations()
    derive.shown(files, 'plan', 0.1, false)
    derive.descriptions(files, 'plan')
    clearCompiles()
    await derive.prepare(files, 'app')
    expect(routing.createRouterInSteps).not.toHaveBeenCalled()
    expect(routing.createDescriptionRouterInSteps).not.toHaveBeenCalled()
  })

  it('a cancelled prepare stops before compiling, and the render compiles what it needs', async () => {
    const derive = createDerivations()
    const controller = new AbortController()
    controller.abort()
    clearCompiles()
    await derive.prepare(files, 'app', undefined, { signal: controller.signal })
    expect(routing.createRouterInSteps).not.toHaveBeenCalled()
    expect(derive.shown(files, 'plan task7', 0.1, false).winner?.skill).toBe('s7')
    expect(routing.createRouter).toHaveBeenCalledTimes(1)
  })
})

import { IDBFactory } from 'fake-indexeddb'
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { SkillFile } from '../core/skill'
import { createEditBuffer } from '../ui/editor/editBuffer'

/**
 * Two tabs in one process: each has its own copy of the modules (the storage module keeps what
 * its page knows), its own store and autosave; they share IndexedDB and a BroadcastChannel, as
 * two tabs of one browser do.
 */
const PATH = 'calc/SKILL.md'
const TEXT = '---\nname: calc\ndescription: Adds numbers.\n---\nfirst line\nsecond line\nthird line\n'
const OTHER = { path: 'notes/SKILL.md', text: '---\nname: notes\ndescription: Notes.\n---\nBody.\n' }

/** Every tab a test opened: stopped after it, so no tab of one test answers another's saves. */
let opened: { stop: () => Promise<void> }[] = []

async function openTab() {
  vi.resetModules()
  vi.stubGlobal('window', new EventTarget())
  const storage = await import('../adapters/workspaceStorage')
  const { startAutosave } = await import('./autosave')
  const { createPlaygroundStore } = await import('../state/createPlaygroundStore')
  const loaded = await storage.loadSavedWorkspace()
  if (!loaded.ok) throw new Error('unreadable')
  const record = loaded.record
  const store = createPlaygroundStore(record?.workspace ?? { files: [{ path: PATH, text: TEXT }, OTHER] })
  const autosave = startAutosave(store, record ? { tab: record.tab, revision: record.revision } : null)
  opened.push(autosave)
  // The editor's buffer, with its frames held: keys stay in it until something writes them.
  const buffer = createEditBuffer(store, Symbol('editor'), () => {})
  const text = (path = PATH) => store.getState().files.find((file: SkillFile) => file.path === path)?.text
  return { store, autosave, buffer, text, asks: () => store.getState().tabConflict }
}

async function storedText(path = PATH): Promise<string | undefined> {
  vi.resetModules()
  const loaded = await (await import('../adapters/workspaceStorage')).loadSavedWorkspace()
  return loaded.ok ? loaded.record?.workspace.files.find((file) => file.path === path)?.text : undefined
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Until `check` holds (the tabs talk through IndexedDB and the channel, a few tasks apart). */
async function until(check: () => boolean | Promise<boolean>, ms = 3000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await wait(10)
  }
}

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory()
  // The first tab saves the starting workspace, so both tabs start from the same save.
  const first = await openTab()
  await first.autosave.saveNow()
})
afterEach(async () => {
  await Promise.all(opened.map((tab) => tab.stop()))
  opened = []
  vi.unstubAllGlobals()
})

describe('two tabs saving the same skill', () => {
  it('keys held in one tab’s editor when the other tab’s save arrives: merged when on other lines', async () => {
    const [one, two] = [await openTab(), await openTab()]
    two.buffer.edit(PATH, TEXT.replace('first line', 'first line (two)'))
    one.store.getState().updateText(PATH, TEXT + 'fourth line (one)\n')
    await one.autosave.saveNow()
    await until(() => two.text() === TEXT.replace('first line', 'first line (two)') + 'fourth line (one)\n')
    expect(two.asks()).toBe(false)
    // The merge is saved, and reaches the first tab.
    await until(() => one.text() === two.text())
    expect(await storedText()).toBe(two.text())
  })

  it('keys held in one tab’s editor when the other tab’s save arrives: that tab asks when on the same line, and keeps its keys', async () => {
    const [one, two] = [await openTab(), await openTab()]
    two.buffer.edit(PATH, TEXT + 'mine\n')
    one.store.getState().updateText(PATH, TEXT + 'theirs\n')
    await one.autosave.saveNow()
    await until(() => two.asks())
    expect(two.text()).toBe(TEXT + 'mine\n')
    expect(await storedText()).toBe(TEXT + 'theirs\n')
    // "Keep mine" writes this tab's text over the other's save.
    await two.autosave.saveNow()
    expect(two.asks()).toBe(false)
    expect(await storedText()).toBe(TEXT + 'mine\n')
  })

  it('two saves in flight at once: the one that finds the other’s save merges it first', async () => {
    for (let round = 0; round < 5; round++) {
      const [one, two] = [await openTab(), await openTab()]
      const base = one.text()!
      one.store.getState().updateText(PATH, base.replace('first line', `first line ${round}`))
      two.store.getState().updateText(PATH, base + `added ${round}\n`)
      await Promise.all([one.autosave.saveNow(), two.autosave.saveNow()])
      const both = base.replace('first line', `first line ${round}`) + `added ${round}\n`
      await until(async () => (await storedText()) === both && one.text() === both && two.text() === both)
      expect([one.asks(), two.asks()]).toEqual([false, false])
    }
  })

  it('two saves in flight at once on the same line: nothing is overwritten without a question', async () => {
    const [one, two] = [await openTab(), await openTab()]
    one.store.getState().updateText(PATH, TEXT + 'one\n')
    two.store.getState().updateText(PATH, TEXT + 'two\n')
    await Promise.all([one.autosave.saveNow(), two.autosave.saveNow()])
    const saved = await storedText()
    // One save landed; the other tab holds its own line and asks.
    const loser = saved === TEXT + 'one\n' ? two : one
    expect([TEXT + 'one\n', TEXT + 'two\n']).toContain(saved)
    await until(() => loser.asks())
    expect(loser.text()).toBe(loser === one ? TEXT + 'one\n' : TEXT + 'two\n')
  })

  it('keys typed in an idle tab while it reads the other tab’s save are kept', async () => {
    for (const delay of [0, 1, 3, 6, 10]) {
      const [one, two] = [await openTab(), await openTab()]
      const base = one.text()!
      one.store.getState().updateText(PATH, base + `theirs ${delay}\n`)
      await one.autosave.saveNow()
      // The second tab has nothing unsaved: the old code loaded the save over whatever came next.
      await wait(delay)
      two.store.getState().updateText(PATH, two.text()!.replace('first line', `first line ${delay}`))
      const both = base.replace('first line', `first line ${delay}`) + `theirs ${delay}\n`
      await until(async () => two.text() === both && (await storedText()) === both)
      await until(() => one.text() === both)
      expect(two.asks()).toBe(false)
    }
  })

  it('a change to another skill and the utterance in the other tab are taken in beside held keys', async () => {
    const [one, two] = [await openTab(), await openTab()]
    two.buffer.edit(PATH, TEXT + 'mine\n')
    one.store.getState().updateText(OTHER.path, OTHER.text + 'More.\n')
    one.store.getState().setUtterance('from the first tab')
    await one.autosave.saveNow()
    await until(() => two.text(OTHER.path) === OTHER.text + 'More.\n')
    expect(two.text()).toBe(TEXT + 'mine\n')
    expect(two.store.getState().utterance).toBe('from the first tab')
    await until(async () => (await storedText()) === TEXT + 'mine\n')
  })
})

describe('keys the editor still holds for its next frame', () => {
  it('are in a save asked for at once (Ctrl+S)', async () => {
    const tab = await openTab()
    tab.buffer.edit(PATH, TEXT + 'held\n')
    await tab.autosave.saveNow()
    expect(await storedText()).toBe(TEXT + 'held\n')
    expect(tab.store.getState().saveStatus).toBe('saved')
  })

  it('are in the copy written when the page goes away', async () => {
    const tab = await openTab()
    const kept = new Map<string, string>()
    vi.stubGlobal('localStorage', { setItem: (key: string, value: string) => kept.set(key, value), getItem: () => null })
    tab.buffer.edit(PATH, TEXT + 'held\n')
    ;(globalThis.window as unknown as EventTarget).dispatchEvent(new Event('pagehide'))
    const copies = [...kept.values()].map((raw) => JSON.parse(raw) as { snapshot: { files: SkillFile[] } })
    expect(copies.map((copy) => copy.snapshot.files.find((file) => file.path === PATH)?.text)).toEqual([TEXT + 'held\n'])
  })
})

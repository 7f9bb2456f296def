import { IDBFactory } from 'fake-indexeddb'
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { formatMessage } from '../core/messages'
import type { SavedWorkspace } from '../core/workspace'

/** A fresh copy of the module: what a newly opened tab (or a reloaded page) has. */
async function openTab() {
  vi.resetModules()
  return import('./workspaceStorage')
}

const skill = (name: string, body = 'Body.') => ({ path: `${name}/SKILL.md`, text: `---\nname: ${name}\n---\n${body}\n` })
const workspace = (...files: { path: string; text: string }[]): SavedWorkspace => ({ files, utterance: 'plan my week' })

/** Runs `use` on the database's store straight in IndexedDB, as another program (or damage) would. */
async function directly<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => T): Promise<T> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open('skill-playground', 1)
    request.onupgradeneeded = () => request.result.createObjectStore('workspace')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(new Error('open failed'))
  })
  const transaction = db.transaction('workspace', mode)
  const result = use(transaction.objectStore('workspace'))
  await new Promise((resolve) => (transaction.oncomplete = resolve))
  db.close()
  return result
}

/** Everything in the database. */
async function stored(): Promise<Map<string, unknown>> {
  const [keys, values] = await directly('readonly', (store) => [store.getAllKeys(), store.getAll()] as const)
  return new Map(keys.result.map((key, index) => [String(key), values.result[index]]))
}
const textKeys = async () => [...(await stored()).keys()].filter((key) => key.startsWith('text:'))

/** The keys `put` was called with during `run` (texts and the record). */
async function putsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const put = vi.spyOn(IDBObjectStore.prototype, 'put')
  try {
    await run()
    return put.mock.calls.map((call) => String(call[1]))
  } finally {
    put.mockRestore()
  }
}

/** From now on the `call`th put throws as a full disk does (until the mocks are restored). */
function diskFullAtPut(call: number) {
  const { put } = Object.getOwnPropertyDescriptors(IDBObjectStore.prototype)
  let calls = 0
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
    calls += 1
    if (calls === call) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    return (put.value as IDBObjectStore['put']).apply(this, args)
  })
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('workspace storage in IndexedDB', () => {
  it('writes each text once: a later save writes only the texts that changed, and the record', async () => {
    const tab = await openTab()
    const first = workspace(skill('a'), skill('b'), skill('c'))
    const puts = await putsDuring(() => tab.saveWorkspace({ workspace: first, tab: 't', revision: 1 }, null))
    expect(puts.filter((key) => key.startsWith('text:'))).toHaveLength(3)
    expect(puts.filter((key) => key === 'current')).toHaveLength(1)

    const second = workspace(first.files[0]!, skill('b', 'Edited.'), first.files[2]!)
    const again = await putsDuring(() => tab.saveWorkspace({ workspace: second, tab: 't', revision: 2 }, { tab: 't', revision: 1 }))
    expect(again.filter((key) => key.startsWith('text:'))).toHaveLength(1)
    expect(await textKeys()).toHaveLength(3)

    const loaded = await (await openTab()).loadSavedWorkspace()
    expect(loaded).toMatchObject({ ok: true, record: { workspace: second, tab: 't', revision: 2 } })
  })

  it('removes, in the same save, the texts no file has any more (deleted, renamed, edited)', async () => {
    const tab = await openTab()
    await tab.saveWorkspace({ workspace: workspace(skill('a'), skill('b'), skill('c')), tab: 't', revision: 1 }, null)
    await tab.saveWorkspace(
      { workspace: workspace(skill('a', 'New.'), { ...skill('c'), path: 'd/SKILL.md' }), tab: 't', revision: 2 },
      { tab: 't', revision: 1 },
    )
    const texts = [...(await stored()).entries()].filter(([key]) => key.startsWith('text:')).map(([, text]) => text)
    expect(texts.sort()).toEqual([skill('a', 'New.').text, skill('c').text].sort())
  })

  it('an import’s many new texts are written a batch at a time, all in the one save', async () => {
    const many = workspace(...Array.from({ length: 450 }, (_, i) => skill(`s${i}`)))
    const tab = await openTab()
    const puts = await putsDuring(() => tab.saveWorkspace({ workspace: many, tab: 't', revision: 1 }, null))
    expect(puts.filter((key) => key.startsWith('text:'))).toHaveLength(450)
    expect(puts.at(-1)).toBe('current')
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({ ok: true, record: { workspace: many } })
    // A put that fails in a later batch undoes the earlier batches too.
    diskFullAtPut(420)
    const edited = workspace(...many.files.map((file) => ({ ...file, text: `${file.text}more\n` })))
    expect(await tab.saveWorkspace({ workspace: edited, tab: 't', revision: 2 }, { tab: 't', revision: 1 })).toEqual({
      ok: false,
      error: { key: 'saved.full' },
    })
    vi.restoreAllMocks()
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({ ok: true, record: { workspace: many, revision: 1 } })
    expect(await textKeys()).toHaveLength(450)
  })

  it('a page that starts from the saved record writes none of its texts again', async () => {
    const saved = workspace(skill('a'), skill('b'))
    await (await openTab()).saveWorkspace({ workspace: saved, tab: 'first', revision: 1 }, null)
    const reloaded = await openTab()
    const loaded = await reloaded.loadSavedWorkspace()
    if (!loaded.ok || !loaded.record) throw new Error('not loaded')
    const puts = await putsDuring(() =>
      reloaded.saveWorkspace({ workspace: loaded.record!.workspace, tab: 'second', revision: 2 }, { tab: 'first', revision: 1 }),
    )
    expect(puts).toEqual(['current'])
  })

  it('two tabs: a text the other tab’s save removed is written again, and the last save reads back whole', async () => {
    const one = await openTab()
    await one.saveWorkspace({ workspace: workspace(skill('a'), skill('b')), tab: 'one', revision: 1 }, null)
    const two = await openTab()
    const loaded = await two.loadSavedWorkspace()
    if (!loaded.ok || !loaded.record) throw new Error('not loaded')
    // The second tab drops b: its record is removed with that save.
    await two.saveWorkspace(
      { workspace: workspace(loaded.record.workspace.files[0]!, skill('c')), tab: 'two', revision: 2 },
      { tab: 'one', revision: 1 },
    )
    // The first tab still has b, unchanged since its own save.
    const last = workspace(skill('a'), skill('b'), skill('x'))
    await one.saveWorkspace({ workspace: last, tab: 'one', revision: 3 }, { tab: 'two', revision: 2 })
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({ ok: true, record: { workspace: last, revision: 3 } })
    expect(await textKeys()).toHaveLength(3)
  })

  it('a save that fails part way (a full disk) changes nothing and says the storage is full', async () => {
    const tab = await openTab()
    const kept = workspace(skill('a'), skill('b'))
    await tab.saveWorkspace({ workspace: kept, tab: 't', revision: 1 }, null)
    const before = await stored()
    diskFullAtPut(2)
    const result = await tab.saveWorkspace(
      { workspace: workspace(skill('a', '1'), skill('b', '2'), skill('c')), tab: 't', revision: 2 },
      { tab: 't', revision: 1 },
    )
    vi.restoreAllMocks()
    expect(result).toEqual({ ok: false, error: { key: 'saved.full' } })
    expect(await stored()).toEqual(before)
    // The next save writes the texts the failed one could not.
    const next = workspace(skill('a', '1'), skill('b', '2'))
    expect(await tab.saveWorkspace({ workspace: next, tab: 't', revision: 3 }, { tab: 't', revision: 1 })).toEqual({ ok: true })
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({ ok: true, record: { workspace: next } })
  })

  it('a record whose text is missing is damaged: set aside with the texts there are, never overwritten', async () => {
    await (await openTab()).saveWorkspace({ workspace: workspace(skill('a', 'Keep me.'), skill('b')), tab: 't', revision: 1 }, null)
    const record = (await stored()).get('current') as { fileTexts: { paths: string[]; keys: string[] } }
    const lost = record.fileTexts.keys[record.fileTexts.paths.indexOf('b/SKILL.md')]!
    await directly('readwrite', (store) => store.delete(lost))

    const loaded = await (await openTab()).loadSavedWorkspace()
    if (loaded.ok) throw new Error('a damaged record loaded')
    expect(formatMessage(loaded.error)).toContain('skill files are unreadable')
    expect(loaded.unreadable).toContain('Keep me.')
    expect([...(await stored()).keys()].some((key) => key.startsWith('unreadable-'))).toBe(true)
  })

  it('a record whose lists of paths and keys do not pair up is damaged, not an empty workspace', async () => {
    await (await openTab()).saveWorkspace({ workspace: workspace(skill('a'), skill('b')), tab: 't', revision: 1 }, null)
    const record = (await stored()).get('current') as { fileTexts: { paths: string[]; keys: string[] } }
    await directly('readwrite', (store) =>
      store.put({ ...record, fileTexts: { ...record.fileTexts, keys: record.fileTexts.keys.slice(1) } }, 'current'),
    )
    const loaded = await (await openTab()).loadSavedWorkspace()
    expect(loaded.ok).toBe(false)
    if (!loaded.ok) expect(formatMessage(loaded.error)).toContain('skill files are unreadable')
  })

  it('a record saved before texts had records of their own still loads; the next save moves them out', async () => {
    const old = workspace(skill('a'), skill('b'))
    await directly('readwrite', (store) => store.put({ snapshot: { v: 1, ...old }, tab: 'old', revision: 4 }, 'current'))

    const tab = await openTab()
    const loaded = await tab.loadSavedWorkspace()
    expect(loaded).toMatchObject({ ok: true, record: { workspace: old, revision: 4 } })
    await tab.saveWorkspace({ workspace: old, tab: 'new', revision: 5 }, { tab: 'old', revision: 4 })
    const record = (await stored()).get('current') as { snapshot: Record<string, unknown>; fileTexts: { paths: string[]; keys: string[] } }
    expect(record.snapshot.files).toBeUndefined()
    expect(record.fileTexts.paths).toEqual(old.files.map((file) => file.path))
    expect(record.fileTexts.keys).toHaveLength(2)
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({ ok: true, record: { workspace: old, revision: 5 } })
  })

  it('a save over another tab’s save than the one expected writes nothing and says it is stale', async () => {
    const one = await openTab()
    const two = await openTab()
    await one.saveWorkspace({ workspace: workspace(skill('a')), tab: 'one', revision: 1 }, null)
    // The second tab started before that save: it expected none.
    expect(await two.saveWorkspace({ workspace: workspace(skill('b')), tab: 'two', revision: 1 }, null)).toEqual({ ok: false, stale: true })
    expect(await (await openTab()).loadSavedWorkspace()).toMatchObject({
      ok: true,
      record: { workspace: workspace(skill('a')), tab: 'one' },
    })
    // The same tab's revision twice, or an older one, is stale too.
    await one.saveWorkspace({ workspace: workspace(skill('a', 'Two.')), tab: 'one', revision: 2 }, { tab: 'one', revision: 1 })
    expect(await two.saveWorkspace({ workspace: workspace(skill('b')), tab: 'two', revision: 2 }, { tab: 'one', revision: 1 })).toEqual({
      ok: false,
      stale: true,
    })
    expect(await two.saveWorkspace({ workspace: workspace(skill('b')), tab: 'two', revision: 3 }, { tab: 'one', revision: 2 })).toEqual({
      ok: true,
    })
  })

  it('two saves that start together: exactly one lands, the other is told to merge first', async () => {
    const [one, two] = [await openTab(), await openTab()]
    const results = await Promise.all([
      one.saveWorkspace({ workspace: workspace(skill('a', 'One.')), tab: 'one', revision: 1 }, null),
      two.saveWorkspace({ workspace: workspace(skill('a', 'Two.')), tab: 'two', revision: 1 }, null),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok && result.stale)).toHaveLength(1)
  })

  it('the page-exit copy counts as the save there is when it is newer than IndexedDB’s', async () => {
    const items = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    })
    const tab = await openTab()
    await tab.saveWorkspace({ workspace: workspace(skill('a')), tab: 't', revision: 1 }, null)
    tab.saveWorkspaceOnExit({ workspace: workspace(skill('a', 'On exit.')), tab: 't', revision: 2 })
    const loaded = await (await openTab()).loadSavedWorkspace()
    expect(loaded).toMatchObject({ ok: true, record: { revision: 2 } })
    expect(await tab.saveWorkspace({ workspace: workspace(skill('b')), tab: 'u', revision: 2 }, { tab: 't', revision: 1 })).toEqual({
      ok: false,
      stale: true,
    })
    expect(await tab.saveWorkspace({ workspace: workspace(skill('b')), tab: 'u', revision: 3 }, { tab: 't', revision: 2 })).toEqual({
      ok: true,
    })
  })
})

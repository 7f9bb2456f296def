import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FolderConnection } from '../adapters/folderConnection'
import type { DiskWriteResult, FolderEvent } from '../core/workspace'
import { createEditBuffer } from '../ui/editor/editBuffer'
import { createPlaygroundStore } from '../state/createPlaygroundStore'
import { startFolderSync, WRITE_DELAY_MS } from './folderSync'

/** A folder that answers writes as the test says; nothing else of the outside world. */
function folder(answer: (path: string) => DiskWriteResult, first = 'a') {
  const files = [
    { path: 'a/SKILL.md', text: first, version: 'a1' },
    { path: 'b/SKILL.md', text: 'b', version: 'b1' },
  ]
  const writes: string[] = []
  const written: string[] = []
  let disk: (event: FolderEvent) => void = () => {}
  const connection: FolderConnection = {
    root: '/skills',
    files,
    reload: async () => files,
    write: async (path, text) => {
      writes.push(path)
      written.push(text)
      return answer(path)
    },
    remove: async () => ({ ok: true, version: null }),
    move: async () => ({ ok: true, version: null }),
    listen: (onEvent, onConnected) => {
      disk = onEvent
      onConnected(true)
      return () => {}
    },
  }
  const store = createPlaygroundStore({ files: files.map(({ path, text }) => ({ path, text })) })
  store.getState().setFolder({ root: '/skills', connected: true, conflicts: [], problem: null })
  startFolderSync(store, connection)
  return { store, writes, written, disk: (event: FolderEvent) => disk(event) }
}

describe('startFolderSync', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('writes the other files when one is a conflict or refused', async () => {
    const { store, writes } = folder((path) =>
      path === 'a/SKILL.md'
        ? { ok: false, conflict: true, disk: { path, text: 'theirs', version: 'a2' }, error: 'changed on disk' }
        : { ok: true, version: 'b2' },
    )
    store.getState().updateText('a/SKILL.md', 'mine')
    store.getState().updateText('b/SKILL.md', 'b edited')
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
    expect(writes).toEqual(['a/SKILL.md', 'b/SKILL.md'])
    expect(store.getState().folder?.conflicts).toEqual([{ path: 'a/SKILL.md', mine: 'mine', theirs: 'theirs', theirsVersion: 'a2' }])
  })

  it('tries again after a request that did not arrive, without calling a live server gone', async () => {
    let reachable = false
    const { store, writes } = folder(() => (reachable ? { ok: true, version: 'v' } : { ok: false, offline: true, error: 'unreachable' }))
    store.getState().updateText('b/SKILL.md', 'b edited')
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
    expect(writes).toEqual(['b/SKILL.md'])
    expect(store.getState().folder?.connected).toBe(true)
    reachable = true
    await vi.advanceTimersByTimeAsync(2500)
    expect(writes).toEqual(['b/SKILL.md', 'b/SKILL.md'])
    // Written: nothing more to do.
    await vi.advanceTimersByTimeAsync(5000)
    expect(writes).toHaveLength(2)
  })

  describe('a change on disk while the editor holds keys for its next frame', () => {
    const start = '---\nname: a\n---\nfirst\nsecond\nthird\n'
    const held = (store: ReturnType<typeof folder>['store']) => {
      return createEditBuffer(store, Symbol('editor'), () => {})
    }

    it('different lines: both are kept, and the merge is written over the disk’s version', async () => {
      const { store, written, disk } = folder(() => ({ ok: true, version: 'a3' }), start)
      held(store).edit('a/SKILL.md', start.replace('first', 'first (page)'))
      disk({ type: 'changed', file: { path: 'a/SKILL.md', text: start + 'fourth (disk)\n', version: 'a2' } })
      const both = start.replace('first', 'first (page)') + 'fourth (disk)\n'
      expect(store.getState().files[0]!.text).toBe(both)
      await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
      expect(written).toEqual([both])
      expect(store.getState().folder?.conflicts).toEqual([])
    })

    it('the same line: a conflict, with the page’s keys as "mine"', async () => {
      const { store, writes, disk } = folder(() => ({ ok: true, version: 'a3' }), start)
      held(store).edit('a/SKILL.md', start + 'page\n')
      disk({ type: 'changed', file: { path: 'a/SKILL.md', text: start + 'disk\n', version: 'a2' } })
      expect(store.getState().folder?.conflicts).toEqual([
        { path: 'a/SKILL.md', mine: start + 'page\n', theirs: start + 'disk\n', theirsVersion: 'a2' },
      ])
      await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
      // Nothing is written over the disk's change while the person has not chosen.
      expect(writes).toEqual([])
    })
  })
})

describe('startFolderSync after a reload with edits unsettled', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  /** The folder as it is after the reload: `a` changed on disk meanwhile, `b` as both last agreed. */
  function reopened(kept: Parameters<typeof startFolderSync>[2]) {
    const files = [
      { path: 'a/SKILL.md', text: 'a theirs', version: 'a2' },
      { path: 'b/SKILL.md', text: 'b', version: 'b1' },
    ]
    const written: { path: string; text: string; base: string | null }[] = []
    const connection: FolderConnection = {
      root: '/skills',
      files,
      reload: async () => files,
      write: async (path, text, base) => {
        written.push({ path, text, base })
        return { ok: true, version: `${path}@${written.length}` }
      },
      remove: async () => ({ ok: true, version: null }),
      move: async () => ({ ok: true, version: null }),
      listen: (_, onConnected) => {
        onConnected(true)
        return () => {}
      },
    }
    const store = createPlaygroundStore({ files: files.map(({ path, text }) => ({ path, text })) })
    store.getState().setFolder({ root: '/skills', connected: true, conflicts: [], problem: null })
    const sync = startFolderSync(store, connection, kept)
    return { store, sync, written }
  }

  it('shows the conflict again with the page’s text, writes nothing meanwhile, and Keep mine writes it over the disk’s version', async () => {
    const { store, sync, written } = reopened([{ path: 'a/SKILL.md', mine: 'a mine', base: 'a', conflict: true }])
    expect(store.getState().folder?.conflicts).toEqual([{ path: 'a/SKILL.md', mine: 'a mine', theirs: 'a theirs', theirsVersion: 'a2' }])
    expect(store.getState().files.find((file) => file.path === 'a/SKILL.md')?.text).toBe('a mine')
    // Still unsettled: the next time the page goes away it is kept again.
    expect(sync.unsettled()).toEqual([{ path: 'a/SKILL.md', mine: 'a mine', base: 'a theirs', conflict: true }])
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
    expect(written).toEqual([])
    await sync.resolve('a/SKILL.md', 'mine')
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
    expect(written).toEqual([{ path: 'a/SKILL.md', text: 'a mine', base: 'a2' }])
    expect(sync.unsettled()).toEqual([])
  })

  it('writes an edit that was waiting when disk did not change the file meanwhile', async () => {
    const { store, written } = reopened([{ path: 'b/SKILL.md', mine: 'b edited', base: 'b', conflict: false }])
    expect(store.getState().folder?.conflicts).toEqual([])
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS + 10)
    expect(written).toEqual([{ path: 'b/SKILL.md', text: 'b edited', base: 'b1' }])
  })
})

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FolderConnection } from '../adapters/folderConnection'
import type { DiskWriteResult } from '../core/workspace'
import { createPlaygroundStore } from '../state/createPlaygroundStore'
import { startFolderSync, WRITE_DELAY_MS } from './folderSync'

/** A folder that answers writes as the test says; nothing else of the outside world. */
function folder(answer: (path: string) => DiskWriteResult) {
  const files = [
    { path: 'a/SKILL.md', text: 'a', version: 'a1' },
    { path: 'b/SKILL.md', text: 'b', version: 'b1' },
  ]
  const writes: string[] = []
  const connection: FolderConnection = {
    root: '/skills',
    files,
    reload: async () => files,
    write: async (path) => {
      writes.push(path)
      return answer(path)
    },
    remove: async () => ({ ok: true, version: null }),
    move: async () => ({ ok: true, version: null }),
    listen: (_onEvent, onConnected) => {
      onConnected(true)
      return () => {}
    },
  }
  const store = createPlaygroundStore({ files: files.map(({ path, text }) => ({ path, text })) })
  store.getState().setFolder({ root: '/skills', connected: true, conflicts: [], problem: null })
  startFolderSync(store, connection)
  return { store, writes }
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
})

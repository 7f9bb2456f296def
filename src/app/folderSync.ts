import type { FolderConnection } from '../adapters/folderConnection'
import {
  decideIncoming,
  mergeText,
  planDiskChanges,
  restoreUnsettledEdits,
  unsettledEdits,
  type DiskChange,
  type DiskConflict,
  type DiskWriteResult,
  type FolderEvent,
  type UnsettledEdit,
} from '../core/workspace'
import type { PlaygroundStore } from '../state/createPlaygroundStore'

/** How long typing must pause before an edit is written to its file. */
export const WRITE_DELAY_MS = 300
/** After a request that did not reach the server, writing is tried again this much later. */
const RETRY_MS = 2000

export interface FolderSync {
  /** Settles a file changed on both sides: keep the page's text (written over the disk's) or take the disk's. */
  resolve: (path: string, keep: 'mine' | 'theirs') => Promise<void>
  /** What the page holds that disk has not taken: kept when the page goes away, brought back by the next start. */
  unsettled: () => UnsettledEdit[]
}

/**
 * Keeps the store and a folder on disk in step (docs/open-folder.md): the page's edits are written
 * back shortly after typing pauses, each with the version it started from; changes on disk come
 * in as events and are taken when the page did not touch the file meanwhile. A file changed on
 * both sides becomes a conflict the person settles; nothing is overwritten silently. While the
 * server is gone the text stays in the page and the writes wait for it.
 */
export function startFolderSync(store: PlaygroundStore, connection: FolderConnection, kept: readonly UnsettledEdit[] = []): FolderSync {
  /** What disk and page last agreed each file holds, and the version disk gave it. */
  const synced = new Map<string, { text: string; version: string | null }>(
    connection.files.map((file) => [file.path, { text: file.text, version: file.version }]),
  )
  let timer: ReturnType<typeof setTimeout> | undefined
  let writing = false
  let again = false
  // A move the folder refused (the target exists, the source went): the next pass writes anew instead.
  let withoutMoves = false

  const conflictOn = (path: string) => store.getState().folder?.conflicts.some((conflict) => conflict.path === path) ?? false
  const addConflict = (conflict: DiskConflict) => {
    const conflicts = (store.getState().folder?.conflicts ?? []).filter((other) => other.path !== conflict.path)
    store.getState().updateFolder({ conflicts: [...conflicts, conflict] })
  }
  let refused = false
  /**
   * A change disk did not take. A request that did not arrive stops this pass and is tried again
   * shortly (whether the server is gone is the event stream's to say: one lost request must not
   * hold every write); a conflict or a refusal concerns that one file, and the others go on.
   */
  const failed = (path: string, mine: string | null, result: Extract<DiskWriteResult, { ok: false }>): 'stop' | 'next' => {
    if (result.offline) {
      retry()
      return 'stop'
    }
    if (result.conflict) addConflict({ path, mine, theirs: result.disk?.text ?? null, theirsVersion: result.disk?.version ?? null })
    else {
      refused = true
      store.getState().updateFolder({ problem: `${path}: ${result.error}` })
    }
    return 'next'
  }

  const apply = async (change: DiskChange): Promise<'next' | 'stop'> => {
    if (change.kind === 'write') {
      const result = await connection.write(change.path, change.text, synced.get(change.path)?.version ?? null)
      if (!result.ok) return failed(change.path, change.text, result)
      synced.set(change.path, { text: change.text, version: result.version })
    } else if (change.kind === 'remove') {
      const result = await connection.remove(change.path, synced.get(change.path)?.version ?? null)
      if (!result.ok) return failed(change.path, null, result)
      synced.delete(change.path)
    } else {
      const result = connection.move ? await connection.move(change.from, change.to) : null
      if (!result?.ok) {
        if (result?.offline) return failed(change.path, null, result)
        // The target is taken or the source went: plan again, writing anew instead of moving.
        withoutMoves = true
        again = true
        return 'stop'
      }
      for (const [path, state] of [...synced]) {
        if (path !== change.from && !path.startsWith(`${change.from}/`)) continue
        synced.delete(path)
        synced.set(change.to + path.slice(change.from.length), state)
      }
    }
    return 'next'
  }

  const flush = async () => {
    if (writing) {
      again = true
      return
    }
    writing = true
    try {
      const state = store.getState()
      if (!state.folder?.connected) return
      const agreed = new Map([...synced].map(([path, { text }]) => [path, text]))
      const moves = connection.move !== null && !withoutMoves
      withoutMoves = false
      refused = false
      for (const change of planDiskChanges(agreed, state.files, { moves })) {
        if (conflictOn(change.path)) continue
        if ((await apply(change)) === 'stop') break
      }
      if (!refused && store.getState().folder?.problem) store.getState().updateFolder({ problem: null })
    } finally {
      writing = false
      if (again) {
        again = false
        schedule()
      }
    }
  }
  const schedule = (delay = WRITE_DELAY_MS) => {
    clearTimeout(timer)
    timer = setTimeout(() => void flush(), delay)
  }
  const retry = () => schedule(RETRY_MS)
  store.subscribe((state, previous) => {
    if (state.files !== previous.files) schedule()
  })

  const incoming = (path: string, text: string | null, version: string | null) => {
    // Keys the editor still holds are the page's edits too: compared without them, the disk's
    // text would be taken, then undone by those keys and written over the disk's change.
    store.getState().writeHeldEdits()
    const local = store.getState().files.find((file) => file.path === path)?.text
    const was = synced.get(path)?.text
    let decision = decideIncoming(was, local, text)
    let merged: string | null = null
    if (decision === 'conflict' && was !== undefined && local !== undefined && text !== null) {
      // Both changed the file: different lines merge, the same lines are a conflict.
      const lines = mergeText(was, local, text)
      if (lines.ok) {
        merged = lines.text
        decision = 'apply'
      }
    }
    if (decision === 'conflict') return addConflict({ path, mine: local ?? null, theirs: text, theirsVersion: version })
    if (text === null) synced.delete(path)
    else synced.set(path, { text, version })
    if (decision === 'apply') store.getState().applyDiskFile(path, merged ?? text)
  }
  const onEvent = (event: FolderEvent) =>
    event.type === 'changed' ? incoming(event.file.path, event.file.text, event.file.version) : incoming(event.path, null, null)

  // Back after the server was gone: read the folder again (it may have changed meanwhile), then write what waited.
  const reconnect = async () => {
    const files = await connection.reload()
    if (!files) return
    const onDisk = new Set(files.map((file) => file.path))
    for (const file of files) if (synced.get(file.path)?.version !== file.version) incoming(file.path, file.text, file.version)
    for (const path of [...synced.keys()]) if (!onDisk.has(path)) incoming(path, null, null)
    schedule()
  }
  let wasConnected = true
  connection.listen(onEvent, (connected) => {
    store.getState().updateFolder({ connected })
    if (connected && !wasConnected) void reconnect()
    wasConnected = connected
  })

  const resolve = async (path: string, keep: 'mine' | 'theirs') => {
    const conflict = store.getState().folder?.conflicts.find((candidate) => candidate.path === path)
    if (!conflict) return
    store.getState().updateFolder({ conflicts: (store.getState().folder?.conflicts ?? []).filter((other) => other.path !== path) })
    if (keep === 'theirs') {
      if (conflict.theirs === null) synced.delete(path)
      else synced.set(path, { text: conflict.theirs, version: conflict.theirsVersion })
      store.getState().applyDiskFile(path, conflict.theirs)
      return
    }
    // Mine, written over the version just seen on disk (a newer change there is a new conflict).
    if (conflict.theirs === null) synced.delete(path)
    else synced.set(path, { text: conflict.theirs, version: conflict.theirsVersion })
    schedule()
  }
  // Edits the page held when it last went away (a reload with a conflict open, writes waiting):
  // the page's again where disk did not change meanwhile, asked again where it did.
  const restored = restoreUnsettledEdits(kept, connection.files)
  for (const { path, text } of restored.apply) store.getState().applyDiskFile(path, text)
  for (const conflict of restored.conflicts) {
    // The page holds its own version again, as before the reload: "Keep this page's version" writes it.
    addConflict(conflict)
    store.getState().applyDiskFile(conflict.path, conflict.mine)
  }

  const unsettled = () => {
    store.getState().writeHeldEdits()
    const agreed = new Map([...synced].map(([path, { text }]) => [path, text]))
    return unsettledEdits(agreed, store.getState().files, store.getState().folder?.conflicts ?? [])
  }
  return { resolve, unsettled }
}

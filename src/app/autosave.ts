import { createTabSync } from '../adapters/tabSync'
import { message } from '../core/messages'
import { AUTOSAVE_DELAY_MS, mergeSavedWorkspaces, sameSavedWorkspace, type SavedWorkspace } from '../core/workspace'
import {
  loadSavedWorkspace,
  sameSave,
  saveWorkspace,
  saveWorkspaceOnExit,
  type SavedIdentity,
  type SavedRecord,
} from '../adapters/workspaceStorage'
import { changedSavedFields, savedFromState, stateFromSaved, type PlaygroundStore } from '../state/createPlaygroundStore'

export interface Autosave {
  /** Save now (Ctrl+S; "Keep mine" in a tab conflict). */
  saveNow: () => Promise<void>
  /** Replace this tab's state with what was saved last (e.g. "Load theirs"). */
  loadSaved: () => Promise<void>
  /** Save what waits, then stop (the page now edits a folder: the browser's workspace is kept as it was). */
  stop: () => Promise<void>
}

/** Saves that find another tab's newer save in a row before the tab stops and asks (each is a real save of another tab). */
const MAX_MERGES_PER_SAVE = 8

/**
 * Saves the workspace shortly after every change and at once when the page goes away, and keeps
 * two tabs from silently overwriting each other (docs/saved-workspace.md, "Two tabs"):
 *
 * - A save is written only over the save this tab last read or wrote (`seen`), checked in the
 *   storage's own transaction; when another tab saved in between, that save is merged in first.
 * - Another tab's save is always merged against `base` (the content of `seen`) with what this tab
 *   holds at that moment, keys the editor still holds included: never loaded over it.
 * - Saves and merges run one at a time, so a save in flight and an incoming save never interleave.
 *
 * What both tabs changed at the same place is a question ("Load theirs" / "Keep mine").
 */
export function startAutosave(store: PlaygroundStore, initial: SavedIdentity | null): Autosave {
  /** The stored save this tab's state is based on, and its content: the base of every merge. */
  let seen = initial
  let base: SavedWorkspace = savedFromState(store.getState())
  /** The highest revision this tab has written or read: the next save's is one more. */
  let revision = initial?.revision ?? 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let applyingSaved = false
  let savesInFlight = 0
  let stopped = false
  /** Every save and merge, one after the other. */
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work)
    queue = run.catch(() => {})
    return run
  }

  const cancelTimer = () => {
    clearTimeout(timer)
    timer = undefined
  }
  const notice = (key: 'saved.otherTab' | 'saved.mergedOtherTab') => {
    store.getState().setTabNotice(message(key))
    setTimeout(() => store.getState().setTabNotice(null), 4000)
  }
  const ask = () => {
    cancelTimer()
    store.getState().setTabConflict(true)
    store.getState().setSaveStatus('pending')
  }
  const replaceState = (workspace: SavedWorkspace, extra: { tabConflict?: boolean } = {}) => {
    applyingSaved = true
    try {
      store.setState({ ...stateFromSaved(workspace, store.getState()), ...extra })
    } finally {
      applyingSaved = false
    }
  }
  const takeIn = (record: SavedRecord) => {
    seen = { tab: record.tab, revision: record.revision }
    base = record.workspace
    revision = Math.max(revision, record.revision)
  }

  /**
   * Merges the stored save into this tab: `merged` when this tab still has changes of its own to
   * save, `taken` when it now holds exactly the stored save, `asked` on a clash (or an unreadable save).
   */
  const absorb = async (): Promise<'merged' | 'taken' | 'asked'> => {
    const loaded = await loadSavedWorkspace()
    if (!loaded.ok || !loaded.record) {
      ask()
      return 'asked'
    }
    const record = loaded.record
    // Every key typed until now, the editor's held ones included, is part of "mine": read after the load.
    store.getState().writeHeldEdits()
    const mine = savedFromState(store.getState())
    if (sameSave(seen, record)) return sameSavedWorkspace(mine, base) ? 'taken' : 'merged'
    const { merged, conflicts } = mergeSavedWorkspaces(base, mine, record.workspace)
    if (conflicts.length > 0) {
      ask()
      return 'asked'
    }
    const hadOwnChanges = !sameSavedWorkspace(mine, base)
    takeIn(record)
    if (!sameSavedWorkspace(merged, mine)) replaceState(merged)
    notice(hadOwnChanges ? 'saved.mergedOtherTab' : 'saved.otherTab')
    if (sameSavedWorkspace(merged, record.workspace)) {
      cancelTimer()
      store.getState().setSaveStatus('saved')
      return 'taken'
    }
    return 'merged'
  }

  /** Writes this tab's state over `seen`; another tab's save found in its place is merged in first. */
  const save = async (): Promise<void> => {
    for (let merges = 0; ; merges++) {
      if (stopped || store.getState().tabConflict) return
      // The editor's held keys are part of what is saved (Ctrl+S right after typing).
      store.getState().writeHeldEdits()
      cancelTimer()
      const workspace = savedFromState(store.getState())
      const next = { tab: sync.tab, revision: revision + 1 }
      // Until storage confirms, a page that goes away must still write its exit copy.
      savesInFlight += 1
      store.getState().setSaveStatus('saving')
      const result = await saveWorkspace({ workspace, ...next }, seen).finally(() => (savesInFlight -= 1))
      const { storageProblem, setStorageProblem, setSaveStatus } = store.getState()
      if (result.ok) {
        seen = next
        base = workspace
        revision = next.revision
        if (timer === undefined && sameSavedWorkspace(savedFromState(store.getState()), workspace)) setSaveStatus('saved')
        else setSaveStatus('pending')
        if (storageProblem) setStorageProblem(null)
        sync.announce(revision)
        return
      }
      if (!result.stale) {
        setSaveStatus('failed')
        return setStorageProblem(result.error)
      }
      if (merges >= MAX_MERGES_PER_SAVE) return ask()
      // Another tab saved since `seen`: take its changes in, then save the merge.
      if ((await absorb()) !== 'merged') return
    }
  }

  const saveNow = () =>
    exclusive(async () => {
      if (store.getState().tabConflict) {
        // "Keep mine": this tab's state replaces the save there is now.
        const loaded = await loadSavedWorkspace()
        seen = loaded.ok ? (loaded.record ? { tab: loaded.record.tab, revision: loaded.record.revision } : null) : (loaded.identity ?? null)
        revision = Math.max(revision, seen?.revision ?? 0)
        store.getState().setTabConflict(false)
      }
      await save()
    })

  const loadSaved = () =>
    exclusive(async () => {
      const loaded = await loadSavedWorkspace()
      if (!loaded.ok || !loaded.record) return
      cancelTimer()
      replaceState(loaded.record.workspace, { tabConflict: false })
      takeIn(loaded.record)
      store.getState().setSaveStatus('saved')
    })

  const sync = createTabSync(() => {
    // Nothing to decide while the question is open: "Load theirs" and "Keep mine" read the save then.
    if (stopped || store.getState().tabConflict) return
    void exclusive(async () => {
      if (store.getState().tabConflict) return
      if ((await absorb()) === 'merged') await save()
    })
  })

  const stop = () =>
    exclusive(async () => {
      if (timer !== undefined) await save()
      stopped = true
      cancelTimer()
      sync.close()
    })

  store.subscribe((state, previous) => {
    if (stopped || applyingSaved || !changedSavedFields(state, previous)) return
    if (state.saveStatus !== 'pending') store.getState().setSaveStatus('pending')
    // While the two-tab question is open, edits stay in this tab until "Keep mine" or "Load theirs".
    if (state.tabConflict) return
    clearTimeout(timer)
    timer = setTimeout(() => void exclusive(save), AUTOSAVE_DELAY_MS)
  })
  // Held edits live only in this tab while the two-tab question is open: the browser asks first.
  window.addEventListener('beforeunload', (event) => {
    if (store.getState().tabConflict) event.preventDefault()
  })
  window.addEventListener('pagehide', () => {
    store.getState().writeHeldEdits()
    if (stopped || (timer === undefined && savesInFlight === 0)) return
    cancelTimer()
    revision += 1
    saveWorkspaceOnExit({ workspace: savedFromState(store.getState()), tab: sync.tab, revision })
  })
  return { saveNow, loadSaved, stop }
}

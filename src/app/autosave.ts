import { createTabSync } from '../adapters/tabSync'
import { message } from '../core/messages'
import { AUTOSAVE_DELAY_MS, mergeSavedWorkspaces, type SavedWorkspace } from '../core/workspace'
import { loadSavedWorkspace, saveWorkspace, saveWorkspaceOnExit } from '../adapters/workspaceStorage'
import { changedSavedFields, savedFromState, stateFromSaved, type PlaygroundStore } from '../state/createPlaygroundStore'

export interface Autosave {
  /** Save now (e.g. "Keep mine" in a tab conflict). */
  saveNow: () => Promise<void>
  /** Replace this tab's state with what was saved last (e.g. "Load theirs"). */
  loadSaved: () => Promise<void>
  /** Save what waits, then stop (the page now edits a folder: the browser's workspace is kept as it was). */
  stop: () => Promise<void>
}

/**
 * Saves the workspace shortly after every change and at once when the page goes away; keeps two
 * tabs from silently overwriting each other: a tab with nothing unsaved takes in the other tab's
 * save, and one with unsaved changes asks.
 */
export function startAutosave(store: PlaygroundStore, initialRevision: number): Autosave {
  let revision = initialRevision
  let timer: ReturnType<typeof setTimeout> | undefined
  let applyingSaved = false
  let savesInFlight = 0
  // While another tab's save is being read for a merge, this tab's edits wait (saving them first
  // would overwrite that save).
  let merging = false
  // The save this tab's state started from: the base of a merge with another tab's save.
  let base: SavedWorkspace = savedFromState(store.getState())

  const saveNow = async () => {
    clearTimeout(timer)
    timer = undefined
    revision += 1
    // Until IndexedDB confirms, a page that goes away must still write its exit copy.
    savesInFlight += 1
    store.getState().setSaveStatus('saving')
    const workspace = savedFromState(store.getState())
    base = workspace
    const result = await saveWorkspace({ workspace, tab: sync.tab, revision }).finally(() => (savesInFlight -= 1))
    const { storageProblem, setStorageProblem, setTabConflict } = store.getState()
    if (!result.ok) {
      store.getState().setSaveStatus('failed')
      return setStorageProblem(result.error)
    }
    if (timer === undefined) store.getState().setSaveStatus('saved')
    if (storageProblem) setStorageProblem(null)
    setTabConflict(false)
    sync.announce(revision)
  }

  const loadSaved = async () => {
    const loaded = await loadSavedWorkspace()
    if (!loaded.ok || !loaded.record) return
    clearTimeout(timer)
    timer = undefined
    applyingSaved = true
    store.setState({ ...stateFromSaved(loaded.record.workspace, store.getState()), tabConflict: false })
    applyingSaved = false
    revision = Math.max(revision, loaded.record.revision)
    base = loaded.record.workspace
  }

  /** Another tab saved while this one has unsaved changes: merge file by file, ask only on a real clash. */
  const mergeTheirs = async () => {
    merging = true
    const loaded = await loadSavedWorkspace().finally(() => (merging = false))
    const { setTabConflict, setSaveStatus } = store.getState()
    if (!loaded.ok || !loaded.record || store.getState().tabConflict) {
      setTabConflict(true)
      return setSaveStatus('pending')
    }
    // Read after the await: an edit typed meanwhile is part of "mine".
    const { merged, conflicts } = mergeSavedWorkspaces(base, savedFromState(store.getState()), loaded.record.workspace)
    if (conflicts.length > 0) {
      clearTimeout(timer)
      timer = undefined
      setTabConflict(true)
      return setSaveStatus('pending')
    }
    clearTimeout(timer)
    timer = undefined
    applyingSaved = true
    store.setState(stateFromSaved(merged, store.getState()))
    applyingSaved = false
    revision = Math.max(revision, loaded.record.revision)
    await saveNow()
    store.getState().setTabNotice(message('saved.mergedOtherTab'))
    setTimeout(() => store.getState().setTabNotice(null), 4000)
  }

  const sync = createTabSync(() => {
    // Keys the editor holds back are this tab's edits too: in the store before it decides.
    store.getState().writeHeldEdits()
    // Unsaved changes here and a newer save there: hold this tab's saves until the user chooses,
    // or the pending save would overwrite the other tab's work and clear the question.
    if (timer !== undefined || store.getState().tabConflict) {
      clearTimeout(timer)
      timer = undefined
      void mergeTheirs()
    } else
      void loadSaved().then(() => {
        store.getState().setTabNotice(message('saved.otherTab'))
        setTimeout(() => store.getState().setTabNotice(null), 4000)
      })
  })

  let stopped = false
  const stop = async () => {
    if (timer !== undefined) await saveNow()
    stopped = true
    clearTimeout(timer)
    timer = undefined
    sync.close()
  }

  store.subscribe((state, previous) => {
    if (stopped || applyingSaved || !changedSavedFields(state, previous)) return
    if (state.saveStatus !== 'pending') store.getState().setSaveStatus('pending')
    // While the two-tab question is open, edits stay in this tab until "Keep mine" or "Load theirs".
    if (state.tabConflict || merging) return
    clearTimeout(timer)
    timer = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS)
  })
  // Held edits live only in this tab while the two-tab question is open: the browser asks first.
  window.addEventListener('beforeunload', (event) => {
    if (store.getState().tabConflict) event.preventDefault()
  })
  window.addEventListener('pagehide', () => {
    store.getState().writeHeldEdits()
    if (stopped || (timer === undefined && savesInFlight === 0)) return
    clearTimeout(timer)
    timer = undefined
    revision += 1
    saveWorkspaceOnExit({ workspace: savedFromState(store.getState()), tab: sync.tab, revision })
  })
  return { saveNow, loadSaved, stop }
}

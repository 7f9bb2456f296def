import type { PlaygroundStore } from '../../state/createPlaygroundStore'
import type { EditOrigin } from '../../state/workspaceSlice'

/** Runs `run` in a task after the next frame has been painted. */
const afterNextFrame = (run: () => void) => {
  requestAnimationFrame(() => setTimeout(run))
}

/**
 * The editor's keys on their way to the store. Monaco paints a typed character on its own; the
 * store's update redraws the rest of the page (scores, problems, token meter), which in the
 * keystroke's own frame made that frame late. Each key's text is held by the store
 * (`holdEdit`, which notifies nobody) and written after the frame that shows it, keys typed
 * before then together, so a fast typist is never behind. `flush` writes at once: for anything
 * that must not read a text older than the editor's. Whatever else must (autosave, a change from
 * disk, the form) asks the store (`writeHeldEdits`), never the editor.
 */
export function createEditBuffer(store: PlaygroundStore, origin: EditOrigin, schedule = afterNextFrame) {
  const flush = () => store.getState().writeHeldEdits()
  return {
    edit(path: string, text: string) {
      // A write is asked for when the store held nothing: everything before was written (by the
      // last frame's write, or by whatever asked the store for the held keys meanwhile).
      if (store.getState().holdEdit(path, text, origin)) schedule(flush)
    },
    flush,
  }
}

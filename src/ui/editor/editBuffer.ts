/** Runs `run` in a task after the next frame has been painted. */
const afterNextFrame = (run: () => void) => {
  requestAnimationFrame(() => setTimeout(run))
}

/**
 * The editor's keys on their way to the store. Monaco paints a typed character on its own; the
 * store's update redraws the rest of the page (scores, problems, token meter), which in the
 * keystroke's own frame made that frame late. The buffer writes after the frame that shows the
 * key, and writes keys typed before then together, so a fast typist is never behind.
 * `flush` writes at once: for anything that must not read a text older than the editor's.
 */
export function createEditBuffer(write: (path: string, text: string) => void, schedule = afterNextFrame) {
  let pending: { path: string; text: string } | null = null
  const flush = () => {
    if (!pending) return
    const { path, text } = pending
    pending = null
    write(path, text)
  }
  return {
    edit(path: string, text: string) {
      // Another file's keys (the editor switched files) are written first, in the order typed.
      if (pending && pending.path !== path) flush()
      if (!pending) schedule(flush)
      pending = { path, text }
    },
    /**
     * The editor holds the store's text for `path` again (the store's own change reached it, or
     * keys were typed and taken back before the write): nothing of that file is left to write.
     */
    settle(path: string) {
      if (pending?.path === path) pending = null
    },
    flush,
  }
}

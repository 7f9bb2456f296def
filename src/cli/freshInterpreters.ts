/**
 * The sandbox process's interpreters (docs/skill-code.md, "A ready Python"): every run takes one
 * that no run had before, either the one restored ahead (while the last outcome was written, or
 * while the process waited for work) or one restored when the run asks. An interpreter is given
 * out once: taking it forgets it, and what is prepared next is a new one.
 */
export interface FreshInterpreters<Runtime> {
  /** The interpreter for the next run: the one prepared ahead, else one started now. */
  take: () => Promise<Runtime>
  /** Starts the next run's interpreter now, unless one is prepared already. */
  prepare: () => void
}

/** `first` is the interpreter started with the process; `start` makes each next one. */
export function freshInterpreters<Runtime>(first: Runtime, start: () => Promise<Runtime>): FreshInterpreters<Runtime> {
  let next: Promise<Runtime> | undefined = Promise.resolve(first)
  return {
    take: () => {
      const taken = next ?? start()
      next = undefined
      return taken
    },
    prepare: () => {
      if (next) return
      const started = start()
      // A start that fails is the failure of the run that takes it, not of the process before then.
      started.catch(() => {})
      next = started
    },
  }
}

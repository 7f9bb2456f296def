/** How long one slice of bulk work (parsing, compiling, linting, planning an import) may hold the page before it lets input and painting in. */
const SLICE_MS = 12

/** Lets input and painting in before the work goes on. */
export const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

/** Runs stepped work SLICE_MS at a time, letting input and painting in between (every slicing loop of the state layer is one of these). */
export async function inSlices<T>(steps: Generator<void, T>): Promise<T> {
  let started = performance.now()
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
    if (performance.now() - started < SLICE_MS) continue
    await nextTask()
    started = performance.now()
  }
}

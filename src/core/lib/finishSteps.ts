/**
 * Runs a stepped computation (a generator that yields between steps so a page can spread it over
 * several tasks) to its end at once, where nothing else waits: the CLI, a test, a small input.
 */
export function finishSteps<T>(steps: Generator<void, T>): T {
  for (;;) {
    const step = steps.next()
    if (step.done) return step.value
  }
}

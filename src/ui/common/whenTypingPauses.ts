const IDLE_WAIT_MS = 2000

/**
 * Runs `run` once the user has not typed for `quietMs` (counted from `since`) and the browser is
 * idle; returns what cancels it. "Idle" waits at most `IDLE_WAIT_MS`: a page that is never idle (a
 * busy machine, a run streaming in) still gets its turn once typing has paused.
 */
export function whenTypingPauses(quietMs: number, since: number, run: () => void): () => void {
  let lastInput = since
  const typed = () => (lastInput = performance.now())
  let idle: number | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  const stop = () => {
    window.removeEventListener('keydown', typed, true)
    window.removeEventListener('input', typed, true)
    if (idle !== undefined) cancelIdleCallback(idle)
    clearTimeout(timer)
  }
  const check = () => {
    const quietFor = performance.now() - lastInput
    if (quietFor < quietMs) return void (timer = setTimeout(wait, quietMs - quietFor))
    stop()
    run()
  }
  const wait = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(check, { timeout: IDLE_WAIT_MS })
    else timer = setTimeout(check, 50)
  }
  window.addEventListener('keydown', typed, true)
  window.addEventListener('input', typed, true)
  timer = setTimeout(wait, Math.max(0, quietMs - (performance.now() - since)))
  return stop
}

import { useCallback, useEffect, useRef, useState } from 'react'

const IDLE_WAIT_MS = 2000

/**
 * False for the first paint; true once the user has not typed for `quietMs` and the browser is
 * idle. For a heavy part (Monaco: a quarter of a second of script evaluation that cannot be split)
 * that loads right after the page is usable but never while someone is typing into it, which
 * would hold their keystrokes. `prefetch` runs at the first idle moment, typing or not (fetching
 * its files holds nothing up). The returned function mounts at once (the user reached for it), and
 * so does a change of `reachedFor` after the first render (the user chose something to show in it).
 *
 * "Idle" waits at most `IDLE_WAIT_MS`: a page that is never idle (a busy machine, a run streaming
 * in) still gets its editor once typing has paused.
 */
export function useIdleMount({
  quietMs = 800,
  prefetch,
  reachedFor,
}: { quietMs?: number; prefetch?: () => void; reachedFor?: unknown } = {}): [boolean, () => void] {
  const [ready, setReady] = useState(false)
  const mount = useCallback(() => setReady(true), [])
  const first = useRef(reachedFor)
  useEffect(() => {
    if (reachedFor !== first.current) mount()
  }, [reachedFor, mount])
  useEffect(() => {
    if (!prefetch) return
    if (typeof requestIdleCallback !== 'function') return prefetch()
    const handle = requestIdleCallback(prefetch, { timeout: IDLE_WAIT_MS })
    return () => cancelIdleCallback(handle)
  }, [prefetch])
  useEffect(() => {
    if (ready) return
    let lastInput = performance.now()
    const typed = () => (lastInput = performance.now())
    let idle: number | undefined
    let timer: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      const quietFor = performance.now() - lastInput
      if (quietFor >= quietMs) setReady(true)
      else timer = setTimeout(wait, quietMs - quietFor)
    }
    const wait = () => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(check, { timeout: IDLE_WAIT_MS })
      else timer = setTimeout(check, 50)
    }
    window.addEventListener('keydown', typed, true)
    window.addEventListener('input', typed, true)
    timer = setTimeout(wait, quietMs)
    return () => {
      window.removeEventListener('keydown', typed, true)
      window.removeEventListener('input', typed, true)
      if (idle !== undefined) cancelIdleCallback(idle)
      clearTimeout(timer)
    }
  }, [ready, quietMs])
  return [ready, mount]
}

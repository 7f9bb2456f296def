import { useCallback, useEffect, useRef, useState } from 'react'
import { whenTypingPauses } from './whenTypingPauses'

/**
 * The pause in typing that fetching (and compiling) a heavy part waits for. The browser compiles
 * Monaco's 4 MB on a background thread, which on two cores took the core the keystrokes needed:
 * typing from the first moment was slower with it in paired runs (docs/architecture.md, "What the
 * first visit pays for").
 */
const PREFETCH_QUIET_MS = 300

/**
 * False for the first paint; true once the user has not typed for `quietMs` and the browser is
 * idle. For a heavy part (Monaco: one long script evaluation that cannot be split)
 * that loads right after the page is usable but never while someone is typing into it, which
 * would hold their keystrokes. `prefetch` runs at the first idle moment in which nobody is typing
 * (at once on a page nobody types into). The returned function mounts at once (the user reached
 * for it), and so does a change of `reachedFor` after the first render (the user chose something
 * to show in it).
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
  // Counted from the page's start: a page nobody has typed into prefetches at its first idle moment.
  useEffect(() => (prefetch ? whenTypingPauses(PREFETCH_QUIET_MS, 0, prefetch) : undefined), [prefetch])
  useEffect(() => (ready ? undefined : whenTypingPauses(quietMs, performance.now(), mount)), [ready, quietMs, mount])
  return [ready, mount]
}

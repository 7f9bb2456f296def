import { useEffect, useState } from 'react'

/**
 * False for the first paint, true once the browser is idle after it (or at the latest after
 * `timeoutMs`): a heavy part (Monaco and its worker) loads right after the page is usable,
 * without holding up the first keystroke. `now()` mounts at once (the user reached for it).
 */
export function useIdleMount(timeoutMs = 1500): [boolean, () => void] {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (ready) return
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(() => setReady(true), { timeout: timeoutMs })
      return () => cancelIdleCallback(handle)
    }
    const timer = setTimeout(() => setReady(true), 200)
    return () => clearTimeout(timer)
  }, [ready, timeoutMs])
  return [ready, () => setReady(true)]
}

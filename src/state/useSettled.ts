import { useEffect, useState } from 'react'

/** How long typing must pause before work that is not on the keystroke path runs. */
export const SETTLE_MS = 150

/**
 * `value` once it has stopped changing for SETTLE_MS and the browser is idle, and whether the
 * returned value is behind. Heavy derived work (the routing-test suite and its threshold sweep
 * over every skill) follows the settled value, so a keystroke only pays for what it changes.
 */
export function useSettled<T>(value: T): [T, boolean] {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (Object.is(value, settled)) return
    let idle: number | null = null
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(() => setSettled(() => value), { timeout: 500 })
      else setSettled(() => value)
    }, SETTLE_MS)
    return () => {
      clearTimeout(timer)
      if (idle !== null && typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
    }
  }, [value, settled])
  return [settled, !Object.is(value, settled)]
}

import { useEffect, useRef } from 'react'

/**
 * Listens to a window event for the component's lifetime. The listener is added once; it calls
 * the latest `handler`, so a handler that reads fresh props or state does not re-subscribe on
 * every render.
 */
export function useWindowEvent<K extends keyof WindowEventMap>(type: K, handler: (event: WindowEventMap[K]) => void): void {
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  useEffect(() => {
    const listener = (event: WindowEventMap[K]) => latest.current(event)
    window.addEventListener(type, listener)
    return () => window.removeEventListener(type, listener)
  }, [type])
}

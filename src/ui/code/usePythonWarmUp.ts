import { useEffect } from 'react'
import { useDerivations, usePlayground } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'

/** How long nobody must have typed before the page starts Python on its own. */
const QUIET_MS = 2000
/** The longest "idle" waits: a page that is never idle still gets Python once typing has paused. */
const IDLE_WAIT_MS = 2000

/**
 * Starts Python in its worker once the page is idle, when the workspace has a skill with code
 * (docs/skill-code.md, "A ready Python"), so the first Run code does not wait for it to load. It
 * waits for a pause in typing: Python's start takes a core for a few seconds, and on a two-core
 * machine that is the core a typist's keystrokes need.
 */
export function usePythonWarmUp(): void {
  const derive = useDerivations()
  const hasCode = usePlayground((state) => derive.codeFiles(state.files).size > 0)
  const services = useServices()
  useEffect(() => {
    if (!hasCode) return
    return whenQuietAndIdle(() => void services.code.warm())
  }, [hasCode, services])
}

/** Runs `run` once nobody has typed for QUIET_MS and the browser is idle; returns what cancels it. */
export function whenQuietAndIdle(run: () => void): () => void {
  let lastInput = performance.now()
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
    if (quietFor < QUIET_MS) return void (timer = setTimeout(wait, QUIET_MS - quietFor))
    stop()
    run()
  }
  const wait = () => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(check, { timeout: IDLE_WAIT_MS })
    else timer = setTimeout(check, 50)
  }
  window.addEventListener('keydown', typed, true)
  window.addEventListener('input', typed, true)
  timer = setTimeout(wait, QUIET_MS)
  return stop
}

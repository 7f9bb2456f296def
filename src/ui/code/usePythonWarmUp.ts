import { useEffect } from 'react'
import { useDerivations, usePlayground } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { whenTypingPauses } from '../common/whenTypingPauses'

/** How long nobody must have typed before the page starts Python on its own. */
const QUIET_MS = 2000

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
export const whenQuietAndIdle = (run: () => void): (() => void) => whenTypingPauses(QUIET_MS, performance.now(), run)

import { useEffect, useRef } from 'react'
// The trace module only: the agent loop and its tools (mathjs, minisearch) load on the first Run.
import { ROUTING_MODES, type RoutingMode } from '../../core/agent/trace'
import { useDerivations, usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'

/** Run / Abort, with the model and the routing mode the run uses. */
export function RunControls({ onRun }: { onRun: () => void }) {
  const store = usePlaygroundStore()
  const derive = useDerivations()
  const mode = usePlayground((state) => state.routingMode)
  const running = usePlayground((state) => state.runs[0]?.status === 'running')
  const abort = useRef<(() => void) | null>(null)

  const run = () => {
    onRun()
    void import('../../state/agentRunner').then(({ startAgentRun }) => {
      abort.current = startAgentRun(store, derive)
    })
  }
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && !running) {
        event.preventDefault()
        run()
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  })

  return (
    <div className="run-controls">
      <label className="select">
        <span>Model</span>
        <select aria-label="Model" value="scripted" onChange={() => {}}>
          <option value="scripted">Scripted (offline, deterministic)</option>
        </select>
      </label>
      <label className="select">
        <span>Routing</span>
        <select aria-label="Routing mode" value={mode} onChange={(event) => store.getState().setRoutingMode(event.target.value as RoutingMode)}>
          {ROUTING_MODES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      {running ? (
        <button type="button" className="button danger" onClick={() => abort.current?.()}>
          Abort
        </button>
      ) : (
        <button type="button" className="button primary" onClick={run} title="Run the agent on this utterance (Ctrl+Enter)">
          Run
        </button>
      )}
    </div>
  )
}

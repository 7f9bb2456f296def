import { useRef, useState } from 'react'
// The trace module only: the agent loop and its tools (mathjs, minisearch) load on the first Run.
import { ROUTING_MODES, type RoutingMode } from '../../core/agent/trace'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import type { ToolProtocol } from '../../core/agent/types'
import type { ModelChoice } from '../../state/runSlice'
import { ModelSettings, useModelProblem } from './ModelSettings'

/** Run / Abort, with the model and the routing mode the run uses. */
export function RunControls({ onRun }: { onRun: () => void }) {
  const store = usePlaygroundStore()
  const { startRun } = useServices()
  const mode = usePlayground((state) => state.routingMode)
  const protocol = usePlayground((state) => state.toolProtocol)
  const running = usePlayground((state) => state.runs[0]?.status === 'running')
  const abort = useRef<(() => void) | null>(null)
  const model = usePlayground((state) => state.model)
  const proxy = usePlayground((state) => state.proxy)
  const [, keyChanged] = useState(0)
  const problem = useModelProblem()
  const proxyNote = proxy === 'unknown' ? '' : proxy === null ? ' — not available here' : proxy.configured ? '' : ' — no key on the server'

  const run = () => {
    if (problem) return
    onRun()
    void startRun().then((stop) => {
      abort.current = stop
    })
  }
  useWindowEvent('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && !running && !problem) {
      event.preventDefault()
      run()
    }
  })

  return (
    <>
      <div className="run-controls">
        <label className="select">
          <span>Model</span>
          <select aria-label="Model" value={model} onChange={(event) => store.getState().setModel(event.target.value as ModelChoice)}>
            <option value="scripted">Scripted (offline, deterministic)</option>
            <option value="script">Scripted (replay your script)</option>
            <option value="proxy">OpenAI (server proxy){proxyNote}</option>
            <option value="browser">OpenAI-compatible (browser, your key)</option>
          </select>
        </label>
        <label className="select">
          <span>Routing</span>
          <select
            aria-label="Routing mode"
            value={mode}
            onChange={(event) => store.getState().setRoutingMode(event.target.value as RoutingMode)}
          >
            {ROUTING_MODES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <label className="select">
          <span>Tool calls</span>
          <select
            aria-label="Tool calls"
            value={protocol}
            onChange={(event) => store.getState().setToolProtocol(event.target.value as ToolProtocol)}
          >
            <option value="native">Native function calls</option>
            <option value="text">SKILL_CALL text protocol</option>
          </select>
        </label>
        {running ? (
          <button type="button" className="button danger" onClick={() => abort.current?.()}>
            Abort
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            onClick={run}
            disabled={problem !== null}
            title={problem ?? 'Run the agent on this utterance (Ctrl+Enter)'}
          >
            Run
          </button>
        )}
      </div>
      <ModelSettings onKeyChange={() => keyChanged((n) => n + 1)} />
      {problem && (
        <p className="model-problem" role="note">
          {problem}
        </p>
      )}
    </>
  )
}

import { useRef, useState } from 'react'
import { comparisonCalls, majority, type ComparedMode, type ComparisonRow } from '../../core/agent/comparison'
import { catalogListing, createRouter } from '../../core/routing'
import type { RoutingCase } from '../../core/routingSuite'
import { useDerivations, usePlayground, usePlaygroundStore, useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useModelProblem } from '../run/ModelSettings'

const MODES: { mode: ComparedMode; label: string }[] = [
  { mode: 'keyword', label: 'Keyword' },
  { mode: 'progressive', label: 'Progressive (load_skill)' },
  { mode: 'llm', label: 'LLM routing' },
]

/** Runs the suite through the model's routing modes and shows, per case, what each picked. */
export function TriggerComparison({ cases }: { cases: readonly RoutingCase[] }) {
  const store = usePlaygroundStore()
  const derive = useDerivations()
  const { loadModel } = useServices()
  const model = usePlayground((state) => state.model)
  const threshold = usePlayground((state) => state.threshold)
  const { skills } = useWorkspace()
  const problem = useModelProblem()
  const scripted = model === 'scripted' || model === 'script'
  const [runs, setRuns] = useState(scripted ? 1 : 3)
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null)
  const [rows, setRows] = useState<ComparisonRow[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)

  const calls = comparisonCalls(cases.length, runs)
  const promptTokens = Math.round(catalogListing(skills).length / 3) + 150
  const estimate = scripted
    ? `${calls} scripted calls, a moment`
    : `${calls} model calls, ≈ ${(calls * promptTokens).toLocaleString('en')} input tokens, about ${Math.ceil((calls * 1.5) / 60)} min`

  const start = async () => {
    const controller = new AbortController()
    abort.current = controller
    setError(null)
    setRows(null)
    setProgress({ done: 0, total: calls })
    try {
      const [{ compareTriggers }, model] = await Promise.all([import('../../core/agent/compareTriggers'), loadModel()])
      const state = store.getState()
      const workspaceSkills = derive.workspace(state.files).skills
      const result = await compareTriggers({
        cases,
        skills: workspaceSkills,
        router: createRouter(workspaceSkills),
        threshold,
        model,
        runs,
        signal: controller.signal,
        onProgress: (done, total, partial) => {
          setProgress({ done, total })
          setRows([...partial])
        },
      })
      setRows(result)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      abort.current = null
      setProgress((current) => (current && current.done < current.total ? current : null))
    }
  }

  const running = abort.current !== null
  return (
    <section className="comparison" aria-label="Trigger comparison">
      <h3>Will a model pick the same skill?</h3>
      <p className="muted small">
        Runs every case through progressive disclosure and LLM routing with the model chosen above, beside keyword routing.
      </p>
      <div className="comparison-controls">
        <label className="select">
          <span>Runs per case</span>
          <input
            type="number"
            aria-label="Runs per case"
            min={1}
            max={10}
            value={runs}
            onChange={(event) => setRuns(Math.min(10, Math.max(1, Number(event.target.value) || 1)))}
          />
        </label>
        <span className="muted small">{estimate}</span>
        {running ? (
          <button type="button" className="button small danger" onClick={() => abort.current?.abort()}>
            Stop
          </button>
        ) : (
          <button
            type="button"
            className="button small primary"
            disabled={problem !== null || cases.length === 0}
            title={problem ?? undefined}
            onClick={() => void start()}
          >
            Compare modes
          </button>
        )}
      </div>
      {progress && <progress aria-label="Comparison progress" max={progress.total} value={progress.done} />}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {rows && (
        <table className="score-table comparison-matrix" aria-label="Mode comparison">
          <thead>
            <tr>
              <th scope="col">Utterance</th>
              <th scope="col">Expected</th>
              {MODES.map(({ mode, label }) => (
                <th key={mode} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.case.utterance}</th>
                <td>{row.case.expect ?? <span className="muted">none</span>}</td>
                {MODES.map(({ mode }) => {
                  const top = majority(row.picks[mode])
                  const failures = mode === 'keyword' ? [] : row.errors[mode]
                  if (!top)
                    return (
                      <td key={mode} className="muted">
                        {failures.length > 0 ? (
                          <span className="error-text" title={failures.join('\n')}>
                            failed
                          </span>
                        ) : (
                          '…'
                        )}
                      </td>
                    )
                  const agrees = top.pick === row.case.expect
                  return (
                    <td key={mode} className={agrees ? 'ok' : 'error-text'}>
                      {top.pick ?? 'none'} {agrees ? '✓' : '✗'}
                      {top.share < 1 && <span className="muted"> {Math.round(top.share * 100)}%</span>}
                      {failures.length > 0 && (
                        <span className="muted" title={failures.join('\n')}>
                          {' '}
                          ({failures.length} failed)
                        </span>
                      )}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

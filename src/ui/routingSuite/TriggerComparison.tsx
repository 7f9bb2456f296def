import { useEffect, useRef, useState } from 'react'
import { comparisonCalls, majority, triggerMetrics, type ComparedMode, type ComparisonRow } from '../../core/agent/comparison'
import { catalogListing, createRouter } from '../../core/routing'
import type { RoutingCase } from '../../core/routingSuite'
import { useDerivations, usePlayground, usePlaygroundStore, useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useModelProblem } from '../run/ModelSettings'
import { useT } from '../i18n/i18n'

const MODES: ComparedMode[] = ['keyword', 'progressive', 'llm']

/** Runs the suite through the model's routing modes and shows, per case, what each picked. */
export function TriggerComparison({ cases }: { cases: readonly RoutingCase[] }) {
  const store = usePlaygroundStore()
  const { t } = useT()
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
  const matrix = useRef<HTMLTableElement>(null)
  const shown = rows !== null
  // The results appear below the fold of a long suite: bring them into view when they start.
  useEffect(() => {
    if (shown) matrix.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [shown])
  const [error, setError] = useState<string | null>(null)
  const abort = useRef<AbortController | null>(null)

  const calls = comparisonCalls(cases.length, runs)
  const promptTokens = Math.round(catalogListing(skills).length / 3) + 150
  const estimate = scripted
    ? t('compare.estimateScripted', { count: calls })
    : t('compare.estimateModel', {
        count: calls,
        tokens: (calls * promptTokens).toLocaleString('en'),
        minutes: Math.ceil((calls * 1.5) / 60),
      })

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
    <section className="comparison" aria-label={t('a11y.triggerComparison')}>
      <h3>{t('compare.title')}</h3>
      <p className="muted small">{t('compare.intro')}</p>
      <div className="comparison-controls">
        <label className="select">
          <span>{t('compare.runs')}</span>
          <input
            type="number"
            aria-label={t('compare.runs')}
            min={1}
            max={10}
            value={runs}
            onChange={(event) => setRuns(Math.min(10, Math.max(1, Number(event.target.value) || 1)))}
          />
        </label>
        <span className="muted small">{estimate}</span>
        {running ? (
          <button type="button" className="button small danger" onClick={() => abort.current?.abort()} aria-label={t('compare.stop')}>
            {t('compare.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button small primary"
            disabled={problem !== null || cases.length === 0}
            title={problem ?? undefined}
            onClick={() => void start()}
            aria-label={t('compare.start')}
          >
            {t('compare.start')}
          </button>
        )}
      </div>
      {progress && <progress aria-label={t('compare.progress')} max={progress.total} value={progress.done} />}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {rows && (
        <table ref={matrix} className="score-table comparison-matrix" aria-label={t('compare.matrix')}>
          <ModesHeader first={[t('tests.utterance'), t('tests.expected')]} />
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.case.utterance}</th>
                <td>{row.case.expect ?? <span className="muted">{t('tests.none')}</span>}</td>
                {MODES.map((mode) => {
                  const top = majority(row.picks[mode])
                  const failures = mode === 'keyword' ? [] : row.errors[mode]
                  if (!top)
                    return (
                      <td key={mode} className="muted">
                        {failures.length > 0 ? (
                          <span className="error-text" title={failures.join('\n')}>
                            {t('compare.failed')}
                          </span>
                        ) : (
                          '…'
                        )}
                      </td>
                    )
                  const agrees = top.pick === row.case.expect
                  return (
                    <td key={mode} className={agrees ? 'ok' : 'error-text'}>
                      {top.pick ?? t('tests.none')} {agrees ? '✓' : '✗'}
                      {top.share < 1 && <span className="muted"> {Math.round(top.share * 100)}%</span>}
                      {failures.length > 0 && (
                        <span className="muted" title={failures.join('\n')}>
                          {' '}
                          {t('compare.failures', { count: failures.length })}
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
      {rows && !running && (
        <TriggerMetricsTable
          rows={rows}
          skills={[...new Set(cases.map((c) => c.expect).filter((name): name is string => name !== null))]}
        />
      )}
    </section>
  )
}

/** A header row: the given first columns, then one column per routing mode. */
function ModesHeader({ first }: { first: string[] }) {
  const { t } = useT()
  return (
    <thead>
      <tr>
        {first.map((label) => (
          <th key={label} scope="col">
            {label}
          </th>
        ))}
        {MODES.map((mode) => (
          <th key={mode} scope="col">
            {t(`compare.modes.${mode}`)}
          </th>
        ))}
      </tr>
    </thead>
  )
}

const pct = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`)
const span = ([low, high]: [number, number]) => `${Math.round(low * 100)}–${Math.round(high * 100)}%`

/** Per skill and mode: precision, recall (with 95% intervals over every run) and F1. */
function TriggerMetricsTable({ rows, skills }: { rows: readonly ComparisonRow[]; skills: string[] }) {
  const { t } = useT()
  const metrics = MODES.map((mode) => ({ mode, values: triggerMetrics(rows, mode, skills) }))
  return (
    <table className="score-table comparison-metrics" aria-label={t('compare.metrics')}>
      <ModesHeader first={[t('compare.skill')]} />
      <tbody>
        {skills.map((skill, index) => (
          <tr key={skill}>
            <th scope="row">{skill}</th>
            {metrics.map(({ mode, values }) => {
              const value = values[index]!
              return (
                <td key={mode} title={t('compare.metricsTitle', { picked: value.picked, expected: value.expected })}>
                  P {pct(value.precision)} <span className="muted">({span(value.precisionInterval)})</span> · R {pct(value.recall)}{' '}
                  <span className="muted">({span(value.recallInterval)})</span> · F1 {pct(value.f1)}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}

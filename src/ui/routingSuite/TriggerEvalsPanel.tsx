import { useEffect, useMemo, useRef, useState } from 'react'
import {
  DEFAULT_TRIGGER_THRESHOLD,
  defaultTriggerRuns,
  MAX_TRIGGER_RUNS,
  parseTriggerRuns,
  parseTriggerSet,
  parseTriggerThreshold,
  runTriggerEvals,
  TRIGGER_EVALS_FILE,
  type TriggerReport,
} from '../../core/evals/triggerEvals'
import { useDerivations, usePlayground, usePlaygroundStore, useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useModelProblem } from '../run/ModelSettings'
import { useT } from '../i18n/i18n'

/** The trigger set's path for a skill at `skillPath`: evals/trigger-evals.json in its folder. */
const setPathOf = (skillPath: string) => {
  const cut = skillPath.lastIndexOf('/')
  return cut < 0 ? TRIGGER_EVALS_FILE : `${skillPath.slice(0, cut)}/${TRIGGER_EVALS_FILE}`
}

interface Kept {
  skillPath: string | null
  pasted: { text: string; from: string | null } | null
  runsText: string | null
  thresholdText: string
  report: { report: TriggerReport; simulated: boolean; skill: string } | null
}

// What the panel holds, per store: leaving the Tests tab and coming back keeps a pasted set and the
// last results (the panel unmounts with its tab).
const keptByStore = new WeakMap<object, Kept>()

const pct = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`)

/**
 * Trigger evals in skill-creator's format for one skill (docs/evals.md, "Trigger evals"): its
 * evals/trigger-evals.json, or a set pasted or imported here, each query run N times through
 * progressive disclosure with the chosen model. The scripted model is the offline stand-in:
 * its results are labelled simulated.
 */
export function TriggerEvalsPanel() {
  const { t, say } = useT()
  const derive = useDerivations()
  const { loadModel } = useServices()
  const { skills } = useWorkspace()
  const files = usePlayground((state) => state.files)
  const selectedPath = usePlayground((state) => state.selectedPath)
  const modelChoice = usePlayground((state) => state.model)
  const problem = useModelProblem()
  const simulated = modelChoice === 'scripted' || modelChoice === 'script'
  const store = usePlaygroundStore()
  const kept = keptByStore.get(store)
  const [skillPath, setSkillPath] = useState<string | null>(kept?.skillPath ?? null)
  const skill = skills.find((each) => each.path === skillPath) ?? skills.find((each) => each.path === selectedPath) ?? skills[0]
  const setPath = skill ? setPathOf(skill.path) : null
  const fileText = setPath === null ? undefined : files[derive.fileIndex(files).get(setPath) ?? -1]?.text
  // The text run: the skill's file until the user pastes or imports another set.
  const [pasted, setPasted] = useState<{ text: string; from: string | null } | null>(kept?.pasted ?? null)
  const text = pasted?.text ?? fileText ?? ''
  const set = useMemo(() => (text.trim() === '' ? null : parseTriggerSet(text)), [text])
  const [runsText, setRunsText] = useState(kept?.runsText ?? String(defaultTriggerRuns(simulated)))
  const [thresholdText, setThresholdText] = useState(kept?.thresholdText ?? String(DEFAULT_TRIGGER_THRESHOLD))
  const runs = parseTriggerRuns(runsText)
  const threshold = parseTriggerThreshold(thresholdText)
  const [report, setReport] = useState<Kept['report']>(kept?.report ?? null)
  const [error, setError] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])
  useEffect(() => {
    keptByStore.set(store, { skillPath, pasted, runsText, thresholdText, report })
  }, [store, skillPath, pasted, runsText, thresholdText, report])

  const start = async () => {
    if (!skill || !set || set.problems.length > 0 || !runs.ok || !threshold.ok) return
    const controller = new AbortController()
    abort.current = controller
    setRunning(true)
    setError(null)
    setReport(null)
    const label = { simulated, skill: skill.name }
    try {
      const [{ triggerDecider }, model] = await Promise.all([import('../../core/evals/triggerDecider'), loadModel()])
      const result = await runTriggerEvals({
        queries: set.queries,
        runs: runs.value,
        threshold: threshold.value,
        decide: triggerDecider(model, skills, skill.name),
        signal: controller.signal,
        concurrency: simulated ? 1 : 4,
        onProgress: (partial) => setReport({ report: partial, ...label }),
      })
      setReport({ report: result, ...label })
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      abort.current = null
      setRunning(false)
    }
  }

  const importFile = async (file: File | undefined) => {
    if (!file) return
    setPasted({ text: await file.text(), from: file.name })
  }

  const invalid = !runs.ok ? say(runs.error) : !threshold.ok ? say(threshold.error) : null
  const canRun = skill !== undefined && set !== null && set.problems.length === 0 && invalid === null && problem === null
  const source =
    pasted === null
      ? fileText !== undefined
        ? t('triggerEvals.fromFile', { path: setPath ?? '' })
        : t('triggerEvals.noFile', { path: setPath ?? TRIGGER_EVALS_FILE })
      : pasted.from
        ? t('triggerEvals.imported', { name: pasted.from })
        : t('triggerEvals.pasted')
  return (
    <section className="trigger-evals" aria-label={t('triggerEvals.title')}>
      <h3>{t('triggerEvals.title')}</h3>
      <p className="muted small">{t('triggerEvals.intro')}</p>
      <div className="comparison-controls">
        <label className="select">
          <span>{t('triggerEvals.skill')}</span>
          <select
            aria-label={t('triggerEvals.skill')}
            value={skill?.path ?? ''}
            onChange={(event) => {
              setSkillPath(event.target.value)
              setReport(null)
            }}
          >
            {skills.map((each) => (
              <option key={each.path} value={each.path}>
                {each.name}
              </option>
            ))}
          </select>
        </label>
        <label className="select">
          <span>{t('triggerEvals.runs')}</span>
          <input
            type="number"
            aria-label={t('triggerEvals.runs')}
            min={1}
            max={MAX_TRIGGER_RUNS}
            value={runsText}
            onChange={(event) => setRunsText(event.target.value)}
          />
        </label>
        <label className="select">
          <span>{t('triggerEvals.threshold')}</span>
          <input
            type="number"
            aria-label={t('triggerEvals.threshold')}
            min={0}
            max={1}
            step={0.05}
            value={thresholdText}
            onChange={(event) => setThresholdText(event.target.value)}
          />
        </label>
      </div>
      <label className="trigger-set">
        <span>
          {t('triggerEvals.set')} <span className="muted small">{source}</span>
        </span>
        <textarea
          aria-label={t('triggerEvals.set')}
          rows={6}
          spellCheck={false}
          placeholder='[{"query": "…", "should_trigger": true}]'
          value={text}
          onChange={(event) => setPasted({ text: event.target.value, from: null })}
        />
      </label>
      <div className="comparison-controls">
        <label className="button small">
          {t('triggerEvals.import')}
          <input
            type="file"
            accept=".json,application/json"
            aria-label={t('triggerEvals.import')}
            className="visually-hidden"
            onChange={(event) => {
              void importFile(event.target.files?.[0])
              event.target.value = ''
            }}
          />
        </label>
        {pasted !== null && setPath !== null && set !== null && set.problems.length === 0 && pasted.text !== fileText && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              store.getState().saveTriggerSet(setPath, pasted.text)
              setPasted(null)
            }}
          >
            {t('triggerEvals.save', { path: setPath })}
          </button>
        )}
        {pasted !== null && fileText !== undefined && (
          <button type="button" className="link-button" onClick={() => setPasted(null)}>
            {t('triggerEvals.useFile', { path: setPath ?? '' })}
          </button>
        )}
        {set && set.problems.length === 0 && (
          <span className="muted small">
            {t('triggerEvals.estimate', { count: set.queries.length * (runs.ok ? runs.value : 1), queries: set.queries.length })}
          </span>
        )}
        {running ? (
          <button type="button" className="button small danger" onClick={() => abort.current?.abort()} aria-label={t('triggerEvals.stop')}>
            {t('triggerEvals.stop')}
          </button>
        ) : (
          <button
            type="button"
            className="button small primary"
            disabled={!canRun}
            title={problem ?? invalid ?? undefined}
            onClick={() => void start()}
            aria-label={t('triggerEvals.run')}
          >
            {t('triggerEvals.run')}
          </button>
        )}
      </div>
      {(set?.problems.length ?? 0) > 0 && (
        <ul className="error-text" role="alert" aria-label={t('triggerEvals.problems')}>
          {set!.problems.map((message, index) => (
            <li key={index}>{say(message)}</li>
          ))}
        </ul>
      )}
      {invalid && (
        <p className="error-text" role="alert">
          {invalid}
        </p>
      )}
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
      {report && <TriggerResults {...report} running={running} />}
    </section>
  )
}

/** Per query: triggered / runs, rate, interval, errors, passed; then the totals. */
function TriggerResults({
  report,
  simulated,
  skill,
  running,
}: {
  report: TriggerReport
  simulated: boolean
  skill: string
  running: boolean
}) {
  const { t } = useT()
  return (
    <>
      {running && <progress aria-label={t('triggerEvals.progress')} max={report.total} value={report.done} />}
      <p
        className={`summary ${report.failed === 0 ? 'summary-winner' : 'summary-none'}`}
        role="status"
        aria-label={t('triggerEvals.totals')}
      >
        <strong>{t('triggerEvals.summary', { passed: report.passed, count: report.queries.length, skill })}</strong>{' '}
        {t('triggerEvals.metrics', {
          precision: pct(report.precision),
          recall: pct(report.recall),
          f1: pct(report.f1),
          errors: report.errors,
        })}
        {simulated && <span className="badge simulated"> {t('descriptionRouting.simulated')}</span>}
      </p>
      <div className="table-scroll">
        <table className="score-table trigger-results" aria-label={t('triggerEvals.table')}>
          <thead>
            <tr>
              <th scope="col">{t('triggerEvals.query')}</th>
              <th scope="col">{t('triggerEvals.should')}</th>
              <th scope="col" className="num">
                {t('triggerEvals.triggered')}
              </th>
              <th scope="col" className="num">
                {t('triggerEvals.rate')}
              </th>
              <th scope="col" className="num" title={t('triggerEvals.intervalTitle')}>
                {t('triggerEvals.interval')}
              </th>
              <th scope="col" className="num" title={t('triggerEvals.errorsTitle')}>
                {t('triggerEvals.errors')}
              </th>
              <th scope="col">{t('triggerEvals.passed')}</th>
            </tr>
          </thead>
          <tbody>
            {report.queries.map((result, index) => (
              <tr key={index} className={result.passed ? '' : 'failing'}>
                <th scope="row">{result.query}</th>
                <td>{result.should_trigger ? t('triggerEvals.yes') : t('triggerEvals.no')}</td>
                <td className="num">
                  {result.triggered}/{result.runs}
                </td>
                <td className="num">{pct(result.rate)}</td>
                <td
                  className="num"
                  title={
                    result.separated || result.runs_needed === null || result.runs === 0
                      ? undefined
                      : t('triggerEvals.needed', { count: result.runs_needed })
                  }
                >
                  {pct(result.interval[0])}–{pct(result.interval[1])}
                  {!result.separated && result.runs_needed !== null && result.runs > 0 && (
                    <span className="muted small"> {t('triggerEvals.neededShort', { count: result.runs_needed })}</span>
                  )}
                </td>
                <td className="num" title={result.error_messages.join('\n') || undefined}>
                  {result.errors > 0 ? <span className="error-text">{result.errors}</span> : 0}
                </td>
                <td className={result.passed ? 'ok' : 'error-text'}>{result.passed ? t('triggerEvals.pass') : t('triggerEvals.fail')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

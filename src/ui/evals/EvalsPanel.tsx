import { useMemo, useRef, useState } from 'react'
import { ROUTING_MODES } from '../../core/agent/trace'
import {
  compareReports,
  evalReportJson,
  evalReportJUnit,
  percent,
  unknownSkillProblems,
  type CaseReport,
  type EvalCase,
  type EvalReport,
} from '../../core/evals'
import { sharedEvalCaseOf, type SharedEvalCase } from '../../core/share'
import { useDeferredWorkspace, useEvalSuite, usePlayground, usePlaygroundStore, useRoutingWinner } from '../../state/PlaygroundProvider'
import type { EvalComparison, EvalResult } from '../../state/evalsSlice'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'
import { CaseTrials } from './CaseTrials'
import { OpenCaseFile, ShareCaseButton } from './ShareEvalCase'
import { EvalCasesEditor } from './EvalCasesEditor'
import { shownModelLabel } from '../run/shownModelLabel'

const interval = (report: CaseReport) => `${percent(report.interval[0])}–${percent(report.interval[1])}`

/** Behaviour evals: run evals.yaml (and skills' evals.json) N times per case, see pass rates with intervals, compare A against B. */
export default function EvalsPanel() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const suite = useEvalSuite()
  const { skills } = useDeferredWorkspace()
  const { startEvals, download } = useServices()
  const progress = usePlayground((state) => state.evalProgress)
  const result = usePlayground((state) => state.evalResult)
  const trials = usePlayground((state) => state.evalTrials)
  const model = usePlayground((state) => state.model)
  const mode = usePlayground((state) => state.routingMode)
  const versions = usePlayground((state) => state.versions)
  const proxy = usePlayground((state) => state.proxy)
  const winner = useRoutingWinner().skill
  const [compare, setCompare] = useState('')
  // The case whose trials are open (by its index in the report, on side A or B).
  const [opened, setOpened] = useState<{ side: 'a' | 'b'; index: number } | null>(null)
  const stop = useRef<(() => void) | null>(null)
  const simulated = model === 'scripted' || model === 'script'
  const effectiveTrials = trials ?? suite.trials ?? (simulated ? 1 : 3)
  // A skill the cases name that the workspace lacks (an evals.json's skill_name) is said here, before a run fails on it.
  const problems = [
    ...suite.problems,
    ...unknownSkillProblems(
      suite.cases,
      skills.map((skill) => skill.name),
    ),
  ]

  if (!suite.found)
    return (
      <section className="evals-panel" aria-label={t('a11y.evals')}>
        <p className="hint">{t('evals.none')}</p>
        <button type="button" className="button" onClick={() => store.getState().createEvalsFile(winner, store.getState().utterance)}>
          {t('evals.create')}
        </button>
        <EvalCasesEditor />
      </section>
    )

  const comparisons: { value: string; label: string; comparison: EvalComparison }[] = [
    ...ROUTING_MODES.filter((option) => option.value !== mode).map((option) => ({
      value: `mode:${option.value}`,
      label: t('evals.compareMode', { mode: t(`run.modes.${option.value}`) }),
      comparison: { kind: 'mode' as const, mode: option.value },
    })),
    ...(['scripted', 'proxy', 'browser'] as const)
      .filter((choice) => choice !== model && (choice !== 'proxy' || (proxy !== null && proxy !== 'unknown' && proxy.configured)))
      .map((choice) => ({
        value: `model:${choice}`,
        label: t('evals.compareModel', { model: t(`run.models.${choice}`) }),
        comparison: { kind: 'model' as const, model: choice },
      })),
    ...Object.entries(versions).flatMap(([path, list]) =>
      list.map((version) => ({
        value: `version:${path}:${version.id}`,
        label: t('evals.compareVersion', { path, version: version.label || new Date(version.savedAt).toLocaleString() }),
        comparison: { kind: 'version' as const, path, versionId: version.id },
      })),
    ),
  ]
  const chosen = comparisons.find((option) => option.value === compare)?.comparison ?? null
  const run = () => {
    void startEvals(chosen).then((halt) => {
      stop.current = halt
    })
  }

  return (
    <section className="evals-panel" aria-label={t('a11y.evals')}>
      {problems.length > 0 && (
        <ul className="problem-list" aria-label={t('evals.problems')}>
          {problems.map((problem, index) => (
            <li key={index}>
              <button
                type="button"
                className="link-button"
                onClick={() => store.getState().reveal(problem.file, problem.range.startLine, problem.range.startColumn)}
              >
                {problem.file}:{problem.range.startLine}
              </button>{' '}
              <span className="error-text">{say(problem.text)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="evals-controls">
        <label className="select">
          <span>{t('evals.trials')}</span>
          <input
            type="number"
            min={1}
            max={100}
            aria-label={t('evals.trials')}
            value={trials ?? ''}
            placeholder={String(suite.trials ?? (simulated ? 1 : 3))}
            onChange={(event) => {
              const value = Number(event.target.value)
              store.getState().setEvalTrials(event.target.value === '' ? null : Math.min(100, Math.max(1, Math.round(value) || 1)))
            }}
          />
        </label>
        <label className="select">
          <span>{t('evals.compare')}</span>
          <select aria-label={t('evals.compare')} value={compare} onChange={(event) => setCompare(event.target.value)}>
            <option value="">{t('evals.compareNone')}</option>
            {comparisons.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <OpenCaseFile />
        {progress ? (
          <button type="button" className="button danger" onClick={() => stop.current?.()} aria-label={t('evals.stop')}>
            {t('evals.stop')}
          </button>
        ) : (
          <button type="button" className="button primary" disabled={suite.cases.length === 0} onClick={run} aria-label={t('evals.run')}>
            {t('evals.run')}
          </button>
        )}
      </div>
      <p className="muted small">
        {t('evals.estimate', {
          cases: t('evals.cases', { count: suite.cases.length }),
          trials: t('evals.trials', { count: effectiveTrials }),
          runs: t('evals.runs', { count: suite.cases.length * effectiveTrials * (chosen ? 2 : 1) }),
        })}
        {simulated && ` ${t('evals.simulatedNote')}`}
      </p>
      <EvalCasesEditor />
      {progress && (
        <p role="status" className="small">
          <progress max={progress.total} value={progress.done} /> {t('evals.progress', { done: progress.done, total: progress.total })}
        </p>
      )}
      {result && !progress && (
        <>
          <div className="evals-result-header">
            <strong>{shownModelLabel(result.b.label, t)}</strong>
            {result.b.simulated && <span className="badge">{t('evals.simulated')}</span>}
            {result.b.stopped && <span className="badge">{t('evals.stopped')}</span>}
            {result.b.tokens && (
              <span className="muted small">
                {t('evals.tokens', {
                  input: result.b.tokens.input.toLocaleString('en'),
                  output: result.b.tokens.output.toLocaleString('en'),
                })}
              </span>
            )}
            <span className="muted small">{new Date(result.finishedAt).toLocaleTimeString()}</span>
            <button
              type="button"
              className="button small"
              onClick={() =>
                download(
                  'evals.json',
                  JSON.stringify({ ...evalReportJson(result.b), ...(result.a ? { a: evalReportJson(result.a) } : {}) }, null, 2),
                  'application/json',
                )
              }
            >
              {t('evals.downloadJson')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => download('evals-junit.xml', evalReportJUnit(result.b), 'application/xml')}
            >
              {t('evals.downloadJunit')}
            </button>
          </div>
          {result.a ? (
            <Comparison a={result.a} b={result.b} onOpen={(side, index) => setOpened({ side, index })} />
          ) : (
            <Results report={result.b} onOpen={(index) => setOpened({ side: 'b', index })} />
          )}
          {opened && <OpenedCase result={result} side={opened.side} index={opened.index} onClose={() => setOpened(null)} />}
        </>
      )}
    </section>
  )
}

function Results({ report, onOpen }: { report: EvalReport; onOpen: (index: number) => void }) {
  const { t } = useT()
  const passing = report.cases.filter((testCase) => testCase.passRate === 1).length
  return (
    <>
      <p role="status" className="small">
        {t('evals.summary', { passing, total: report.cases.length })}
      </p>
      <table className="evals-table" aria-label={t('evals.results')}>
        <thead>
          <tr>
            <th>{t('evals.case')}</th>
            <th>{t('evals.passRate')}</th>
            <th>{t('evals.interval')}</th>
            <th>{t('evals.failures')}</th>
          </tr>
        </thead>
        <tbody>
          {report.cases.map((testCase, index) => (
            <tr key={testCase.name} className={testCase.passRate === 1 ? 'pass' : testCase.passed === 0 ? 'fail' : 'flaky'}>
              <td>
                {testCase.name} {testCase.flaky && <span className="badge warning-badge">{t('evals.flaky')}</span>}{' '}
                <TrialsButton onClick={() => onOpen(index)} />
              </td>
              <td>
                {testCase.passed}/{testCase.trials} · {percent(testCase.passRate)}
              </td>
              <td className="muted">{interval(testCase)}</td>
              <td>
                {testCase.failures.length > 0 && (
                  <details>
                    <summary className="small">{t('evals.failureCount', { count: testCase.failures.length })}</summary>
                    <ul className="small">
                      {testCase.failures.map((failure, index) => (
                        <li key={index}>
                          {t('evals.trial', { trial: failure.trial })}: <code>{failure.assertion}</code> — {failure.detail}
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}

function Comparison({ a, b, onOpen }: { a: EvalReport; b: EvalReport; onOpen: (side: 'a' | 'b', index: number) => void }) {
  const { t } = useT()
  const rows = compareReports(a, b)
  return (
    <>
      <p className="small">
        <strong>A</strong> {shownModelLabel(a.label, t)} · <strong>B</strong> {shownModelLabel(b.label, t)}
      </p>
      <table className="evals-table" aria-label={t('evals.matrix')}>
        <thead>
          <tr>
            <th>{t('evals.case')}</th>
            <th>A</th>
            <th>B</th>
            <th>{t('evals.delta')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name} className={row.significant ? 'significant' : ''}>
              <td>{row.name}</td>
              <td>
                {row.a ? `${percent(row.a.passRate)} (${interval(row.a)})` : '—'}{' '}
                {row.a && <TrialsButton onClick={() => onOpen('a', a.cases.indexOf(row.a!))} />}
              </td>
              <td>
                {row.b ? `${percent(row.b.passRate)} (${interval(row.b)})` : '—'}{' '}
                {row.b && <TrialsButton onClick={() => onOpen('b', b.cases.indexOf(row.b!))} />}
              </td>
              <td>
                {row.delta === null ? '—' : `${row.delta > 0 ? '+' : ''}${Math.round(row.delta * 100)} pp`}
                {row.significant && <span className="badge warning-badge">{t('evals.apart')}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small">{t('evals.matrixNote')}</p>
    </>
  )
}

function TrialsButton({ onClick }: { onClick: () => void }) {
  const { t } = useT()
  return (
    <button type="button" className="link-button small" onClick={onClick} aria-label={t('evalCase.open')}>
      {t('evalCase.open')}
    </button>
  )
}

/**
 * One case's trials from the last report, with "Share case". The traces, the cases as they ran, the
 * files and settings are the page's own (evalsSlice `evalTraces`); a report restored after a reload
 * has only its verdicts, so it shows them and cannot be shared.
 */
function OpenedCase({ result, side, index, onClose }: { result: EvalResult; side: 'a' | 'b'; index: number; onClose: () => void }) {
  const { t } = useT()
  const suite = useEvalSuite()
  const mode = usePlayground((state) => state.routingMode)
  const traces = usePlayground((state) => (state.evalTraces?.finishedAt === result.finishedAt ? state.evalTraces[side] : undefined))
  const report = result[side]
  const caseReport = report?.cases[index]
  const shared = useMemo((): { shared: SharedEvalCase; shareable: boolean } | null => {
    if (!report || !caseReport) return null
    const ran = traces?.cases[index]
    if (traces && ran)
      return {
        shared: sharedEvalCaseOf(ran, caseReport, traces.traces.get(index), traces.files, traces.settings, result.finishedAt),
        shareable: true,
      }
    const written: EvalCase = suite.cases.find((item) => item.name === caseReport.name) ?? {
      name: caseReport.name,
      turns: [],
      files: {},
      expect: {},
      file: caseReport.file,
      line: caseReport.line,
    }
    return {
      shared: sharedEvalCaseOf(
        written,
        caseReport,
        undefined,
        [],
        { label: report.label, simulated: report.simulated, mode },
        result.finishedAt,
      ),
      shareable: false,
    }
  }, [report, caseReport, traces, index, suite.cases, mode, result.finishedAt])
  if (!shared) return null
  return (
    <section className="eval-case pane" aria-label={t('evalCase.title')}>
      <div className="run-header">
        <h3>
          {t('evalCase.title')}
          {result.a && ` · ${side.toUpperCase()}`}
        </h3>
        <div className="run-actions">
          {shared.shareable ? (
            <ShareCaseButton shared={shared.shared} />
          ) : (
            <span className="muted small">{t('evalCase.notShareable')}</span>
          )}
          <button type="button" className="button small" onClick={onClose} aria-label={t('evalCase.close')}>
            {t('common.close')}
          </button>
        </div>
      </div>
      <CaseTrials shared={shared.shared} />
    </section>
  )
}

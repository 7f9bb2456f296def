import { useMemo, useRef, useState } from 'react'
import { NO_SKILL, ROUTING_TESTS_FILE, type CaseResult } from '../../core/routingSuite'
import { usePlayground, usePlaygroundStore, useRoutingWinner, useRoutingSuiteStatus } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { useVirtualRows } from '../common/useVirtualRows'

/** A case's row height before it is measured. */
const ROW_HEIGHT = 34
/** Mix-ups listed before "show all". */
const CONFUSION_ROWS = 12
import { SkillPicker } from './SkillPicker'
import { SweepChart } from './SweepChart'
import { TriggerComparison } from './TriggerComparison'
import { TriggerEvalsPanel } from './TriggerEvalsPanel'

/** The Tests tab: the routing test suite, then the trigger evals of one skill (skill-creator's format). */
export function TestsPanel() {
  return (
    <>
      <RoutingTests />
      <TriggerEvalsPanel />
    </>
  )
}

/** The routing test suite, live: add cases with the skill they expect, edit or delete them; pass/fail (failures first), confusion, threshold sweep. */
function RoutingTests() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const { suite, updating } = useRoutingSuiteStatus()
  const threshold = usePlayground((state) => state.threshold)
  const results = suite?.suite.results
  const ordered = useMemo(() => [...(results ?? [])].sort((a, b) => Number(a.pass) - Number(b.pass)), [results])
  // A suite of thousands of cases renders the rows in view of its scroll box.
  const scrollBox = useRef<HTMLDivElement>(null)
  const rows = useVirtualRows(ordered.length, scrollBox, ROW_HEIGHT)
  const [showAllConfusion, setShowAllConfusion] = useState(false)

  if (!suite && updating) {
    return (
      <section className="tests-panel" aria-label={t('a11y.routingTests')}>
        <p className="loading">{t('tests.running')}</p>
      </section>
    )
  }
  if (!suite) {
    return (
      <section className="tests-panel" aria-label={t('a11y.routingTests')}>
        <p className="hint">{t('tests.noFile', { file: ROUTING_TESTS_FILE })}</p>
        <AddCase />
      </section>
    )
  }
  const { suite: result, problems, sweep } = suite
  // The most frequent mix-ups first; a suite of thousands shows the top ones until asked for all.
  const failures = [...result.confusion]
    .flatMap(([expected, row]) => [...row].filter(([got]) => got !== expected).map(([got, count]) => ({ expected, got, count })))
    .sort((a, b) => b.count - a.count)
  const confusionShown = showAllConfusion ? failures : failures.slice(0, CONFUSION_ROWS)
  const none = t('tests.none')
  return (
    <section className="tests-panel" aria-label={t('a11y.routingTests')}>
      <div className="tests-header">
        <p className={`summary ${result.failed === 0 ? 'summary-winner' : 'summary-none'}`} role="status">
          <strong>{t('tests.summary', { passed: result.passed, failed: result.failed })}</strong> {t('tests.atThreshold', { threshold })}
        </p>
        <button
          type="button"
          className="button small"
          onClick={() => store.getState().selectSkill(ROUTING_TESTS_FILE)}
          aria-label={t('tests.editFile')}
        >
          {t('tests.editFile')}
        </button>
      </div>
      <AddCase />
      {problems.map((problem, index) => (
        <p key={index} className="error-text" role="alert">
          {ROUTING_TESTS_FILE}:{problem.range.startLine}:{' '}
          {problem.text ? say(problem.text) : t('problems.parser', { message: problem.message })}
        </p>
      ))}
      {result.unknownExpectations.length > 0 && (
        <p className="warning-text">{t('tests.unknown', { list: result.unknownExpectations.join(', ') })}</p>
      )}
      <div className="table-scroll cases-scroll" ref={scrollBox}>
        <table className="score-table cases" aria-label={t('tests.cases')} aria-rowcount={ordered.length + 1}>
          <thead>
            <tr>
              <th scope="col">{t('tests.result')}</th>
              <th scope="col">{t('tests.utterance')}</th>
              <th scope="col">{t('tests.expected')}</th>
              <th scope="col">{t('tests.got')}</th>
              <th scope="col" className="num">
                {t('tests.scores')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('tests.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.before > 0 && (
              <tr className="virtual-spacer" aria-hidden="true">
                <td colSpan={6} style={{ height: rows.before }} />
              </tr>
            )}
            {rows.indexes.map((index) => {
              const item = ordered[index]
              return item && <CaseRow key={`${item.case.index}:${item.case.utterance}`} item={item} index={index} measure={rows.measure} />
            })}
            {rows.after > 0 && (
              <tr className="virtual-spacer" aria-hidden="true">
                <td colSpan={6} style={{ height: rows.after }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {failures.length > 0 && (
        <section className="confusion" aria-label={t('a11y.confusion')}>
          <h3>{t('tests.confusion')}</h3>
          <ul>
            {confusionShown.map(({ expected, got, count }) => (
              <li key={`${expected}->${got}`}>
                <code>{expected === NO_SKILL ? none : expected}</code> → <code>{got === NO_SKILL ? none : got}</code> × {count}
              </li>
            ))}
          </ul>
          {failures.length > CONFUSION_ROWS && (
            <button type="button" className="link-button" onClick={() => setShowAllConfusion(!showAllConfusion)}>
              {showAllConfusion
                ? t('tests.confusionFewer', { count: CONFUSION_ROWS })
                : t('tests.confusionAll', { count: failures.length })}
            </button>
          )}
        </section>
      )}
      {result.results.length > 0 && (
        <SweepChart sweep={sweep} threshold={threshold} onPick={(value) => store.getState().setThreshold(value)} />
      )}
      <TriggerComparison cases={suite.cases} />
    </section>
  )
}

/** A new case: the utterance (the test utterance to start with) and the skill it should activate, any skill or none. */
function AddCase() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const utterance = usePlayground((state) => state.utterance)
  const winner = useRoutingWinner().skill
  const [expect, setExpect] = useState<string | null | undefined>(undefined)
  const [error, setError] = useState<string | null>(null)
  const [added, setAdded] = useState<string | null>(null)
  // Until the user picks, the case expects whatever wins now.
  const expected = expect === undefined ? winner : expect
  const add = () => {
    const problem = store.getState().addRoutingCase(utterance, expected)
    setError(problem ? say(problem) : null)
    setAdded(problem ? null : utterance.trim())
    if (!problem) setExpect(undefined)
  }
  return (
    <form
      className="add-case"
      aria-label={t('tests.addCase')}
      onSubmit={(event) => {
        event.preventDefault()
        add()
      }}
    >
      <span className="add-case-utterance" title={utterance}>
        {t('tests.addLabel', { utterance: utterance.trim() || '—' })}
      </span>
      <SkillPicker value={expected} onChange={(value) => setExpect(value)} label={t('tests.expectedSkill')} />
      <button
        type="submit"
        className="button small"
        disabled={utterance.trim() === ''}
        aria-label={t('tests.add', { skill: expected ?? t('tests.noSkill') })}
      >
        {t('tests.add', { skill: expected ?? t('tests.noSkill') })}
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
      {added && !error && (
        <span className="muted small" aria-live="polite">
          {t('tests.added', { utterance: added })}
        </span>
      )}
    </form>
  )
}

interface CaseRowProps {
  item: CaseResult
  /** Position in the table, and the ref that measures the row (only rows in view are rendered). */
  index: number
  measure: (element: Element | null) => void
}

function CaseRow({ item, index, measure }: CaseRowProps) {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const [editing, setEditing] = useState(false)
  const [utterance, setUtterance] = useState(item.case.utterance)
  const [expect, setExpect] = useState<string | null>(item.case.expect)
  const [error, setError] = useState<string | null>(null)
  const showBest = item.bestFinal !== null && item.got !== item.case.expect
  const none = <span className="muted">{t('tests.none')}</span>
  if (editing) {
    const save = () => {
      const problem = store.getState().updateRoutingCase(item.case.index, { utterance, expect })
      if (problem) setError(say(problem))
      else setEditing(false)
    }
    return (
      <tr className="editing" ref={measure} data-index={index} aria-rowindex={index + 2}>
        <td />
        <td colSpan={3}>
          <div className="case-editor">
            <input
              aria-label={t('tests.utterance')}
              value={utterance}
              onChange={(event) => setUtterance(event.target.value)}
              onKeyDown={(event) => event.key === 'Enter' && save()}
            />
            <SkillPicker value={expect} onChange={setExpect} label={t('tests.expectedSkill')} />
          </div>
          {error && (
            <span className="field-error" role="alert">
              {error}
            </span>
          )}
        </td>
        <td />
        <td className="case-actions">
          <button type="button" className="link-button" onClick={save} aria-label={t('tests.save')}>
            {t('tests.save')}
          </button>
          <button type="button" className="link-button" onClick={() => setEditing(false)} aria-label={t('common.cancel')}>
            {t('common.cancel')}
          </button>
        </td>
      </tr>
    )
  }
  return (
    <tr className={item.pass ? '' : 'failing'} title={t('tests.rowTitle')} ref={measure} data-index={index} aria-rowindex={index + 2}>
      <td className={`result-cell ${item.pass ? 'ok' : 'error-text'}`}>{item.pass ? t('tests.pass') : t('tests.fail')}</td>
      <th scope="row" className="utterance-cell" onClick={() => store.getState().setUtterance(item.case.utterance)}>
        {item.case.utterance}
      </th>
      <td>{item.case.expect ?? none}</td>
      <td>{item.got ?? none}</td>
      <td className="num">
        {/* The expected skill's score, or that it has none, always before "/ best" (issue 35 defect 14). */}
        {(item.case.expect !== null || showBest) && (
          <span title={t('tests.expectedFinal')}>
            {item.case.expect !== null && item.expectedFinal !== null ? item.expectedFinal.toFixed(3) : t('tests.noScore')}
          </span>
        )}
        {showBest && <span className="muted"> / {t('tests.best', { final: (item.bestFinal ?? 0).toFixed(3) })}</span>}
      </td>
      <td className="case-actions">
        <button
          type="button"
          className="link-button"
          aria-label={t('tests.editCase', { utterance: item.case.utterance })}
          onClick={() => {
            setUtterance(item.case.utterance)
            setExpect(item.case.expect)
            setError(null)
            setEditing(true)
          }}
        >
          {t('tests.edit')}
        </button>
        <button
          type="button"
          className="link-button danger"
          aria-label={t('tests.deleteCase', { utterance: item.case.utterance })}
          onClick={() => store.getState().removeRoutingCase(item.case.index)}
        >
          {t('skills.delete')}
        </button>
      </td>
    </tr>
  )
}

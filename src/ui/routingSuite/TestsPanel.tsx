import { NO_SKILL, ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { usePlayground, usePlaygroundStore, useRouting, useRoutingSuite } from '../../state/PlaygroundProvider'
import { SweepChart } from './SweepChart'
import { TriggerComparison } from './TriggerComparison'

/** The routing test suite, live: pass/fail per case (failures first), confusion, threshold sweep. */
export function TestsPanel() {
  const store = usePlaygroundStore()
  const suite = useRoutingSuite()
  const threshold = usePlayground((state) => state.threshold)
  const utterance = usePlayground((state) => state.utterance)
  const winner = useRouting().winner?.skill ?? null
  const addCurrent = (
    <button
      type="button"
      className="button small"
      disabled={utterance.trim() === ''}
      onClick={() => store.getState().addRoutingCase(utterance, winner)}
      title="Adds the test utterance, expecting the skill that wins now"
    >
      + Add the test utterance (expect {winner ?? 'no skill'})
    </button>
  )
  if (!suite) {
    return (
      <section className="tests-panel" aria-label="Routing tests">
        <p className="hint">
          No {ROUTING_TESTS_FILE} yet. A suite is a list of utterances with the skill each should activate; it re-runs on every keystroke.
        </p>
        {addCurrent}
      </section>
    )
  }
  const { suite: result, problems, sweep } = suite
  const ordered = [...result.results].sort((a, b) => Number(a.pass) - Number(b.pass))
  const failures = [...result.confusion].flatMap(([expected, row]) =>
    [...row].filter(([got]) => got !== expected).map(([got, count]) => ({ expected, got, count })),
  )
  return (
    <section className="tests-panel" aria-label="Routing tests">
      <div className="tests-header">
        <p className={`summary ${result.failed === 0 ? 'summary-winner' : 'summary-none'}`} role="status">
          <strong>
            {result.passed} passed, {result.failed} failed
          </strong>{' '}
          at threshold {threshold}
        </p>
        <span className="tests-actions">
          {addCurrent}
          <button type="button" className="button small" onClick={() => store.getState().selectSkill(ROUTING_TESTS_FILE)}>
            Edit {ROUTING_TESTS_FILE}
          </button>
        </span>
      </div>
      {problems.map((problem, index) => (
        <p key={index} className="error-text" role="alert">
          {ROUTING_TESTS_FILE}:{problem.range.startLine}: {problem.message}
        </p>
      ))}
      {result.unknownExpectations.length > 0 && (
        <p className="warning-text">Cases expect skills that do not exist: {result.unknownExpectations.join(', ')}.</p>
      )}
      <table className="score-table cases" aria-label="Test cases">
        <thead>
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Utterance</th>
            <th scope="col">Expected</th>
            <th scope="col">Got</th>
            <th scope="col" className="num">
              Scores
            </th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((item, index) => (
            <tr
              key={index}
              className={item.pass ? '' : 'failing'}
              onClick={() => store.getState().setUtterance(item.case.utterance)}
              title="Click to try this utterance"
            >
              <td className={item.pass ? 'ok' : 'error-text'}>{item.pass ? '✓ pass' : '✗ fail'}</td>
              <th scope="row" className="utterance-cell">
                {item.case.utterance}
              </th>
              <td>{item.case.expect ?? <span className="muted">none</span>}</td>
              <td>{item.got ?? <span className="muted">none</span>}</td>
              <td className="num">
                {item.expectedFinal !== null && item.case.expect !== null && (
                  <span title="expected skill's final">{item.expectedFinal.toFixed(3)}</span>
                )}
                {item.bestFinal !== null && item.got !== item.case.expect && (
                  <span className="muted"> / best {item.bestFinal.toFixed(3)}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {failures.length > 0 && (
        <section className="confusion" aria-label="Confusion">
          <h3>Confusion (expected → got)</h3>
          <ul>
            {failures.map(({ expected, got, count }) => (
              <li key={`${expected}->${got}`}>
                <code>{expected === NO_SKILL ? 'none' : expected}</code> → <code>{got === NO_SKILL ? 'none' : got}</code> × {count}
              </li>
            ))}
          </ul>
        </section>
      )}
      {result.results.length > 0 && (
        <SweepChart sweep={sweep} threshold={threshold} onPick={(value) => store.getState().setThreshold(value)} />
      )}
      <TriggerComparison cases={suite.cases} />
    </section>
  )
}

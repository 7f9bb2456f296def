/**
 * One eval case's trials (docs/evals.md, "Trials and their traces"): the case as written, each
 * trial's verdict with what passed and failed, its answer and its trace. The Evals tab and a shared
 * case (docs/share-links.md) show the same thing, read-only: what a colleague opens is what was shared.
 */
import { MAX_KEPT_TRACES, MAX_TRACE_CHARS, MAX_TRACE_TEXT_CHARS, MAX_TRACES_PER_CASE } from '../../core/evals'
import type { SharedEvalCase, SharedTrial } from '../../core/share'
import { LongText } from '../common/LongText'
import { useT } from '../i18n/i18n'
import { DisclosureSummary, TraceSteps } from '../run/RunTrace'

export function CaseTrials({ shared }: { shared: SharedEvalCase }) {
  const { t } = useT()
  const { case: testCase, trials } = shared
  const passed = trials.filter((trial) => trial.passed).length
  const expectations = Object.entries(testCase.expect)
  const files = Object.entries(testCase.files)
  return (
    <>
      <div className="eval-case-summary">
        <p>
          <strong>{testCase.name}</strong>{' '}
          <span className="muted small">
            {testCase.file}:{testCase.line}
            {testCase.mode && ` · ${t(`run.modes.${testCase.mode}`)}`}
          </span>{' '}
          <span className={`status ${passed === trials.length ? 'done' : 'failed'}`}>
            {t('evalCase.passed', { passed, total: trials.length })}
          </span>
        </p>
        <ol className="eval-case-turns" aria-label={t('evalCase.turns')}>
          {testCase.turns.map((turn, index) => (
            <li key={index}>
              <LongText text={turn} />
            </li>
          ))}
        </ol>
        {expectations.length > 0 ? (
          <ul className="eval-case-expect small" aria-label={t('evalCase.expectations')}>
            {expectations.map(([key, value]) => (
              <li key={key}>
                <code>{key}</code>: <code>{JSON.stringify(value)}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted small">{t('evalCase.noExpectations')}</p>
        )}
        {files.length > 0 && (
          <details className="small">
            <summary>{t('evalCase.files', { count: files.length })}</summary>
            {files.map(([path, text]) => (
              <details key={path}>
                <summary>
                  <code>{path}</code>
                </summary>
                <LongText as="pre" className="tool-result" text={text} />
              </details>
            ))}
          </details>
        )}
        {shared.tracesDropped > 0 && (
          <p className="muted small" role="note">
            <TracesDropped count={shared.tracesDropped} />
          </p>
        )}
      </div>
      <ol className="eval-trials">
        {trials.map((trial) => (
          <TrialView key={trial.trial} trial={trial} />
        ))}
      </ol>
    </>
  )
}

function TrialView({ trial }: { trial: SharedTrial }) {
  const { t } = useT()
  const trace = trial.trace
  return (
    <li className={`eval-trial ${trial.passed ? 'pass' : 'fail'}`} aria-label={t('evalCase.trial', { trial: trial.trial })}>
      <p>
        <strong>{t('evalCase.trial', { trial: trial.trial })}</strong>{' '}
        <span className={`status ${trial.passed ? 'done' : 'failed'}`}>{trial.passed ? t('evalCase.pass') : t('evalCase.fail')}</span>{' '}
        <span className="muted small">
          {trial.skill ? t('evalCase.skill', { skill: trial.skill }) : t('evalCase.noSkill')} · {trial.latencyMs} ms
          {trial.tokens && ` · ${t('evals.tokens', { input: trial.tokens.input, output: trial.tokens.output })}`}
        </span>
      </p>
      <ul className="eval-assertions small" aria-label={t('evalCase.assertions')}>
        {trial.assertions.map((assertion, index) => (
          <li key={index} className={assertion.passed ? 'pass' : 'fail'}>
            {assertion.passed ? '✓' : '✗'} <code>{assertion.assertion}</code>
            {assertion.detail && <> — {assertion.detail}</>}
          </li>
        ))}
      </ul>
      {trial.answer && (
        <details className="small">
          <summary>{t('evalCase.answer')}</summary>
          <LongText text={trial.answer} />
        </details>
      )}
      {trace ? (
        <details className="eval-trial-trace">
          <summary>{t('evalCase.trace', { count: trace.events.length })}</summary>
          {(trace.shortenedTexts ?? 0) + (trace.droppedSteps ?? 0) > 0 && (
            <p className="muted small" role="note">
              {[
                trace.shortenedTexts
                  ? t('evalCase.shortened', { count: trace.shortenedTexts, limit: MAX_TRACE_TEXT_CHARS.toLocaleString('en') })
                  : '',
                trace.droppedSteps
                  ? t('evalCase.stepsDropped', { count: trace.droppedSteps, limit: MAX_TRACE_CHARS.toLocaleString('en') })
                  : '',
              ]
                .filter(Boolean)
                .join(' ')}
            </p>
          )}
          <DisclosureSummary events={trace.events} />
          <ol className="trace-events">
            <TraceSteps events={trace.events} />
          </ol>
        </details>
      ) : (
        <p className="muted small">{t('evalCase.noTrace')}</p>
      )}
    </li>
  )
}

/** How many trials' traces are not in the case, and the limits that left them out. */
export function TracesDropped({ count }: { count: number }) {
  const { t } = useT()
  return <>{t('evalCase.tracesDropped', { count, perCase: MAX_TRACES_PER_CASE, perRun: MAX_KEPT_TRACES })}</>
}

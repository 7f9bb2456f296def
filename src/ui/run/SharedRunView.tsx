/**
 * A run opened from a run link or file (docs/share-links.md, "Shared runs"): its trace, the skills
 * it used as they were, the model and settings, read-only. Nothing here runs or calls a model; the
 * skills can be opened beside the user's own as a draft, like a shared skill.
 */
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { LongText } from '../common/LongText'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'
import { DisclosureSummary, Timeline, TraceSteps, traceDownload } from './RunTrace'
import { shownModelLabel } from './shownModelLabel'

export function SharedRunView() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const { download } = useServices()
  const shared = usePlayground((state) => state.sharedRun)
  if (!shared) return null
  const { run, skills, settings } = shared
  const close = () => store.getState().showSharedRun(null)
  return (
    <section className="shared-run pane" aria-label={t('sharedRun.title')}>
      <div className="run-header">
        <div>
          <h2>
            {t('sharedRun.title')} <span className="badge">{t('sharedRun.readOnly')}</span>
          </h2>
          <strong>{run.utterance || t('trace.emptyUtterance')}</strong>
          <div className="muted small" role="group" aria-label={t('sharedRun.settings')}>
            {shownModelLabel(run.model, t)} {/^Scripted/.test(run.model) && <span className="badge">{t('trace.simulated')}</span>} ·{' '}
            {t(`run.modes.${run.mode}`)}
            {settings.threshold !== undefined && ` · ${t('sharedRun.threshold', { threshold: settings.threshold })}`}
            {settings.toolProtocol && ` · ${t('sharedRun.protocol', { protocol: settings.toolProtocol })}`}
            {settings.modelName && ` · ${t('sharedRun.modelName', { name: settings.modelName })}`}
            {run.startedAt && ` · ${new Date(run.startedAt).toLocaleString()}`} ·{' '}
            <span className={`status ${run.status}`}>{t(`trace.status.${run.status}`)}</span>
          </div>
        </div>
        <div className="run-actions">
          <button type="button" className="button small" onClick={() => download(...traceDownload(run))} aria-label={t('trace.download')}>
            {t('trace.download')}
          </button>
          {skills.length > 0 && (
            <button
              type="button"
              className="button small"
              onClick={() => store.getState().openShared({ kind: 'skill', skills })}
              aria-label={t('sharedRun.openSkills')}
            >
              {t('sharedRun.openSkills')}
            </button>
          )}
          <button type="button" className="button small primary" onClick={close} aria-label={t('sharedRun.close')}>
            {t('common.close')}
          </button>
        </div>
      </div>
      <DisclosureSummary events={run.events} />
      <Timeline events={run.events} />
      <ol className="trace-events">
        <TraceSteps events={run.events} />
      </ol>
      {skills.length === 0 ? (
        <p className="muted small">{t('sharedRun.noSkills')}</p>
      ) : (
        <details className="shared-run-skills">
          <summary>{t('sharedRun.skills', { count: skills.length })}</summary>
          {skills.map((file) => (
            <details key={file.path}>
              <summary>
                <code>{file.path}</code>
              </summary>
              <LongText as="pre" className="tool-result" text={file.text} />
            </details>
          ))}
        </details>
      )}
    </section>
  )
}

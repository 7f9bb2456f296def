/**
 * An eval case opened from a case link or file (docs/share-links.md, "Shared eval cases"): the case,
 * each trial's verdict and trace, the skills as they were, the model and settings, read-only.
 * Nothing here runs or calls a model; the skills can be opened beside the user's own as a draft.
 */
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { LongText } from '../common/LongText'
import { useT } from '../i18n/i18n'
import { CaseTrials } from './CaseTrials'
import { shownModelLabel } from '../run/shownModelLabel'

export function SharedEvalCaseView() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const shared = usePlayground((state) => state.sharedEvalCase)
  if (!shared) return null
  const { skills, settings } = shared
  const close = () => store.getState().showSharedEvalCase(null)
  return (
    <section className="shared-run pane" aria-label={t('sharedCase.title')}>
      <div className="run-header">
        <div>
          <h2>
            {t('sharedCase.title')} <span className="badge">{t('sharedCase.readOnly')}</span>
          </h2>
          <div className="muted small" role="group" aria-label={t('sharedRun.settings')}>
            {shownModelLabel(settings.label, t)} {settings.simulated && <span className="badge">{t('evals.simulated')}</span>} ·{' '}
            {t(`run.modes.${settings.mode}`)}
            {settings.threshold !== undefined && ` · ${t('sharedRun.threshold', { threshold: settings.threshold })}`}
            {settings.toolProtocol && ` · ${t('sharedRun.protocol', { protocol: settings.toolProtocol })}`}
            {settings.modelName && ` · ${t('sharedRun.modelName', { name: settings.modelName })}`}
            {shared.finishedAt && !Number.isNaN(Date.parse(shared.finishedAt)) && ` · ${new Date(shared.finishedAt).toLocaleString()}`}
          </div>
        </div>
        <div className="run-actions">
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
          <button type="button" className="button small primary" onClick={close} aria-label={t('sharedCase.close')}>
            {t('common.close')}
          </button>
        </div>
      </div>
      <CaseTrials shared={shared} />
      {skills.length === 0 ? (
        <p className="muted small">{t('sharedCase.noSkills')}</p>
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

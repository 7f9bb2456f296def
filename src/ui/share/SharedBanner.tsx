import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { KeptSuiteNote } from '../routingSuite/KeptSuiteNote'

/** Where the shared draft came from, what it contains, and the choice to keep or discard it. */
export function SharedBanner() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const draft = usePlayground((state) => state.sharedDraft)
  const error = usePlayground((state) => state.shareError)
  return (
    <>
      {error && (
        <div className="banner error" role="alert" aria-label={t('shared.errorName')}>
          <span>{t('shared.error', { error: say(error) })}</span>
          <button
            type="button"
            className="link-button"
            onClick={() => store.getState().setShareError(null)}
            aria-label={t('common.dismiss')}
          >
            {t('common.dismiss')}
          </button>
        </div>
      )}
      {draft && (
        <div className="banner shared" role="region" aria-label={t('a11y.sharedDraft')}>
          <span>
            {t(draft.kind === 'workspace' ? 'shared.openedWorkspace' : 'shared.opened', { count: draft.paths.length })}
            {draft.renamed.length > 0 && ` ${t('shared.renamed', { list: draft.renamed.map((r) => `${r.from} → ${r.to}`).join(', ') })}`}
            {draft.identical && draft.identical.length > 0 && ` ${t('shared.identical', { count: draft.identical.length })}`}
            {draft.unreadableTests && <KeptSuiteNote unreadable={draft.unreadableTests} from="link" />}
            {draft.keptEvalCases &&
              draft.keptEvalCases.length > 0 &&
              ` ${t('shared.keptEvalCases', { count: draft.keptEvalCases.length, list: draft.keptEvalCases.join(', ') })}`}
          </span>
          {draft.conflicts && draft.conflicts.length > 0 && (
            <ul className="shared-conflicts" aria-label={t('shared.conflicts')}>
              {draft.conflicts.map((conflict) => (
                <li key={conflict.utterance}>
                  {t('shared.conflict', {
                    utterance: conflict.utterance,
                    mine: conflict.mine ?? t('tests.noSkill'),
                    theirs: conflict.theirs ?? t('tests.noSkill'),
                  })}{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => store.getState().resolveSharedConflict(conflict.utterance, 'theirs')}
                    aria-label={t('shared.takeTheirs', { utterance: conflict.utterance })}
                  >
                    {t('shared.takeTheirs', { utterance: conflict.utterance })}
                  </button>{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => store.getState().resolveSharedConflict(conflict.utterance, 'mine')}
                    aria-label={t('shared.keepMine', { utterance: conflict.utterance })}
                  >
                    {t('shared.keepMine', { utterance: conflict.utterance })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <span className="banner-actions">
            <button
              type="button"
              className="button small primary"
              onClick={() => store.getState().keepShared()}
              aria-label={t('shared.keep')}
            >
              {t('shared.keep')}
            </button>
            <button
              type="button"
              className="button small"
              onClick={() => store.getState().discardShared()}
              aria-label={t('shared.discard')}
            >
              {t('shared.discard')}
            </button>
          </span>
        </div>
      )}
    </>
  )
}

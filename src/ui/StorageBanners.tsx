import { usePlayground, usePlaygroundStore } from '../state/PlaygroundProvider'
import { useServices } from './common/services'
import { useT } from './i18n/i18n'
import { useExportWorkspace } from './share/useExportWorkspace'

/** Saving problems and two-tab conflicts, in plain view with a way out that loses nothing. */
export function StorageBanners() {
  const store = usePlaygroundStore()
  const { storage, download } = useServices()
  const { t, say } = useT()
  const exportWorkspace = useExportWorkspace()
  const unreadable = storage.unreadableSave()
  const problem = usePlayground((state) => state.storageProblem)
  const conflict = usePlayground((state) => state.tabConflict)
  const notice = usePlayground((state) => state.tabNotice)
  return (
    <>
      {problem && (
        <div className="banner warning" role="alert">
          <span>{say(problem)}</span>
          <span className="banner-actions">
            {unreadable !== null && (
              <button
                type="button"
                className="button small"
                aria-label={t('storage.download')}
                onClick={() => download('skill-playground-unreadable-save.json', unreadable, 'application/json')}
              >
                {t('storage.download')}
              </button>
            )}
            <button type="button" className="button small" aria-label={t('storage.export')} onClick={exportWorkspace}>
              {t('storage.export')}
            </button>
            <button
              type="button"
              className="link-button"
              onClick={() => store.getState().setStorageProblem(null)}
              aria-label={t('common.dismiss')}
            >
              {t('common.dismiss')}
            </button>
          </span>
        </div>
      )}
      {conflict && (
        <div className="banner warning" role="alert">
          <span>{t('storage.conflict')}</span>
          <span className="banner-actions">
            <button type="button" className="button small" onClick={() => void storage.loadSaved()} aria-label={t('storage.loadTheirs')}>
              {t('storage.loadTheirs')}
            </button>
            <button
              type="button"
              className="button small primary"
              onClick={() => void storage.saveNow()}
              aria-label={t('storage.keepMine')}
            >
              {t('storage.keepMine')}
            </button>
          </span>
        </div>
      )}
      {notice && (
        <div className="banner info" role="status">
          {say(notice)}
        </div>
      )}
    </>
  )
}

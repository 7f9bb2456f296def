import { usePlayground, usePlaygroundStore } from '../state/PlaygroundProvider'
import { useServices } from './common/services'
import { workspaceZipDownload } from './share/workspaceExport'

/** Saving problems and two-tab conflicts, in plain view with a way out that loses nothing. */
export function StorageBanners() {
  const store = usePlaygroundStore()
  const { storage, download } = useServices()
  const unreadable = storage.unreadableSave()
  const problem = usePlayground((state) => state.storageProblem)
  const conflict = usePlayground((state) => state.tabConflict)
  const notice = usePlayground((state) => state.tabNotice)
  return (
    <>
      {problem && (
        <div className="banner warning" role="alert">
          <span>{problem}</span>
          <span className="banner-actions">
            {unreadable !== null && (
              <button
                type="button"
                className="button small"
                onClick={() => download('skill-playground-unreadable-save.json', unreadable, 'application/json')}
              >
                Download the unreadable save
              </button>
            )}
            <button
              type="button"
              className="button small"
              onClick={() => {
                const file = workspaceZipDownload(store.getState())
                download(file.name, file.content, file.type)
              }}
            >
              Export workspace
            </button>
            <button type="button" className="link-button" onClick={() => store.getState().setStorageProblem(null)}>
              Dismiss
            </button>
          </span>
        </div>
      )}
      {conflict && (
        <div className="banner warning" role="alert">
          <span>This workspace was also changed in another tab while you were editing here.</span>
          <span className="banner-actions">
            <button type="button" className="button small" onClick={() => void storage.loadSaved()}>
              Load their version
            </button>
            <button type="button" className="button small primary" onClick={() => void storage.saveNow()}>
              Keep mine
            </button>
          </span>
        </div>
      )}
      {notice && (
        <div className="banner info" role="status">
          {notice}
        </div>
      )}
    </>
  )
}

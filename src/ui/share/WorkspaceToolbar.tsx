import { Suspense, useState } from 'react'
import { lazyView } from '../common/lazyView'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { ImportControl } from './ImportControl'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'
import { skillDownload } from './workspaceExport'
import { useExportWorkspace } from './useExportWorkspace'

// The dialog loads when Share is pressed: a first visit does not pay for it.
const ShareDialog = lazyView(() => import('./ShareDialog').then((module) => ({ default: module.ShareDialog })))

/** Import, Export, Share, and the autosave status (Ctrl/Cmd+S saves now and says so). */
export function WorkspaceToolbar() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const saveStatus = usePlayground((state) => state.saveStatus)
  // While two tabs clash, saves wait for the user's choice in the banner; the status says so.
  const paused = usePlayground((state) => state.tabConflict)
  const [flash, setFlash] = useState(false)
  const selectedPath = usePlayground((state) => state.selectedPath)
  const [sharing, setSharing] = useState(false)
  const [exportOpen, setExportOpen] = useState(false)

  const { download, storage, folder: folderAccess } = useServices()
  const folder = usePlayground((state) => state.folder)
  const [opening, setOpening] = useState(false)
  const exportWorkspace = useExportWorkspace()
  // People press Ctrl+S to save: work is saved already, so save now and say so (Share is its own button).
  useWindowEvent('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault()
      // Saving now would silently answer the two-tab question with "Keep mine".
      if (store.getState().tabConflict) return
      void storage.saveNow().then(() => {
        setFlash(true)
        setTimeout(() => setFlash(false), 1500)
      })
    }
  })

  return (
    <div className="toolbar">
      {/* A folder on disk is saved by writing its files: the banner under the header says where. */}
      {!folder && (
        <span
          className={`save-status ${paused ? 'pending' : saveStatus}${flash ? ' flash' : ''}`}
          role="status"
          aria-label={t('save.label')}
          title={t('save.title')}
        >
          {flash ? t('save.savedNow') : paused ? t('save.paused') : t(`save.${saveStatus}`)}
        </span>
      )}
      <ImportControl />
      {!folder && folderAccess.open && (
        <button
          type="button"
          className="button small"
          disabled={opening}
          title={t('folder.openTitle')}
          aria-label={t('folder.open')}
          onClick={() => {
            setOpening(true)
            void folderAccess.open?.().finally(() => setOpening(false))
          }}
        >
          {t('folder.open')}
        </button>
      )}
      <div className="menu-anchor">
        <button
          type="button"
          className="button small"
          aria-haspopup="menu"
          aria-expanded={exportOpen}
          onClick={() => setExportOpen(!exportOpen)}
          aria-label={t('exporting.export')}
        >
          {t('exporting.export')}
        </button>
        {exportOpen && (
          <div className="menu" role="menu" onMouseLeave={() => setExportOpen(false)}>
            <button
              type="button"
              role="menuitem"
              disabled={!selectedPath}
              onClick={() => {
                const file = selectedPath ? skillDownload(store.getState(), selectedPath) : null
                if (file) download(file.name, file.content, file.type)
                setExportOpen(false)
              }}
              aria-label={t('exporting.skill')}
            >
              {t('exporting.skill')}
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                exportWorkspace()
                setExportOpen(false)
              }}
              aria-label={t('exporting.workspace')}
            >
              {t('exporting.workspace')}
            </button>
          </div>
        )}
      </div>
      <button
        type="button"
        className="button small primary"
        onClick={() => setSharing(true)}
        title={t('share.button')}
        aria-label={t('share.title')}
      >
        {t('share.title')}
      </button>
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </div>
  )
}

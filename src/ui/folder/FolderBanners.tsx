import { Suspense, useState } from 'react'
import { lazyView } from '../common/lazyView'
import { monacoMessagesReady } from '../i18n/monacoMessages'
import { usePlayground } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useExportWorkspace } from '../share/useExportWorkspace'
import { useT } from '../i18n/i18n'
import { SkillOrigins } from '../catalog/SkillOrigins'

// Monaco's language table first (i18n/monacoMessages).
const DiffView = lazyView(() => monacoMessagesReady().then(() => import('../editor/DiffView')))

/**
 * When the page edits a folder on disk (`skill-playground open <dir>`): where the files are, that
 * the server is gone (the text stays here and can be exported), and a file changed on both sides,
 * shown as a diff for the person to pick. A folder the page may not use yet says why, and takes
 * the team token where that is what is missing.
 */
export function FolderBanners() {
  const folder = usePlayground((state) => state.folder)
  const { folder: sync } = useServices()
  const exportAll = useExportWorkspace()
  const { t } = useT()
  if (!folder) return null
  if (folder.blocked) return <FolderBlocked reason={folder.blocked} />
  const conflict = folder.conflicts[0]
  return (
    <>
      <div className="banner folder-banner" role="status" aria-label={t('folder.label')}>
        <span>
          {t('folder.editing')} <code title={folder.root}>{folder.root}</code>
        </span>
        <SkillOrigins />
      </div>
      {!folder.connected && (
        <div className="banner warning" role="alert">
          <span>{t('folder.offline')}</span>
          <span className="banner-actions">
            <button type="button" className="button small" aria-label={t('storage.export')} onClick={exportAll}>
              {t('storage.export')}
            </button>
          </span>
        </div>
      )}
      {folder.problem && (
        <div className="banner warning" role="alert">
          <span>{t('folder.refused', { problem: folder.problem })}</span>
        </div>
      )}
      {conflict && (
        <div className="modal-backdrop">
          <div className="modal wide" role="dialog" aria-modal="true" aria-label={t('folder.conflictTitle', { path: conflict.path })}>
            <h2>{t('folder.conflictTitle', { path: conflict.path })}</h2>
            <p>
              {conflict.theirs === null
                ? t('folder.deletedOnDisk')
                : conflict.mine === null
                  ? t('folder.deletedHere')
                  : t('folder.conflictText')}
            </p>
            <div className="diff-labels">
              <span>{t('folder.onDisk')}</span>
              <span>{t('folder.inPage')}</span>
            </div>
            <div className="diff-host">
              <Suspense fallback={<p className="loading">{t('editor.loading')}</p>}>
                <DiffView original={conflict.theirs ?? ''} modified={conflict.mine ?? ''} />
              </Suspense>
            </div>
            <div className="modal-actions">
              <button
                type="button"
                className="button primary"
                aria-label={t('folder.keepMine')}
                onClick={() => void sync.resolve(conflict.path, 'mine')}
              >
                {t('folder.keepMine')}
              </button>
              <button
                type="button"
                className="button"
                aria-label={t('folder.takeDisk')}
                onClick={() => void sync.resolve(conflict.path, 'theirs')}
              >
                {t('folder.takeDisk')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  )
}

/** The folder is there but not for this page yet: nothing is edited, and the browser's workspace is not put in its place. */
function FolderBlocked({ reason }: { reason: 'token' | 'unreadable' }) {
  const { t } = useT()
  const { team } = useServices()
  const [token, setToken] = useState('')
  if (reason === 'unreadable')
    return (
      <div className="banner warning" role="alert">
        <span>{t('folder.unreadable')}</span>
      </div>
    )
  return (
    <div className="banner warning" role="alert">
      <span>{t('folder.locked')}</span>
      <form
        className="banner-actions"
        onSubmit={(event) => {
          event.preventDefault()
          if (token.trim()) team.setToken(token.trim())
        }}
      >
        <input
          aria-label={t('run.teamToken')}
          placeholder={t('run.teamToken')}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
        <button type="submit" className="button small" aria-label={t('run.unlock')}>
          {t('run.unlock')}
        </button>
      </form>
    </div>
  )
}

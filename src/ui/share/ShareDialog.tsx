import { useMemo, useState } from 'react'
import { encodeShare, LONG_LINK_CHARS, normalizePublicAddress, shareAddresses } from '../../core/share'
import { defaultSkillName, isSkillPath } from '../../core/skill'
import { useT } from '../i18n/i18n'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { ShareLinkPanel } from '../common/ShareLinkPanel'
import { skillPayload, skillZipDownload, workspacePayload, workspaceZipDownload } from './workspaceExport'

/** Builds a link for the selected skill or the whole workspace, copies it, warns when it is long. */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const store = usePlaygroundStore()
  const { t } = useT()
  const { download, team, pageAddress } = useServices()
  const serverPublicUrl = usePlayground((state) => state.serverPublicUrl)
  const [teamAddress, setTeamAddress] = useState(() => team.address())
  const [addressDraft, setAddressDraft] = useState(teamAddress)
  const page = pageAddress()
  // A local page's links open nothing for colleagues: they point to the team's public address.
  const { local, publicBase, base, shortBase } = shareAddresses({ page, serverPublicUrl, buildAddress: team.buildAddress, teamAddress })
  const selectedPath = usePlayground((state) => state.selectedPath)
  const files = usePlayground((state) => state.files)
  const [scope, setScope] = useState<'skill' | 'workspace'>(selectedPath ? 'skill' : 'workspace')

  const fragment = useMemo(() => {
    const state = store.getState()
    const payload = scope === 'skill' && selectedPath ? skillPayload(state, selectedPath) : workspacePayload(state)
    return payload ? encodeShare(payload) : ''
    // files: a new link whenever the content changes while the dialog is open.
  }, [scope, selectedPath, store, files]) // eslint-disable-line react-hooks/exhaustive-deps

  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())

  const long = `${base}#${fragment}`.length > LONG_LINK_CHARS
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('share.title')} onClick={(event) => event.stopPropagation()}>
        <h2>{t('share.title')}</h2>
        <fieldset className="scope">
          <label>
            <input type="radio" name="scope" checked={scope === 'skill'} disabled={!selectedPath} onChange={() => setScope('skill')} />
            {t('share.thisSkill')}
            {selectedPath && (
              <>
                {' '}
                — <code>{defaultSkillName(selectedPath)}</code>
              </>
            )}
          </label>
          <label>
            <input type="radio" name="scope" checked={scope === 'workspace'} onChange={() => setScope('workspace')} />
            {t('share.workspace', { count: files.filter((file) => isSkillPath(file.path)).length })}
          </label>
        </fieldset>
        {local && (
          <div className="local-warning" role="note" aria-label={t('share.localName')}>
            <p className="warning-text">{t('share.local', { host: new URL(page).host })}</p>
            {publicBase ? (
              <p className="small">{t('share.pointsTo', { address: publicBase })}</p>
            ) : (
              <p className="small">{t('share.setAddress')}</p>
            )}
            {!serverPublicUrl && !team.buildAddress && (
              <form
                className="team-address"
                onSubmit={(event) => {
                  event.preventDefault()
                  const normalized = normalizePublicAddress(addressDraft) ?? ''
                  team.setAddress(normalized)
                  setTeamAddress(normalized)
                  setAddressDraft(normalized)
                }}
              >
                <input
                  aria-label={t('share.teamAddress')}
                  placeholder="https://playground.example.org/"
                  value={addressDraft}
                  onChange={(event) => setAddressDraft(event.target.value)}
                />
                <button type="submit" className="button small" aria-label={t('share.useAddress')}>
                  {t('share.useAddress')}
                </button>
              </form>
            )}
          </div>
        )}
        <ShareLinkPanel
          fragment={fragment}
          base={base}
          shortBase={shortBase}
          texts={{
            link: t('share.link'),
            length: (count) => t('share.length', { count, length: count.toLocaleString('en') }),
            privacy: t('share.privacy'),
            long: t('share.long', { limit: LONG_LINK_CHARS.toLocaleString('en') }),
            tooLong: null,
          }}
        />
        <div className="modal-actions">
          {(long || scope === 'workspace') && (
            <button
              type="button"
              className="button"
              onClick={() => {
                const file =
                  scope === 'skill' && selectedPath
                    ? skillZipDownload(store.getState(), selectedPath)
                    : workspaceZipDownload(store.getState())
                if (file) download(file.name, file.content, file.type)
              }}
              aria-label={t('share.download')}
            >
              {t('share.download')}
            </button>
          )}
          <button type="button" className="button primary" onClick={onClose} aria-label={t('common.done')}>
            {t('common.done')}
          </button>
        </div>
      </div>
    </div>
  )
}

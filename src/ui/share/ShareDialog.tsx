import { useEffect, useMemo, useRef, useState } from 'react'
import { isLocalAddress, LONG_LINK_CHARS, normalizePublicAddress } from '../../core/share'
import { defaultSkillName, isSkillPath } from '../../core/skill'
import { useT } from '../i18n/i18n'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { skillPayload, skillZipDownload, workspacePayload, workspaceZipDownload } from './workspaceExport'

/** Links longer than this get cut by chat apps and browser history (core/share, shared with run links). */
export const LONG_LINK = LONG_LINK_CHARS

/** Builds a link for the selected skill or the whole workspace, copies it, warns when it is long. */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const store = usePlaygroundStore()
  const { t } = useT()
  const { shareLink, download, team, pageAddress } = useServices()
  const serverPublicUrl = usePlayground((state) => state.serverPublicUrl)
  const [teamAddress, setTeamAddress] = useState(() => team.address())
  const [addressDraft, setAddressDraft] = useState(teamAddress)
  const page = pageAddress()
  const local = isLocalAddress(page)
  // A local page's links open nothing for colleagues: they point to the team's public address.
  const publicBase = local ? (serverPublicUrl ?? (team.buildAddress || null) ?? (teamAddress || null)) : null
  const selectedPath = usePlayground((state) => state.selectedPath)
  const files = usePlayground((state) => state.files)
  const [scope, setScope] = useState<'skill' | 'workspace'>(selectedPath ? 'skill' : 'workspace')
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const linkRef = useRef<HTMLInputElement>(null)

  const link = useMemo(() => {
    const state = store.getState()
    const payload = scope === 'skill' && selectedPath ? skillPayload(state, selectedPath) : workspacePayload(state)
    return payload ? shareLink(payload, publicBase ?? undefined) : ''
    // files: a new link whenever the content changes while the dialog is open.
  }, [scope, selectedPath, store, files, publicBase]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    setCopied(null)
    navigator.clipboard?.writeText(link).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    )
    linkRef.current?.select()
  }, [link])

  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())

  const long = link.length > LONG_LINK
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
        <label className="link-field">
          <span>{t('share.link')}</span>
          <input ref={linkRef} aria-label={t('share.link')} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <p className="muted small">
          {t('share.length', { count: link.length, length: link.length.toLocaleString('en') })} ·{' '}
          {copied === 'yes' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''} · {t('share.privacy')}
        </p>
        {long && (
          <p className="warning-text" role="status">
            {t('share.long', { limit: LONG_LINK.toLocaleString('en') })}
          </p>
        )}
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
          <button
            type="button"
            className="button"
            onClick={() =>
              void navigator.clipboard?.writeText(link).then(
                () => setCopied('yes'),
                () => setCopied('failed'),
              )
            }
            aria-label={t('share.copy')}
          >
            {t('share.copy')}
          </button>
          <button type="button" className="button primary" onClick={onClose} aria-label={t('common.done')}>
            {t('common.done')}
          </button>
        </div>
      </div>
    </div>
  )
}

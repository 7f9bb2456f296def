import { useEffect, useMemo, useRef, useState } from 'react'
import { defaultSkillName } from '../../core/skill'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { skillDownload, skillPayload, workspacePayload, workspaceZipDownload } from './workspaceExport'

/** Links longer than this get cut by chat apps and browser history. */
export const LONG_LINK = 2000

/** Builds a link for the selected skill or the whole workspace, copies it, warns when it is long. */
export function ShareDialog({ onClose }: { onClose: () => void }) {
  const store = usePlaygroundStore()
  const { shareLink, download } = useServices()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const files = usePlayground((state) => state.files)
  const [scope, setScope] = useState<'skill' | 'workspace'>(selectedPath ? 'skill' : 'workspace')
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const linkRef = useRef<HTMLInputElement>(null)

  const link = useMemo(() => {
    const state = store.getState()
    const payload = scope === 'skill' && selectedPath ? skillPayload(state, selectedPath) : workspacePayload(state)
    return payload ? shareLink(payload) : ''
    // files: a new link whenever the content changes while the dialog is open.
  }, [scope, selectedPath, store, files]) // eslint-disable-line react-hooks/exhaustive-deps

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
      <div className="modal" role="dialog" aria-modal="true" aria-label="Share" onClick={(event) => event.stopPropagation()}>
        <h2>Share</h2>
        <fieldset className="scope">
          <label>
            <input type="radio" name="scope" checked={scope === 'skill'} disabled={!selectedPath} onChange={() => setScope('skill')} />
            This skill
            {selectedPath && (
              <>
                {' '}
                — <code>{defaultSkillName(selectedPath)}</code>
              </>
            )}
          </label>
          <label>
            <input type="radio" name="scope" checked={scope === 'workspace'} onChange={() => setScope('workspace')} />
            The whole workspace ({files.length} skills, test utterance, tool mocks, knowledge, files)
          </label>
        </fieldset>
        <label className="link-field">
          <span>Link</span>
          <input ref={linkRef} aria-label="Link" readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
        </label>
        <p className="muted small">
          {link.length.toLocaleString('en')} characters ·{' '}
          {copied === 'yes' ? 'copied to the clipboard' : copied === 'failed' ? 'select it and copy (Ctrl+C)' : ''} · the content is in the
          part after #, which is never sent to a server. No key or setting marked secret is included.
        </p>
        {long && (
          <p className="warning-text" role="status">
            This link is over {LONG_LINK.toLocaleString('en')} characters: chat apps and browser history may cut it. Send the file instead.
          </p>
        )}
        <div className="modal-actions">
          {(long || scope === 'workspace') && (
            <button
              type="button"
              className="button"
              onClick={() => {
                const file =
                  scope === 'skill' && selectedPath ? skillDownload(store.getState(), selectedPath) : workspaceZipDownload(store.getState())
                if (file) download(file.name, file.content, file.type)
              }}
            >
              Download file
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
          >
            Copy link
          </button>
          <button type="button" className="button primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </div>
  )
}

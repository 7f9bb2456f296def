/**
 * "Share run" in the run view (docs/share-links.md, "Shared runs"): a link that opens the run
 * read-only — its trace, the skills it used as they were, the model and settings — or, for a run
 * too long for a link, a file; and "Open run file" for such a file.
 */
import { useMemo, useRef, useState } from 'react'
import {
  decodeRunFile,
  encodeRunShare,
  LONG_LINK_CHARS,
  MAX_RUN_LINK_CHARS,
  shareAddresses,
  runShareFile,
  sharedRunOf,
} from '../../core/share'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import type { AgentRun } from '../../state/runSlice'
import { snapshotOf } from '../../state/runSnapshots'
import { useServices } from '../common/services'
import { ShareLinkPanel } from '../common/ShareLinkPanel'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'
import { shownModelLabel } from './shownModelLabel'

/** The button in the run header; the dialog opens on click. */
export function ShareRunButton({ run }: { run: AgentRun }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button small"
        disabled={run.status === 'running'}
        onClick={() => setOpen(true)}
        title={t('shareRun.shareTitle')}
        aria-label={t('shareRun.share')}
      >
        {t('shareRun.share')}
      </button>
      {open && <ShareRunDialog run={run} onClose={() => setOpen(false)} />}
    </>
  )
}

function ShareRunDialog({ run, onClose }: { run: AgentRun; onClose: () => void }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const { download, team, pageAddress } = useServices()
  const serverPublicUrl = usePlayground((state) => state.serverPublicUrl)
  const page = pageAddress()
  const { local, publicBase, base, shortBase } = shareAddresses({
    page,
    serverPublicUrl,
    buildAddress: team.buildAddress,
    teamAddress: team.address(),
  })

  const shared = useMemo(() => {
    // The skills and settings the run started with; after a reload, the workspace as it is now.
    const state = store.getState()
    const snapshot = snapshotOf(run.id)
    return sharedRunOf(
      run,
      snapshot?.files ?? state.files,
      snapshot?.settings ?? { threshold: state.threshold, toolProtocol: state.toolProtocol, modelName: state.modelName },
    )
  }, [run, store])
  const fragment = useMemo(() => encodeRunShare(shared), [shared])
  const length = `${base}#${fragment}`.length
  const tooLong = length > MAX_RUN_LINK_CHARS
  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('shareRun.title')} onClick={(event) => event.stopPropagation()}>
        <h2>{t('shareRun.title')}</h2>
        <p className="muted small">
          “{run.utterance}” · {shownModelLabel(run.model, t)} · {t(`run.modes.${run.mode}`)}
        </p>
        {local && (
          <p className="warning-text small" role="note">
            {t('share.local', { host: new URL(page).host })}{' '}
            {publicBase ? t('share.pointsTo', { address: publicBase }) : t('share.setAddress')}
          </p>
        )}
        <ShareLinkPanel
          fragment={fragment}
          base={base}
          shortBase={shortBase}
          texts={{
            link: t('shareRun.link'),
            length: (count) => t('shareRun.length', { count, length: count.toLocaleString('en') }),
            privacy: t('shareRun.privacy'),
            long: t('shareRun.long', { limit: LONG_LINK_CHARS.toLocaleString('en') }),
            tooLong: tooLong
              ? t('shareRun.tooLong', { length: length.toLocaleString('en'), limit: MAX_RUN_LINK_CHARS.toLocaleString('en') })
              : null,
          }}
        />
        <div className="modal-actions">
          <button
            type="button"
            className={`button${tooLong ? ' primary' : ''}`}
            onClick={() => download(`run-${run.id}.json`, runShareFile(shared), 'application/json')}
            aria-label={t('shareRun.asFile')}
          >
            {t('shareRun.asFile')}
          </button>
          <button type="button" className="button primary" onClick={onClose} aria-label={t('common.done')}>
            {t('common.done')}
          </button>
        </div>
      </div>
    </div>
  )
}

const MAX_RUN_FILE_BYTES = 50 * 1024 * 1024

/** Opens a file made by "Share as file": the run is shown read-only, as a run link shows it. */
export function OpenRunFile() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className="button small" onClick={() => input.current?.click()} aria-label={t('shareRun.openFile')}>
        {t('shareRun.openFile')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={t('shareRun.openFile')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          // A run file is text the size of a trace; anything far larger is not one, and is not read.
          if (file.size > MAX_RUN_FILE_BYTES) return setProblem(t('shareRun.notRunFile', { file: file.name }))
          void file.text().then((text) => {
            const shared = decodeRunFile(text)
            setProblem(shared ? null : t('shareRun.notRunFile', { file: file.name }))
            if (shared) store.getState().showSharedRun(shared)
          })
        }}
      />
      {problem && (
        <span className="error-text small" role="alert">
          {problem}
        </span>
      )}
    </>
  )
}

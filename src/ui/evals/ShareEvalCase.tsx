/**
 * "Share case" in the Evals tab (docs/share-links.md, "Shared eval cases"): a link that opens one
 * case's trials read-only — the case, each trial's verdict and trace, the skills as they were, the
 * model and settings — or, for a case too long for a link, a file; and "Open case file" for such a
 * file. The dialog follows "Share run"'s, with the same limits (core/share).
 */
import { useMemo, useRef, useState } from 'react'
import {
  decodeEvalCaseFile,
  encodeEvalCaseShare,
  evalCaseShareFile,
  LONG_LINK_CHARS,
  MAX_RUN_LINK_CHARS,
  shareAddresses,
  type SharedEvalCase,
} from '../../core/share'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { ShareLinkPanel } from '../common/ShareLinkPanel'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'
import { TracesDropped } from './CaseTrials'
import { shownModelLabel } from '../run/shownModelLabel'

/** The button above a case's trials; the dialog opens on click. */
export function ShareCaseButton({ shared }: { shared: SharedEvalCase }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button small"
        onClick={() => setOpen(true)}
        title={t('shareCase.shareTitle')}
        aria-label={t('shareCase.share')}
      >
        {t('shareCase.share')}
      </button>
      {open && <ShareCaseDialog shared={shared} onClose={() => setOpen(false)} />}
    </>
  )
}

/** A file name from the case's name: letters, digits and dashes only. */
const fileName = (name: string) =>
  `eval-case-${
    name
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'case'
  }.json`

function ShareCaseDialog({ shared, onClose }: { shared: SharedEvalCase; onClose: () => void }) {
  const { t } = useT()
  const { download, team, pageAddress } = useServices()
  const serverPublicUrl = usePlayground((state) => state.serverPublicUrl)
  const page = pageAddress()
  const { local, publicBase, base, shortBase } = shareAddresses({
    page,
    serverPublicUrl,
    buildAddress: team.buildAddress,
    teamAddress: team.address(),
  })
  const fragment = useMemo(() => encodeEvalCaseShare(shared), [shared])
  const length = `${base}#${fragment}`.length
  const tooLong = length > MAX_RUN_LINK_CHARS
  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-label={t('shareCase.title')} onClick={(event) => event.stopPropagation()}>
        <h2>{t('shareCase.title')}</h2>
        <p className="muted small">
          “{shared.case.name}” ·{' '}
          {t('evalCase.passed', { passed: shared.trials.filter((trial) => trial.passed).length, total: shared.trials.length })} ·{' '}
          {shownModelLabel(shared.settings.label, t)}
        </p>
        {local && (
          <p className="warning-text small" role="note">
            {t('share.local', { host: new URL(page).host })}{' '}
            {publicBase ? t('share.pointsTo', { address: publicBase }) : t('share.setAddress')}
          </p>
        )}
        {shared.tracesDropped > 0 && (
          <p className="muted small">
            <TracesDropped count={shared.tracesDropped} />
          </p>
        )}
        <ShareLinkPanel
          fragment={fragment}
          base={base}
          shortBase={shortBase}
          texts={{
            link: t('shareCase.link'),
            length: (count) => t('shareRun.length', { count, length: count.toLocaleString('en') }),
            privacy: t('shareCase.privacy'),
            long: t('shareRun.long', { limit: LONG_LINK_CHARS.toLocaleString('en') }),
            tooLong: tooLong
              ? t('shareCase.tooLong', { length: length.toLocaleString('en'), limit: MAX_RUN_LINK_CHARS.toLocaleString('en') })
              : null,
          }}
        />
        <div className="modal-actions">
          <button
            type="button"
            className={`button${tooLong ? ' primary' : ''}`}
            onClick={() => download(fileName(shared.case.name), evalCaseShareFile(shared), 'application/json')}
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

const MAX_CASE_FILE_BYTES = 50 * 1024 * 1024

/** Opens a file made by "Share as file": the case is shown read-only, as a case link shows it. */
export function OpenCaseFile() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className="button small" onClick={() => input.current?.click()} aria-label={t('shareCase.openFile')}>
        {t('shareCase.openFile')}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label={t('shareCase.openFile')}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0]
          event.currentTarget.value = ''
          if (!file) return
          // A case file is text the size of its traces; anything far larger is not one, and is not read.
          if (file.size > MAX_CASE_FILE_BYTES) return setProblem(t('shareCase.notCaseFile', { file: file.name }))
          void file.text().then((text) => {
            const shared = decodeEvalCaseFile(text)
            setProblem(shared ? null : t('shareCase.notCaseFile', { file: file.name }))
            if (shared) store.getState().showSharedEvalCase(shared)
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

import { Suspense, useState } from 'react'
import { lazyView } from '../common/lazyView'
import { usePlayground, usePlaygroundStore, useTextOf } from '../../state/PlaygroundProvider'
import { restoredFrom } from '../../state/versionsSlice'
import { useT } from '../i18n/i18n'

const DiffView = lazyView(() => import('./DiffView'))
const CURRENT = 'current'

/** Save version (with a label), the list of versions, restore, and a diff between any two. */
export function VersionsControl({ path }: { path: string }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const versions = usePlayground((state) => state.versions[path]) ?? []
  const [open, setOpen] = useState(false)
  // Read while the dialog is open only: closed, a keystroke in the editor does not render this.
  const current = useTextOf(open ? path : null) ?? ''
  const [labeling, setLabeling] = useState(false)
  const [label, setLabel] = useState('')
  const [pair, setPair] = useState<{ left: string; right: string } | null>(null)
  const textOf = (id: string) => (id === CURRENT ? current : (versions.find((version) => version.id === id)?.text ?? ''))
  // A label the page wrote (a restore's "Before restoring …") reads in the interface's language.
  const shown = (label: string): string => {
    const restored = restoredFrom(label)
    return restored === null ? label : t('shownLabels.beforeRestoring', { label: shown(restored) })
  }
  const nameOf = (id: string) =>
    id === CURRENT ? t('versions.current') : shown(versions.find((version) => version.id === id)?.label ?? '')

  const save = () => {
    store.getState().saveVersion(path, label)
    setLabel('')
    setLabeling(false)
  }

  return (
    <div className="versions">
      {labeling ? (
        <form
          className="version-label"
          onSubmit={(event) => {
            event.preventDefault()
            save()
          }}
        >
          <input
            aria-label={t('versions.label')}
            autoFocus
            placeholder={t('versions.labelPlaceholder')}
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setLabeling(false)}
          />
          <button type="submit" className="button small primary" aria-label={t('versions.save')}>
            {t('versions.save')}
          </button>
        </form>
      ) : (
        <button type="button" className="button small" onClick={() => setLabeling(true)} aria-label={t('versions.saveVersion')}>
          {t('versions.saveVersion')}
        </button>
      )}
      {versions.length > 0 && (
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          title={t('versions.title')}
          aria-label={t('versions.open', { count: versions.length })}
        >
          {t('versions.open', { count: versions.length })}
        </button>
      )}
      {open && versions.length > 0 && (
        <div className="modal-backdrop" onClick={() => setOpen(false)}>
          <div
            className="modal wide"
            role="dialog"
            aria-modal="true"
            aria-label={t('versions.dialog')}
            onClick={(event) => event.stopPropagation()}
          >
            <h2>{t('versions.of', { path })}</h2>
            <ol className="version-list">
              {[...versions].reverse().map((version) => (
                <li key={version.id}>
                  <span>
                    <strong>{shown(version.label)}</strong>{' '}
                    <span className="muted small">{new Date(version.savedAt).toLocaleString()}</span>
                    {version.text === current && <span className="badge">{t('versions.same')}</span>}
                  </span>
                  <span className="version-actions">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setPair({ left: version.id, right: CURRENT })}
                      aria-label={t('versions.diffCurrent')}
                    >
                      {t('versions.diffCurrent')}
                    </button>
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => store.getState().restoreVersion(path, version.id)}
                      aria-label={t('versions.restore')}
                    >
                      {t('versions.restore')}
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <div className="compare">
              <label>
                {t('versions.compare')}{' '}
                <select
                  aria-label={t('versions.left')}
                  value={pair?.left ?? versions[0]?.id}
                  onChange={(event) => setPair({ left: event.target.value, right: pair?.right ?? CURRENT })}
                >
                  {versions.map((version) => (
                    <option key={version.id} value={version.id}>
                      {shown(version.label)}
                    </option>
                  ))}
                  <option value={CURRENT}>{t('versions.current')}</option>
                </select>
              </label>
              <label>
                {t('versions.with')}{' '}
                <select
                  aria-label={t('versions.right')}
                  value={pair?.right ?? CURRENT}
                  onChange={(event) => setPair({ left: pair?.left ?? versions[0]?.id ?? CURRENT, right: event.target.value })}
                >
                  {versions.map((version) => (
                    <option key={version.id} value={version.id}>
                      {shown(version.label)}
                    </option>
                  ))}
                  <option value={CURRENT}>{t('versions.current')}</option>
                </select>
              </label>
            </div>
            {pair && (
              <>
                <p className="muted small">{t('versions.pair', { left: nameOf(pair.left), right: nameOf(pair.right) })}</p>
                <Suspense fallback={<p className="loading">{t('versions.loading')}</p>}>
                  <DiffView original={textOf(pair.left)} modified={textOf(pair.right)} />
                </Suspense>
              </>
            )}
            <div className="modal-actions">
              <button type="button" className="button primary" onClick={() => setOpen(false)} aria-label={t('common.close')}>
                {t('common.close')}
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  )
}

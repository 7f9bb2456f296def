import { lazy, Suspense, useState } from 'react'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'

const DiffView = lazy(() => import('./DiffView'))
const CURRENT = 'current'

/** Save version (with a label), the list of versions, restore, and a diff between any two. */
export function VersionsControl({ path }: { path: string }) {
  const store = usePlaygroundStore()
  const versions = usePlayground((state) => state.versions[path]) ?? []
  const current = usePlayground((state) => state.files.find((file) => file.path === path)?.text) ?? ''
  const [labeling, setLabeling] = useState(false)
  const [label, setLabel] = useState('')
  const [open, setOpen] = useState(false)
  const [pair, setPair] = useState<{ left: string; right: string } | null>(null)
  const textOf = (id: string) => (id === CURRENT ? current : (versions.find((version) => version.id === id)?.text ?? ''))
  const nameOf = (id: string) => (id === CURRENT ? 'Current text' : (versions.find((version) => version.id === id)?.label ?? ''))

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
            aria-label="Version label"
            autoFocus
            placeholder="Label (optional)"
            value={label}
            onChange={(event) => setLabel(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setLabeling(false)}
          />
          <button type="submit" className="button small primary">
            Save
          </button>
        </form>
      ) : (
        <button type="button" className="button small" onClick={() => setLabeling(true)}>
          Save version
        </button>
      )}
      {versions.length > 0 && (
        <button
          type="button"
          className="button small"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
          title="Versions of this skill: restore, compare"
        >
          Versions ({versions.length})
        </button>
      )}
      {open && versions.length > 0 && (
        <div className="modal-backdrop" onClick={() => setOpen(false)}>
          <div className="modal wide" role="dialog" aria-modal="true" aria-label="Versions" onClick={(event) => event.stopPropagation()}>
            <h2>Versions of {path}</h2>
            <ol className="version-list">
              {[...versions].reverse().map((version) => (
                <li key={version.id}>
                  <span>
                    <strong>{version.label}</strong> <span className="muted small">{new Date(version.savedAt).toLocaleString()}</span>
                    {version.text === current && <span className="badge">same as current</span>}
                  </span>
                  <span className="version-actions">
                    <button type="button" className="link-button" onClick={() => setPair({ left: version.id, right: CURRENT })}>
                      Diff with current
                    </button>
                    <button type="button" className="link-button" onClick={() => store.getState().restoreVersion(path, version.id)}>
                      Restore
                    </button>
                  </span>
                </li>
              ))}
            </ol>
            <div className="compare">
              <label>
                Compare{' '}
                <select
                  aria-label="Left version"
                  value={pair?.left ?? versions[0]?.id}
                  onChange={(event) => setPair({ left: event.target.value, right: pair?.right ?? CURRENT })}
                >
                  {versions.map((version) => (
                    <option key={version.id} value={version.id}>
                      {version.label}
                    </option>
                  ))}
                  <option value={CURRENT}>Current text</option>
                </select>
              </label>
              <label>
                with{' '}
                <select
                  aria-label="Right version"
                  value={pair?.right ?? CURRENT}
                  onChange={(event) => setPair({ left: pair?.left ?? versions[0]?.id ?? CURRENT, right: event.target.value })}
                >
                  {versions.map((version) => (
                    <option key={version.id} value={version.id}>
                      {version.label}
                    </option>
                  ))}
                  <option value={CURRENT}>Current text</option>
                </select>
              </label>
            </div>
            {pair && (
              <>
                <p className="muted small">
                  {nameOf(pair.left)} (left) → {nameOf(pair.right)} (right)
                </p>
                <Suspense fallback={<p className="loading">Loading diff…</p>}>
                  <DiffView original={textOf(pair.left)} modified={textOf(pair.right)} />
                </Suspense>
              </>
            )}
            <div className="modal-actions">
              <button type="button" className="button primary" onClick={() => setOpen(false)}>
                Close
              </button>
            </div>
          </div>
        </div>
      )}
    </div>
  )
}

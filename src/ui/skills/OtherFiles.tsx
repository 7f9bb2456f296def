import { useState } from 'react'
import { useOtherFilePaths, usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** Paths listed before "Show all": an imported repository can bring hundreds. */
const SHOWN = 50

/** The paths listed before "Show all": the first SHOWN, and the open file wherever it is (opened from Problems, say), so its Delete is in sight. */
export function listedOtherFiles(paths: readonly string[], selectedPath: string | null): readonly string[] {
  const first = paths.slice(0, SHOWN)
  return selectedPath !== null && !first.includes(selectedPath) && paths.includes(selectedPath) ? [...first, selectedPath] : first
}

/**
 * The workspace files the list shows nowhere else (a README, a skill's references, an
 * `evals-imported.yaml` an import brought beside one's own, the code a deleted skill left):
 * each opens in the editor, and the open one can be deleted with the list's undo.
 */
export function OtherFiles() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const paths = useOtherFilePaths()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const [all, setAll] = useState(false)
  if (paths.length === 0) return null
  const { selectSkill, deleteSkill } = store.getState()
  const shown = all ? paths : listedOtherFiles(paths, selectedPath)
  // The next file of this list is opened after a delete (the previous one at its end), so a few
  // can be cleared in a row; the list's Undo brings the deleted one back.
  const remove = (path: string) => {
    const at = paths.indexOf(path)
    const next = paths[at + 1] ?? paths[at - 1]
    deleteSkill(path)
    if (next !== undefined) selectSkill(next)
  }
  return (
    <section className="other-files" aria-label={t('a11y.otherFiles')}>
      <div className="skills-section">
        {t('skills.otherSection')} <span className="count">{paths.length}</span>
      </div>
      <p className="other-files-hint">{t('skills.otherHint')}</p>
      <ul className="other-files-list">
        {shown.map((path) => (
          <li key={path} className={path === selectedPath ? 'selected' : undefined}>
            <button type="button" className="link-button other-file" aria-current={path === selectedPath} onClick={() => selectSkill(path)}>
              {path}
            </button>
            {path === selectedPath && (
              <button type="button" className="link-button danger" onClick={() => remove(path)} aria-label={t('skills.delete')}>
                {t('skills.delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {!all && paths.length > SHOWN && (
        <button type="button" className="link-button other-files-more" onClick={() => setAll(true)}>
          {t('skills.otherShowAll', { count: paths.length })}
        </button>
      )}
    </section>
  )
}

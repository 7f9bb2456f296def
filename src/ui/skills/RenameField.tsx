import { useState } from 'react'
import { checkSkillName, slugSkillName } from '../../core/skill'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/**
 * Inline rename: the current name is selected, so typing replaces it; below, the folder and
 * `name` the skill will get (the name is slugged: "My skill" → my-skill). Enter applies, Escape
 * cancels; a refused name says why and stays open.
 */
export function RenameField({ path, initial, onDone }: { path: string; initial: string; onDone: (finalPath: string | null) => void }) {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const files = usePlayground((state) => state.files)
  const [value, setValue] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const check = checkSkillName(value, path, files)
  const apply = () => {
    if (slugSkillName(value) === initial) return onDone(null)
    const problem = store.getState().renameSkill(path, value)
    if (problem) setError(say(problem))
    else if (check.ok) onDone(check.path)
  }
  return (
    <div className="rename" onClick={(event) => event.stopPropagation()}>
      <input
        aria-label={t('skills.newName')}
        placeholder={t('skills.newName')}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        value={value}
        onChange={(event) => {
          setValue(event.target.value)
          setError(null)
        }}
        onKeyDown={(event) => {
          event.stopPropagation()
          if (event.key === 'Enter') apply()
          if (event.key === 'Escape') onDone(null)
        }}
        onBlur={() => (error ? onDone(null) : apply())}
        aria-invalid={error !== null || !check.ok}
        aria-describedby={`rename-preview-${path}`}
      />
      <div className="rename-preview muted small" id={`rename-preview-${path}`}>
        {check.ok ? t('skills.renamePreview', { path: check.path, name: check.name }) : say(check.error)}
      </div>
      {error && (
        <div className="field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  )
}

import { useState } from 'react'
import { usePlaygroundStore } from '../../state/PlaygroundProvider'
import { pathForName } from '../../core/skill'

/** Inline rename: Enter applies, Escape cancels; a refused name says why and stays open. */
export function RenameField({ path, initial, onDone }: { path: string; initial: string; onDone: (finalPath: string | null) => void }) {
  const store = usePlaygroundStore()
  const [value, setValue] = useState(initial)
  const [error, setError] = useState<string | null>(null)
  const apply = () => {
    if (value.trim() === initial) return onDone(null)
    const problem = store.getState().renameSkill(path, value)
    if (problem) setError(problem)
    else onDone(pathForName(value.trim(), path))
  }
  return (
    <div className="rename" onClick={(event) => event.stopPropagation()}>
      <input
        aria-label="New skill name"
        autoFocus
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
        aria-invalid={error !== null}
      />
      {error && <div className="field-error" role="alert">{error}</div>}
    </div>
  )
}

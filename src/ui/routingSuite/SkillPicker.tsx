import { useState } from 'react'
import { useWorkspace } from '../../state/PlaygroundProvider'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'

/**
 * Which skill a case expects: any skill of the workspace, or "no skill". A button with a menu of
 * radio items rather than a <select>: options named after skills would read, to assistive
 * technology and to tests, like the skills in the list.
 */
export function SkillPicker({ value, onChange, label }: { value: string | null; onChange: (value: string | null) => void; label: string }) {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  useWindowEvent('keydown', (event) => open && event.key === 'Escape' && setOpen(false))
  const choose = (next: string | null) => {
    onChange(next)
    setOpen(false)
  }
  return (
    <span className="menu-anchor skill-picker">
      <button
        type="button"
        className="button small"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('a11y.pickerValue', { label, value: value ?? t('tests.noSkill') })}
        onClick={() => setOpen(!open)}
      >
        {value ?? t('tests.noSkill')} ▾
      </button>
      {open && (
        <span className="menu picker-menu" role="menu" aria-label={label}>
          <button type="button" role="menuitemradio" aria-checked={value === null} onClick={() => choose(null)}>
            {t('tests.noSkill')}
          </button>
          <SkillNames value={value} choose={choose} />
        </span>
      )}
    </span>
  )
}

/** The open menu's names: only this reads the skills (thousands), so a closed picker does not render on a keystroke. */
function SkillNames({ value, choose }: { value: string | null; choose: (name: string) => void }) {
  const { skills } = useWorkspace()
  const names = [...new Set(skills.map((skill) => skill.name))]
  return names.map((name) => (
    <button key={name} type="button" role="menuitemradio" aria-checked={value === name} onClick={() => choose(name)}>
      {name}
    </button>
  ))
}

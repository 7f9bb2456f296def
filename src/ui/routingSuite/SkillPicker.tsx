import { useWorkspace } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

const NONE = '\u0000none'

/** Which skill a case expects: any skill of the workspace, or "no skill". */
export function SkillPicker({ value, onChange, label }: { value: string | null; onChange: (value: string | null) => void; label: string }) {
  const { t } = useT()
  const { skills } = useWorkspace()
  const names = [...new Set(skills.map((skill) => skill.name))]
  return (
    <select
      aria-label={label}
      value={value ?? NONE}
      onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
    >
      <option value={NONE}>{t('tests.noSkill')}</option>
      {value !== null && !names.includes(value) && <option value={value}>{value}</option>}
      {names.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  )
}

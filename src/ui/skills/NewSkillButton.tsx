import { useState } from 'react'
import { usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { TemplateGallery } from './TemplateGallery'

/** "+ New": a gallery of scenario templates (and a blank skill). */
export function NewSkillButton({ onCreated }: { onCreated: (path: string) => void }) {
  const { t, language } = useT()
  const store = usePlaygroundStore()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button type="button" className="button small" onClick={() => setOpen(true)} title={t('skills.newTitle')} aria-label={t('skills.new')}>
        {t('skills.new')}
      </button>
      {open && (
        <TemplateGallery
          onClose={() => setOpen(false)}
          onPick={(template) => {
            setOpen(false)
            onCreated(template ? store.getState().addFromTemplate(template) : store.getState().addSkill(language))
          }}
        />
      )}
    </>
  )
}

import { SKILL_TEMPLATES, type TemplateVariant } from '../../core/templates'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'

export interface PickedTemplate {
  name: string
  text: string
  cases: TemplateVariant['cases']
  evals: TemplateVariant['evals']
}

/** "+ New": scenario templates in the interface's language, or a blank skill. */
export function TemplateGallery({ onPick, onClose }: { onPick: (template: PickedTemplate | null) => void; onClose: () => void }) {
  const { t, language } = useT()
  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal gallery" role="dialog" aria-modal="true" aria-label={t('gallery.title')} onClick={(event) => event.stopPropagation()}>
        <h2>{t('gallery.title')}</h2>
        <p className="muted small">{t('gallery.intro')}</p>
        <ul className="template-grid">
          <li>
            <button type="button" className="template-card" aria-label={t('gallery.blank')} onClick={() => onPick(null)}>
              <strong>{t('gallery.blank')}</strong>
              <span>{t('gallery.blankSummary')}</span>
            </button>
          </li>
          {SKILL_TEMPLATES.map((template) => {
            const variant = template.variants[language]
            return (
              <li key={template.id}>
                <button
                  type="button"
                  className="template-card"
                  aria-label={variant.title}
                  onClick={() => onPick({ name: template.name, text: variant.text, cases: variant.cases, evals: variant.evals })}
                >
                  <strong>{variant.title}</strong>
                  <span>{variant.summary}</span>
                  <span className="muted small">{t('gallery.cases', { count: variant.cases.length })}</span>
                </button>
              </li>
            )
          })}
        </ul>
        <div className="modal-actions">
          <button type="button" className="button" onClick={onClose} aria-label={t('common.cancel')}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  )
}

import { useState } from 'react'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'

const STEPS = ['skills', 'editor', 'utterance', 'scores', 'run', 'share'] as const

/** A short first-visit guide: six steps, skippable, in a corner so the page stays usable. */
export function GuideTour({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const [step, setStep] = useState(0)
  const id = STEPS[step] ?? 'skills'
  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())
  return (
    <aside className="guide" role="dialog" aria-label={t('guide.title')} aria-modal="false">
      <div className="guide-step muted small">{t('guide.step', { step: step + 1, total: STEPS.length })}</div>
      <strong className="guide-title">{t(`guide.${id}.title`)}</strong>
      <p>{t(`guide.${id}.text`)}</p>
      <div className="guide-actions">
        <button type="button" className="link-button" onClick={onClose} aria-label={t('guide.skip')}>
          {t('guide.skip')}
        </button>
        {step > 0 && (
          <button type="button" className="button small" onClick={() => setStep(step - 1)} aria-label={t('guide.back')}>
            {t('guide.back')}
          </button>
        )}
        {step < STEPS.length - 1 ? (
          <button type="button" className="button small primary" onClick={() => setStep(step + 1)} aria-label={t('guide.next')}>
            {t('guide.next')}
          </button>
        ) : (
          <button type="button" className="button small primary" onClick={onClose} aria-label={t('guide.done')}>
            {t('guide.done')}
          </button>
        )}
      </div>
    </aside>
  )
}

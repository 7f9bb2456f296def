import { useDescriptionRouting } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** One sentence below the summary when keyword routing picks nobody: whom the stand-in would load by description (simulated). */
export function DescriptionPickNote() {
  const { t } = useT()
  const routing = useDescriptionRouting()
  if (routing.withoutKeywords === 0) return null
  return (
    <p className="summary description-note">
      {routing.pick
        ? t('descriptionRouting.summaryPick', { skill: routing.pick.skill })
        : t('descriptionRouting.summaryNone', { count: routing.withoutKeywords })}
    </p>
  )
}

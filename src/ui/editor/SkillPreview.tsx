import { useSkill } from '../../state/PlaygroundProvider'
import SafeMarkdown from '../common/SafeMarkdown'
import { useT } from '../i18n/i18n'

/** The selected skill's body rendered as Markdown, the way the model will read it. */
export function SkillPreview({ path }: { path: string | null }) {
  const skill = useSkill(path)
  const { t } = useT()
  if (!skill) return <p className="hint">{t('editor.noSelection')}</p>
  return (
    <article className="markdown-preview" aria-label={t('editor.preview')}>
      <SafeMarkdown text={skill.body} />
    </article>
  )
}

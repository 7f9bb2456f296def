import Markdown, { type Components } from 'react-markdown'
import { useWorkspace } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

// Skill bodies may come from a link: nothing in them may load from elsewhere or run.
// No raw HTML (react-markdown drops it without rehype-raw), unsafe URLs are removed by its
// default urlTransform, and images that are not inline data are not fetched.
const components: Components = {
  img: ({ src, alt }) =>
    typeof src === 'string' && src.startsWith('data:image/') ? (
      <img src={src} alt={alt ?? ''} />
    ) : (
      <BlockedImage src={typeof src === 'string' ? src : undefined} alt={alt} />
    ),
  a: ({ href, children }) =>
    href && /^(https?:|mailto:|#)/i.test(href) ? (
      <a href={href} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    ) : (
      <span className="unsafe-link">{children}</span>
    ),
}

function BlockedImage({ src, alt }: { src: string | undefined; alt: string | undefined }) {
  const { t } = useT()
  return (
    <span className="blocked-image" title={src}>
      [{t('editor.imageBlocked', { alt: alt || t('editor.remoteImage') })}]
    </span>
  )
}

/** The selected skill's body rendered as Markdown, the way the model will read it. */
export function SkillPreview({ path }: { path: string | null }) {
  const skill = useWorkspace().skills.find((candidate) => candidate.path === path)
  const { t, en } = useT()
  if (!skill) return <p className="hint">{t('editor.noSelection')}</p>
  return (
    <article className="markdown-preview" aria-label={en('editor.preview')}>
      <Markdown components={components}>{skill.body}</Markdown>
    </article>
  )
}

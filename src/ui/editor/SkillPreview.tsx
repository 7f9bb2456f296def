import Markdown, { type Components } from 'react-markdown'
import { useWorkspace } from '../../state/PlaygroundProvider'

// Skill bodies may come from a link: nothing in them may load from elsewhere or run.
// No raw HTML (react-markdown drops it without rehype-raw), unsafe URLs are removed by its
// default urlTransform, and images that are not inline data are not fetched.
const components: Components = {
  img: ({ src, alt }) =>
    typeof src === 'string' && src.startsWith('data:image/') ? (
      <img src={src} alt={alt ?? ''} />
    ) : (
      <span className="blocked-image" title={typeof src === 'string' ? src : undefined}>
        [image not loaded: {alt || 'remote image'}]
      </span>
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

/** The selected skill's body rendered as Markdown, the way the model will read it. */
export function SkillPreview({ path }: { path: string | null }) {
  const skill = useWorkspace().skills.find((candidate) => candidate.path === path)
  if (!skill) return <p className="hint">No skill selected.</p>
  return (
    <article className="markdown-preview" aria-label="Preview">
      <Markdown components={components}>{skill.body}</Markdown>
    </article>
  )
}

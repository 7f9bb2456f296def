import Markdown, { type Components } from 'react-markdown'
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

/** Markdown from a skill, a link or a model, rendered with nothing that loads or runs. */
export default function SafeMarkdown({ text }: { text: string }) {
  return <Markdown components={components}>{text}</Markdown>
}

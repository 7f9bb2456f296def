import { useState } from 'react'
import { useT } from '../i18n/i18n'

/** A long text shows this many characters at first, and this many more per click. */
export const LONG_TEXT_STEP = 20_000

/** While a reply streams, only its end is shown: re-laying out 200,000 characters per chunk would freeze the page. */
export const STREAMING_TAIL = 4_000

/**
 * Text that may be very long (a tool result, a model reply): rendered in steps, so a result at its
 * size cap costs the page no more than a short one until the user asks for more.
 */
export function LongText({ text, as: Tag = 'p', className }: { text: string; as?: 'p' | 'pre'; className?: string }) {
  const { t } = useT()
  const [shown, setShown] = useState(LONG_TEXT_STEP)
  if (text.length <= shown) return <Tag className={className}>{text}</Tag>
  const left = text.length - shown
  return (
    <>
      <Tag className={className}>{text.slice(0, shown)}…</Tag>
      <button
        type="button"
        className="button small"
        aria-label={t('longText.more')}
        onClick={() => setShown((current) => current + LONG_TEXT_STEP)}
      >
        {t('longText.moreCount', { count: Math.min(left, LONG_TEXT_STEP).toLocaleString('en'), left: left.toLocaleString('en') })}
      </button>
    </>
  )
}

/** The end of a reply that is still streaming, with how much came before it. */
export function StreamingTail({ text, className }: { text: string; className?: string }) {
  const { t } = useT()
  if (text.length <= STREAMING_TAIL) return <p className={className}>{text}</p>
  return (
    <>
      <p className="muted small">{t('longText.earlier', { count: (text.length - STREAMING_TAIL).toLocaleString('en') })}</p>
      <p className={className}>…{text.slice(-STREAMING_TAIL)}</p>
    </>
  )
}

/**
 * The link part of every Share dialog (a skill or the workspace, a run, an eval case): the link
 * field, its length and the long-link warning, copying, and the short link when the team server
 * keeps them (docs/share-links.md, "Short links"); a static copy or a server that keeps none says
 * so. The content leaves the page only when the user asks for a short link.
 */
import { useEffect, useRef, useState } from 'react'
import { LONG_LINK_CHARS, MAX_SHORT_LINK_CHARS, shortLinkFragment, type ShortLinkOffer } from '../../core/share'
import { message, type Message } from '../../core/messages'
import { useServices } from './services'
import { useT } from '../i18n/i18n'

export interface ShareLinkTexts {
  /** The field's label and accessible name. */
  link: string
  length: (count: number) => string
  privacy: string
  /** The warning over LONG_LINK_CHARS. */
  long: string
  /** Shown instead of the long link when it is over the kind's limit (a run's, a case's); null: always offered. */
  tooLong: string | null
}

/**
 * `base`: the address links are built from; `shortBase`: the address of the server that keeps
 * short links (shareAddresses in core), or null when `base` is another server, where a short link
 * made here would not open.
 */
export function ShareLinkPanel({
  fragment,
  base,
  shortBase,
  texts,
}: {
  fragment: string
  base: string
  shortBase: string | null
  texts: ShareLinkTexts
}) {
  const { t, say } = useT()
  const { shortLinks } = useServices()
  const [offer, setOffer] = useState<ShortLinkOffer>('unknown')
  const [short, setShort] = useState<{ fragment: string; link: string } | null>(null)
  const [problem, setProblem] = useState<Message | null>(null)
  const [making, setMaking] = useState(false)
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const field = useRef<HTMLInputElement>(null)

  useEffect(() => {
    let live = true
    // Asked once per page by the adapter (the features answer): what serves the page does not change.
    void shortLinks.offer().then((answer) => live && setOffer(answer))
    return () => {
      live = false
    }
  }, [shortLinks])

  const longLink = `${base}#${fragment}`
  const shortLink = short?.fragment === fragment ? short.link : null
  const hidden = shortLink === null && texts.tooLong !== null
  const link = shortLink ?? (hidden ? '' : longLink)
  const tooLargeForShort = fragment.length > MAX_SHORT_LINK_CHARS

  const copy = (text: string) => {
    setCopied(null)
    navigator.clipboard?.writeText(text).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    )
  }
  useEffect(() => {
    setProblem(null)
    if (!link) return
    copy(link)
    field.current?.select()
    // Copied once per link shown (the long one, then the short one).
  }, [link])

  const makeShort = async () => {
    setMaking(true)
    setProblem(null)
    const answer = await shortLinks.store(fragment)
    setMaking(false)
    if (answer.ok && shortBase !== null) setShort({ fragment, link: `${shortBase}#${shortLinkFragment(answer.id)}` })
    else if (!answer.ok) setProblem(answer.error)
  }
  // The links point to another server than the one that would keep the short link.
  const elsewhere = offer === 'available' && shortBase === null
  const canShorten = offer === 'available' && !elsewhere && !shortLink && !tooLargeForShort

  return (
    <>
      {hidden ? (
        <p className="warning-text" role="status">
          {texts.tooLong}
        </p>
      ) : (
        <>
          <label className="link-field">
            <span>{shortLink ? t('shortLink.label') : texts.link}</span>
            <input
              ref={field}
              aria-label={shortLink ? t('shortLink.label') : texts.link}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
            />
          </label>
          <p className="muted small">
            {texts.length(link.length)} · {copied === 'yes' ? t('share.copied') : copied === 'failed' ? t('share.copyFailed') : ''} ·{' '}
            {shortLink ? t('shortLink.kept') : texts.privacy}
          </p>
          {!shortLink && link.length > LONG_LINK_CHARS && (
            <p className="warning-text" role="status">
              {texts.long}
              {canShorten && ` ${t('shortLink.orShort')}`}
            </p>
          )}
        </>
      )}
      {elsewhere && <p className="muted small">{t('shortLink.elsewhere', { address: base })}</p>}
      {offer === 'available' && !elsewhere && !shortLink && tooLargeForShort && (
        <p className="warning-text small" role="status">
          {say(
            message('shortLink.tooLarge', {
              length: fragment.length.toLocaleString('en'),
              limit: MAX_SHORT_LINK_CHARS.toLocaleString('en'),
            }),
          )}
        </p>
      )}
      {offer === 'static' && <p className="muted small">{t('shortLink.static')}</p>}
      {offer === 'off' && <p className="muted small">{t('shortLink.off')}</p>}
      {problem && (
        <p className="error-text small" role="alert">
          {say(problem)}
        </p>
      )}
      <div className="modal-actions share-link-actions">
        {canShorten && (
          <button
            type="button"
            className={`button${hidden || longLink.length > LONG_LINK_CHARS ? ' primary' : ''}`}
            disabled={making}
            onClick={() => void makeShort()}
            title={t('shortLink.makeTitle')}
            aria-label={t('shortLink.make')}
          >
            {making ? t('shortLink.making') : t('shortLink.make')}
          </button>
        )}
        {link && (
          <button type="button" className="button" onClick={() => copy(link)} aria-label={t('share.copy')}>
            {t('share.copy')}
          </button>
        )}
      </div>
    </>
  )
}

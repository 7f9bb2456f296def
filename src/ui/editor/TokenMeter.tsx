import { useEffect, useMemo, useState } from 'react'
import { CATALOG_TOKEN_BUDGET, catalogListing, MAX_COUNTED_CHARS, type TokenCount } from '../../core/routing'
import { useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'

/** A pause in typing this long lets the meter recount; the count runs in a worker either way. */
const RECOUNT_DELAY_MS = 150

/** The count of `text`, recounted off the page's thread when it changes (the last count shows meanwhile). */
function useTokenCount(text: string | null): TokenCount | null {
  const { countTokens } = useServices()
  const [counted, setCounted] = useState<TokenCount | null>(null)
  useEffect(() => {
    if (text === null) return
    let live = true
    const timer = setTimeout(() => {
      countTokens(text).then(
        (count) => live && setCounted(count),
        // A counter that cannot start shows no count: the meter is a hint, never a blocker.
        () => live && setCounted(null),
      )
    }, RECOUNT_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, countTokens])
  return counted
}

/** Tokens of the selected skill's body and of the whole catalog, counted with a real tokenizer in a worker. */
export function TokenMeter({ path }: { path: string | null }) {
  const { skills } = useWorkspace()
  const { t } = useT()
  const skill = skills.find((candidate) => candidate.path === path)
  // The catalog changes only when a name, description or tag does: most keystrokes keep the same text.
  const listing = useMemo(() => catalogListing(skills), [skills])
  const catalog = useTokenCount(listing)
  const body = useTokenCount(skill ? skill.body : null)
  if (!catalog || !body || !skill) return null
  const over = catalog.tokens > CATALOG_TOKEN_BUDGET
  const capped = catalog.capped || body.capped
  const amount = (count: TokenCount) => (count.capped ? '≥ ' : '') + count.tokens.toLocaleString('en')
  return (
    <span
      className="token-meter"
      title={t('tokens.title') + (capped ? ` ${t('tokens.capped', { chars: MAX_COUNTED_CHARS.toLocaleString('en') })}` : '')}
    >
      {t('tokens.body', { count: amount(body) })} · {t('tokens.catalog')}{' '}
      <span className={over ? 'warning-text' : ''}>{t('tokens.count', { count: amount(catalog) })}</span>
      {over && (
        <span className="warning-text" role="status">
          {' '}
          — {t('tokens.over', { budget: CATALOG_TOKEN_BUDGET.toLocaleString('en') })}
        </span>
      )}
    </span>
  )
}

import { useDeferredValue, useEffect, useMemo, useState } from 'react'
import { CATALOG_TOKEN_BUDGET, catalogListing, MAX_COUNTED_CHARS, type TokenCount } from '../../core/routing'
import { useDeferredSkill, useDeferredWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { formatNumber, useT } from '../i18n/i18n'

/** A pause in typing this long lets the meter recount; the count runs in a worker either way. */
const RECOUNT_DELAY_MS = 150
/**
 * The tokenizer (about 1 MB over the wire) is fetched this long after the page opens, so a first
 * visit spends its bandwidth on what it uses first; until then the meter shows an estimate.
 */
const FIRST_COUNT_DELAY_MS = 6000
let tokenizerWarm = false

/** A rough count until the tokenizer arrives: a CJK character is about a token, other text about 4 characters a token. */
export function estimateTokens(text: string): TokenCount {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/g)?.length ?? 0
  return { tokens: Math.ceil(cjk + (text.length - cjk) / 4), capped: false }
}

/** The count of `text`, recounted off the page's thread when it changes (the last count shows meanwhile). */
function useTokenCount(text: string | null): { count: TokenCount; estimated: boolean } | null {
  const { countTokens } = useServices()
  const [counted, setCounted] = useState<TokenCount | null>(null)
  useEffect(() => {
    if (text === null) return
    let live = true
    const timer = setTimeout(
      () => {
        countTokens(text).then(
          (count) => {
            tokenizerWarm = true
            if (live) setCounted(count)
          },
          // A counter that cannot start shows the estimate: the meter is a hint, never a blocker.
          () => live && setCounted(null),
        )
      },
      tokenizerWarm ? RECOUNT_DELAY_MS : FIRST_COUNT_DELAY_MS,
    )
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [text, countTokens])
  // The estimate reads the whole text: only when it changed, not on every render.
  const estimate = useMemo(() => (text === null ? null : estimateTokens(text)), [text])
  if (text === null || estimate === null) return null
  return counted ? { count: counted, estimated: false } : { count: estimate, estimated: true }
}

/** Tokens of the selected skill's body and of the whole catalog, counted with a real tokenizer in a worker. */
export function TokenMeter({ path }: { path: string | null }) {
  // The deferred files: an editor keystroke's own render (inside Monaco's key handling) leaves the
  // meter out, and it follows a frame later with everything else that reads the skills.
  const { skills } = useDeferredWorkspace()
  const { t } = useT()
  const skill = useDeferredSkill(path)
  // The catalog changes only when a name, description or tag does: most keystrokes keep the same text.
  // It follows in a deferred render: listing and estimating a thousand imported skills is work for
  // every skill, which the render that shows an import's skills must not carry.
  const catalogSkills = useDeferredValue(skills)
  const listing = useMemo(() => catalogListing(catalogSkills), [catalogSkills])
  const catalog = useTokenCount(listing)
  const body = useTokenCount(skill ? skill.body : null)
  if (!catalog || !body || !skill) return null
  const over = catalog.count.tokens > CATALOG_TOKEN_BUDGET
  const capped = catalog.count.capped || body.count.capped
  const amount = ({ count, estimated }: { count: TokenCount; estimated: boolean }) =>
    (count.capped ? '≥ ' : estimated ? '≈ ' : '') + formatNumber(count.tokens)
  return (
    <span
      className="token-meter"
      title={
        t('tokens.title') +
        (capped ? ` ${t('tokens.capped', { chars: formatNumber(MAX_COUNTED_CHARS) })}` : '') +
        (body.estimated || catalog.estimated ? ` ${t('tokens.estimated')}` : '')
      }
    >
      {t('tokens.body', { count: amount(body) })} · {t('tokens.catalog')}{' '}
      <span className={over ? 'warning-text' : ''}>{t('tokens.count', { count: amount(catalog) })}</span>
      {over && (
        <span className="warning-text" role="status">
          {' '}
          — {t('tokens.over', { budget: formatNumber(CATALOG_TOKEN_BUDGET) })}
        </span>
      )}
    </span>
  )
}

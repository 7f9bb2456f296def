import { useEffect, useMemo, useState } from 'react'
import { catalogListing } from '../../core/routing'
import { useWorkspace } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'

/** Above this the catalog crowds typical skill-listing budgets (Codex ≈ 8,000 characters ≈ 2k tokens; Claude Code ≈ 1% of context). */
export const CATALOG_TOKEN_BUDGET = 4000

type Counter = (text: string) => number

/** Tokens of the selected skill's body and of the whole catalog, counted with a real tokenizer (loaded lazily). */
export function TokenMeter({ path }: { path: string | null }) {
  const [count, setCount] = useState<Counter | null>(null)
  const { skills } = useWorkspace()
  const { t } = useT()
  const { loadTokenizer } = useServices()
  useEffect(() => {
    let live = true
    void loadTokenizer().then((counter) => live && setCount(() => counter))
    return () => {
      live = false
    }
  }, [loadTokenizer])
  const skill = skills.find((candidate) => candidate.path === path)
  const listing = useMemo(() => catalogListing(skills), [skills])
  // The catalog changes only when a name, description or tag does: most keystrokes reuse the count.
  const catalog = useMemo(() => (count ? count(listing) : 0), [count, listing])
  const body = useMemo(() => (count && skill ? count(skill.body) : 0), [count, skill])
  if (!count || !skill) return null
  const over = catalog > CATALOG_TOKEN_BUDGET
  return (
    <span className="token-meter" title={t('tokens.title')}>
      {t('tokens.body', { count: body.toLocaleString('en') })} · {t('tokens.catalog')}{' '}
      <span className={over ? 'warning-text' : ''}>{t('tokens.count', { count: catalog.toLocaleString('en') })}</span>
      {over && (
        <span className="warning-text" role="status">
          {' '}
          — {t('tokens.over', { budget: CATALOG_TOKEN_BUDGET.toLocaleString('en') })}
        </span>
      )}
    </span>
  )
}

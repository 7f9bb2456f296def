import { useDeferredValue, useMemo, useState } from 'react'
import {
  budgetNumbers,
  clientOfLintProfile,
  CLIENT_IDS,
  CLIENT_PROFILES,
  isClientId,
  MAX_BUDGET_NUMBER,
  type BudgetNumberKey,
  type ClientId,
} from '../../core/clients'
import { catalogBudget, type EntryState } from '../../core/routing'
import { useDeferredFileText, useDeferredWorkspace, usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { formatNumber, useT } from '../i18n/i18n'

/** Rows the table shows at most: a workspace of thousands is summed in full, and listed in part. */
const MAX_ROWS = 300
/** Characters of the listing the preview shows at most. */
const MAX_PREVIEW_CHARS = 20_000

/** "Catalog budget" beside the token meter: opens the listing as a chosen client would lay it out. */
export function CatalogBudget() {
  const { t } = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        className="button small catalog-budget-toggle"
        aria-expanded={open}
        aria-label={t('catalogBudget.button')}
        onClick={() => setOpen(!open)}
      >
        {t('catalogBudget.button')}
      </button>
      {open && <CatalogBudgetPanel onClose={() => setOpen(false)} />}
    </>
  )
}

const STATE_ORDER: EntryState[] = ['full', 'shortened', 'name-only', 'omitted']

function CatalogBudgetPanel({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const lintProfile = usePlayground((state) => state.lintProfile)
  const { skills } = useDeferredWorkspace()
  const listed = useDeferredValue(skills)
  const [client, setClient] = useState<ClientId>(() => clientOfLintProfile(lintProfile)?.id ?? 'claude-code')
  // Numbers typed per client, as typed: an empty or odd field keeps the client's own number.
  const [typed, setTyped] = useState<Partial<Record<ClientId, Partial<Record<BudgetNumberKey, string>>>>>({})
  const profile = CLIENT_PROFILES[client]
  const edits = typed[client] ?? {}
  const numbers = useMemo(
    () =>
      budgetNumbers(
        client,
        Object.fromEntries(Object.entries(typed[client] ?? {}).map(([key, value]) => [key, value === '' ? undefined : Number(value)])),
      ),
    [client, typed],
  )
  const fileText = useDeferredFileText()
  const layout = useMemo(() => catalogBudget(listed, client, numbers, fileText), [listed, client, numbers, fileText])
  const counts = Object.fromEntries(STATE_ORDER.map((state) => [state, 0])) as Record<EntryState, number>
  for (const entry of layout.entries) counts[entry.state]++
  const over = layout.budget > 0 && layout.wanted > layout.budget
  const unit = t(`catalogBudget.units.${layout.unit}`)
  const lintsHere = profile.lintProfile === lintProfile

  return (
    <section className="catalog-budget" aria-label={t('catalogBudget.title')}>
      <div className="catalog-budget-head">
        <strong>{t('catalogBudget.title')}</strong>
        <label className="select">
          <span>{t('catalogBudget.client')}</span>
          <select
            aria-label={t('catalogBudget.client')}
            value={client}
            onChange={(event) => isClientId(event.target.value) && setClient(event.target.value)}
          >
            {CLIENT_IDS.map((id) => (
              <option key={id} value={id}>
                {t(`catalogBudget.clients.${id}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button small" aria-label={t('catalogBudget.close')} onClick={onClose}>
          {t('catalogBudget.close')}
        </button>
      </div>
      <p className="hint">{t(`catalogBudget.rules.${client}`)}</p>
      {profile.editable.length > 0 && (
        <div className="catalog-budget-numbers">
          {profile.editable.map((key) => {
            // Claude Code's and Codex's own budget counts only when no context window is set.
            const label = key === 'budgetChars' && profile.editable.includes('contextTokens') ? 'fallbackChars' : key
            const value = edits[key]
            const invalid = value !== undefined && value !== '' && !(Number(value) >= 0 && Number(value) <= MAX_BUDGET_NUMBER)
            return (
              <label key={key} className="catalog-budget-number">
                <span>{t(`catalogBudget.numbers.${label}`)}</span>
                <input
                  type="number"
                  min={0}
                  max={MAX_BUDGET_NUMBER}
                  step={key === 'percent' || key === 'charsPerToken' ? 'any' : 1}
                  aria-label={t(`catalogBudget.numbers.${label}`)}
                  aria-invalid={invalid || undefined}
                  value={edits[key] ?? String(profile.numbers[key])}
                  onChange={(event) => setTyped({ ...typed, [client]: { ...edits, [key]: event.target.value } })}
                />
                {invalid && (
                  <span className="warning-text" role="alert">
                    {t('catalogBudget.invalid', { max: formatNumber(MAX_BUDGET_NUMBER), value: formatNumber(profile.numbers[key]) })}
                  </span>
                )}
              </label>
            )
          })}
          <button
            type="button"
            className="button small"
            aria-label={t('catalogBudget.reset')}
            disabled={Object.keys(edits).length === 0}
            onClick={() => setTyped({ ...typed, [client]: {} })}
          >
            {t('catalogBudget.reset')}
          </button>
        </div>
      )}
      <p className="catalog-budget-source">{t(`catalogBudget.sources.${client}`)}</p>
      <p role="status" className={over ? 'warning-text' : ''} aria-label={t('catalogBudget.summaryName')}>
        {layout.budget > 0
          ? t('catalogBudget.summary', {
              used: formatNumber(layout.used),
              wanted: formatNumber(layout.wanted),
              budget: formatNumber(layout.budget),
              unit,
            })
          : t('catalogBudget.noBudget', { used: formatNumber(layout.used), unit })}{' '}
        {t('catalogBudget.counts', {
          full: counts.full,
          shortened: counts.shortened,
          nameOnly: counts['name-only'],
          omitted: counts.omitted,
        })}
        {layout.manualOnly.length > 0 && <> {t('catalogBudget.manualOnly', { count: layout.manualOnly.length })}</>}
      </p>
      {profile.lintProfile !== 'strict' && (
        <p className="hint">
          {lintsHere ? (
            t('catalogBudget.linting', { client: t(`catalogBudget.clients.${client}`) })
          ) : (
            <button
              type="button"
              className="button small"
              aria-label={t('catalogBudget.lintFor', { client: t(`catalogBudget.clients.${client}`) })}
              onClick={() => store.getState().setLintProfile(profile.lintProfile)}
            >
              {t('catalogBudget.lintFor', { client: t(`catalogBudget.clients.${client}`) })}
            </button>
          )}
        </p>
      )}
      <table className="catalog-budget-table" aria-label={t('catalogBudget.table')}>
        <thead>
          <tr>
            <th scope="col">{t('catalogBudget.skill')}</th>
            <th scope="col">{t('catalogBudget.kept')}</th>
            <th scope="col">{t('catalogBudget.shown')}</th>
          </tr>
        </thead>
        <tbody>
          {layout.entries.slice(0, MAX_ROWS).map((entry) => (
            <tr key={entry.path} className={`catalog-entry-${entry.state}`}>
              <td>{entry.name}</td>
              <td>{t(`catalogBudget.states.${entry.state}`)}</td>
              <td>
                {formatNumber(entry.shownChars)} / {formatNumber(entry.descriptionChars)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {layout.entries.length > MAX_ROWS && (
        <p className="hint">{t('catalogBudget.moreRows', { count: layout.entries.length - MAX_ROWS })}</p>
      )}
      <details>
        <summary>{t('catalogBudget.preview')}</summary>
        <pre className="catalog-budget-preview">
          {layout.text.length > MAX_PREVIEW_CHARS ? `${layout.text.slice(0, MAX_PREVIEW_CHARS)}\n…` : layout.text}
        </pre>
      </details>
    </section>
  )
}

import { useState } from 'react'
import type { DescriptionRouting, DescriptionRow } from '../../core/routing'
import { usePlaygroundStore, useDescriptionRouting } from '../../state/PlaygroundProvider'
import { useT, type Translator } from '../i18n/i18n'

/** Rows shown at first, and added by each "show more". */
export const DESCRIPTION_ROWS = 10

/**
 * The skills keyword routing cannot see (no trigger_keywords: the public Agent Skills format),
 * ranked by the offline stand-in's description match, labelled simulated (docs/routing.md,
 * "Description match"). A real model decides for itself: LLM routing through the proxy is the
 * real test.
 */
export function DescriptionTable() {
  const tr = useT()
  const { t } = tr
  const routing = useDescriptionRouting()
  const store = usePlaygroundStore()
  const [limit, setLimit] = useState(DESCRIPTION_ROWS)
  if (routing.withoutKeywords === 0) return null
  const { focusSkillRow, selectSkill } = store.getState()
  const shown = routing.top(limit)
  const rest = routing.withoutKeywords - shown.length
  return (
    <section className="description-routing" aria-label={t('descriptionRouting.title')}>
      <h3>
        {t('descriptionRouting.title')} <span className="badge simulated">{t('descriptionRouting.simulated')}</span>
      </h3>
      <p className="muted small">
        {routing.withKeywords === 0
          ? t('descriptionRouting.introAll', { count: routing.withoutKeywords })
          : t('descriptionRouting.intro', { count: routing.withoutKeywords })}
      </p>
      <div className="table-scroll">
        <table className="score-table description-table" aria-label={t('descriptionRouting.table')}>
          <thead>
            <tr>
              <th scope="col">{t('table.skill')}</th>
              <th scope="col">{t('descriptionRouting.matched')}</th>
              <th scope="col" className="num" title={t('descriptionRouting.scoreTitle', { minimum: routing.minimum })}>
                {t('descriptionRouting.score')}
              </th>
              <th scope="col">{t('descriptionRouting.picked')}</th>
            </tr>
          </thead>
          <tbody onMouseLeave={() => focusSkillRow(null)}>
            {shown.map((row) => (
              <tr
                key={row.path}
                aria-selected={row.picked}
                className={`${row.picked ? 'winner-row' : ''} ${row.score > 0 ? '' : 'unscored'}`}
                onClick={() => selectSkill(row.path)}
                title={t('table.rowTitle', { path: row.path })}
              >
                <th scope="row" className="skill-cell">
                  {row.skill}
                </th>
                <td className="matched-cell">
                  {row.matched.length > 0 ? row.matched.map((term) => <code key={term}>{term}</code>) : <span className="muted">—</span>}
                </td>
                <td className="num final-cell">{row.score > 0 ? row.score.toFixed(2) : '—'}</td>
                <td className="activated-cell">
                  <span className={row.picked ? 'yes' : 'no'}>{row.picked ? t('table.yes') : t('table.no')}</span>
                  <span className="reason">{reason(row, routing, tr)}</span>
                </td>
              </tr>
            ))}
            {rest > 0 && (
              <tr className="fold-row">
                <td colSpan={4}>
                  <button type="button" className="link-button" onClick={() => setLimit(limit + DESCRIPTION_ROWS * 5)}>
                    {t('descriptionRouting.more', { count: Math.min(rest, DESCRIPTION_ROWS * 5), rest })}
                  </button>
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/** Why a row was or was not the stand-in's pick, in one line. */
function reason(row: DescriptionRow, routing: DescriptionRouting, { t }: Translator): string {
  if (row.picked) return t('descriptionRouting.reason.picked')
  if (row.ruledOut) return t('descriptionRouting.reason.ruledOut', { terms: row.against.join(', ') })
  if (row.score === 0) return t('descriptionRouting.reason.noTerm')
  if (row.score <= routing.minimum) return t('descriptionRouting.reason.weak', { minimum: routing.minimum })
  if (routing.pick) return t('descriptionRouting.reason.outscored', { skill: routing.pick.skill })
  return t('descriptionRouting.reason.weak', { minimum: routing.minimum })
}

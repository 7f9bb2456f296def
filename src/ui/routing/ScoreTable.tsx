import { memo, useMemo, useRef, useState } from 'react'
import { MULTI_KEYWORD_BONUS, rankScores, topScores, verdictMessage, type SkillScore } from '../../core/routing'
import { useT, type Translator } from '../i18n/i18n'
import { useVirtualRows } from '../common/useVirtualRows'

/** A row's height before it is measured. */
const ROW_HEIGHT = 40
import { useDescriptionRouting, usePlaygroundStore, useRouting } from '../../state/PlaygroundProvider'
import { DescriptionTable } from './DescriptionTable'

const fixed = (value: number) => value.toFixed(3)
/**
 * A bigger workspace's table shows this many rows, best first, and folds the rest into one row the
 * user can open. Laying out every scored row of a thousand skills on each keystroke cost several
 * frames; at thousands of skills 20 rows still cost nearly twice the layout and paint per keystroke
 * of 10 (in a trace), and ten is a screenful: a row is about 60 px high, below the
 * utterance, the hints and the summary, so 1440 × 900 shows four rows and 1920 × 1080 ten.
 */
export const TABLE_ROWS = 10
/** A workspace of up to this many skills shows them all: a short list is read whole. */
export const UNFOLDED_UP_TO = 20

/**
 * The breakdown of docs/routing.md for every skill, live on every keystroke, and below it the
 * stand-in's description match for the skills without keywords. A workspace where no skill has
 * keywords (public Agent Skills) shows only the description match: keyword routing picks none.
 */
export function ScoreTable() {
  const { t } = useT()
  const described = useDescriptionRouting()
  const keywordless = described.withKeywords === 0 && described.withoutKeywords > 0
  return (
    <>
      {keywordless ? <p className="muted small keywordless-note">{t('descriptionRouting.noKeywords')}</p> : <KeywordTable />}
      <DescriptionTable />
    </>
  )
}

/** Keyword routing's table. */
function KeywordTable() {
  const tr = useT()
  const { t } = tr
  const routing = useRouting()
  const store = usePlaygroundStore()
  const [showAll, setShowAll] = useState(false)
  const folds = routing.total > UNFOLDED_UP_TO
  const folded = !showAll && folds
  // Folded, only the best rows are described (topScores), not every skill of the workspace.
  const shown = useMemo(() => (folded ? topScores(routing, TABLE_ROWS) : rankScores(routing.scores)), [routing, folded])
  const { focusSkillRow, selectSkill } = store.getState()
  const hidden = folded ? routing.total - TABLE_ROWS : 0
  const scoredHidden = folded ? routing.scored - shown.filter((score) => score.final !== null).length : 0
  // All rows: the table scrolls in its own box and renders the rows in view (thousands otherwise).
  const scrollBox = useRef<HTMLDivElement>(null)
  const all = useVirtualRows(folded ? 0 : shown.length, scrollBox, ROW_HEIGHT)
  const rendered = folded ? shown : all.indexes.map((index) => shown[index]).filter((score) => score !== undefined)
  return (
    <div className={`table-scroll${folded ? '' : ' all-rows'}`} ref={scrollBox}>
      <table className="score-table" aria-label={t('routing.title')} aria-rowcount={routing.total + 1}>
        <thead>
          <tr>
            <th scope="col">{t('table.skill')}</th>
            <th scope="col">{t('table.matched')}</th>
            <th scope="col" className="num" title={t('table.coveredTitle')}>
              {t('table.covered')}
            </th>
            <th scope="col" className="num" title={t('table.lengthTitle')}>
              {t('table.length')}
            </th>
            <th scope="col" className="num" title={t('table.baseTitle')}>
              {t('table.base')}
            </th>
            <th scope="col" className="num" title={t('table.bonusTitle', { bonus: MULTI_KEYWORD_BONUS })}>
              {t('table.bonus')}
            </th>
            <th scope="col" className="num">
              {t('table.final')}
            </th>
            <th scope="col">{t('table.activated')}</th>
          </tr>
        </thead>
        <tbody onMouseLeave={() => focusSkillRow(null)}>
          {!folded && all.before > 0 && <SpacerRow height={all.before} />}
          {rendered.map((score, offset) => (
            <ScoreRow
              key={score.path}
              index={folded ? offset : (all.indexes[offset] ?? offset)}
              measure={folded ? undefined : all.measure}
              score={score}
              threshold={routing.threshold}
              tr={tr}
              onFocus={focusSkillRow}
              onOpen={selectSkill}
            />
          ))}
          {!folded && all.after > 0 && <SpacerRow height={all.after} />}
          {folds && (
            <tr className="fold-row">
              <td colSpan={8}>
                <button type="button" className="link-button" onClick={() => setShowAll(!showAll)}>
                  {showAll
                    ? t('table.showBest', { count: TABLE_ROWS })
                    : t('table.showRest', { count: hidden, scored: scoredHidden.toLocaleString('en') })}
                </button>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}

/** Stands for the rows above or below the ones in view. */
function SpacerRow({ height }: { height: number }) {
  return (
    <tr className="virtual-spacer" aria-hidden="true">
      <td colSpan={8} style={{ height }} />
    </tr>
  )
}

interface ScoreRowProps {
  /** Position in the ranking (the table renders only the rows in view when it shows them all). */
  index: number
  measure: ((element: Element | null) => void) | undefined
  score: SkillScore
  threshold: number
  /** The table's translator: one lookup of the language per table, not per row. */
  tr: Translator
  onFocus: (path: string | null) => void
  onOpen: (path: string) => void
}

/** Two scores that render identically (the router makes new objects on every keystroke). */
function sameRow(a: ScoreRowProps, b: ScoreRowProps): boolean {
  const x = a.score
  const y = b.score
  return (
    a.threshold === b.threshold &&
    a.tr === b.tr &&
    a.index === b.index &&
    a.measure === b.measure &&
    x.path === y.path &&
    x.skill === y.skill &&
    x.final === y.final &&
    x.covered === y.covered &&
    x.length === y.length &&
    x.activated === y.activated &&
    x.matched.join('\u0000') === y.matched.join('\u0000') &&
    JSON.stringify(x.verdict) === JSON.stringify(y.verdict)
  )
}

// Rows whose numbers did not change are not re-rendered: with a thousand skills most keystrokes touch a few.
const ScoreRow = memo(function ScoreRow({ index, measure, score, threshold, tr, onFocus, onOpen }: ScoreRowProps) {
  const { t, say } = tr
  const scored = score.final !== null
  const reason = say(verdictMessage(score, threshold))
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      aria-selected={score.activated}
      className={`${score.activated ? 'winner-row' : ''} ${scored ? '' : 'unscored'}`}
      onMouseEnter={() => onFocus(score.path)}
      onFocus={() => onFocus(score.path)}
      onClick={() => onOpen(score.path)}
      title={t('table.rowTitle', { path: score.path })}
    >
      <th scope="row" className="skill-cell">
        {score.skill}
      </th>
      <td className="matched-cell">
        {score.matched.length > 0 ? score.matched.map((keyword) => <code key={keyword}>{keyword}</code>) : <span className="muted">—</span>}
      </td>
      <td className="num">{scored ? score.covered : '—'}</td>
      <td className="num">{score.length}</td>
      <td className="num" title={scored ? String(score.base) : undefined}>
        {scored ? fixed(score.base) : '—'}
      </td>
      <td className="num">{scored ? (score.bonus ? `×${MULTI_KEYWORD_BONUS}` : t('table.noBonus')) : '—'}</td>
      <td className="num final-cell" title={scored ? String(score.final) : undefined}>
        {scored ? fixed(score.final ?? 0) : '—'}
      </td>
      <td className="activated-cell">
        <span className={score.activated ? 'yes' : 'no'}>{score.activated ? t('table.yes') : t('table.no')}</span>
        <span className="reason">{reason}</span>
      </td>
    </tr>
  )
}, sameRow)

import { memo, useMemo } from 'react'
import { describeVerdict, MULTI_KEYWORD_BONUS, type SkillScore } from '../../core/routing'
import { usePlaygroundStore, useRouting } from '../../state/PlaygroundProvider'

const fixed = (value: number) => value.toFixed(3)

/** Scored skills first (best first, load order on ties), then the rest in load order. */
function rank(scores: readonly SkillScore[]): SkillScore[] {
  return [...scores].sort((a, b) => {
    if (a.final === null || b.final === null) return a.final === b.final ? a.order - b.order : a.final === null ? 1 : -1
    return b.final - a.final || a.order - b.order
  })
}

/** SPEC §3's breakdown for every skill, live on every keystroke. */
export function ScoreTable() {
  const routing = useRouting()
  const store = usePlaygroundStore()
  const rows = useMemo(() => rank(routing.scores), [routing.scores])
  const { focusSkillRow, selectSkill } = store.getState()
  return (
    <div className="table-scroll">
      <table className="score-table" aria-label="Routing scores">
        <thead>
          <tr>
            <th scope="col">Skill</th>
            <th scope="col">Matched</th>
            <th scope="col" className="num" title="Distinct characters of the utterance covered by matched keywords">Covered</th>
            <th scope="col" className="num" title="Characters (code points) in the utterance">Length</th>
            <th scope="col" className="num" title="Covered ÷ Length">Base</th>
            <th scope="col" className="num" title={`×${MULTI_KEYWORD_BONUS} when two or more distinct keywords match`}>Bonus</th>
            <th scope="col" className="num">Final</th>
            <th scope="col">Activated</th>
          </tr>
        </thead>
        <tbody onMouseLeave={() => focusSkillRow(null)}>
          {rows.map((score) => (
            <ScoreRow key={score.path} score={score} threshold={routing.threshold} onFocus={focusSkillRow} onOpen={selectSkill} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

interface ScoreRowProps {
  score: SkillScore
  threshold: number
  onFocus: (path: string | null) => void
  onOpen: (path: string) => void
}

// Memoised on the score object: rows of skills the keystroke did not affect are not re-rendered.
const ScoreRow = memo(function ScoreRow({ score, threshold, onFocus, onOpen }: ScoreRowProps) {
  const scored = score.final !== null
  const reason = describeVerdict(score, threshold)
  return (
    <tr
      aria-selected={score.activated}
      className={`${score.activated ? 'winner-row' : ''} ${scored ? '' : 'unscored'}`}
      onMouseEnter={() => onFocus(score.path)}
      onFocus={() => onFocus(score.path)}
      onClick={() => onOpen(score.path)}
      title={`${score.path} — click to open`}
    >
      <th scope="row" className="skill-cell">{score.skill}</th>
      <td className="matched-cell">
        {score.matched.length > 0 ? score.matched.map((keyword) => <code key={keyword}>{keyword}</code>) : <span className="muted">—</span>}
      </td>
      <td className="num">{scored ? score.covered : '—'}</td>
      <td className="num">{score.length}</td>
      <td className="num" title={scored ? String(score.base) : undefined}>{scored ? fixed(score.base) : '—'}</td>
      <td className="num">{scored ? (score.bonus ? `×${MULTI_KEYWORD_BONUS}` : 'no') : '—'}</td>
      <td className="num final-cell" title={scored ? String(score.final) : undefined}>{scored ? fixed(score.final ?? 0) : '—'}</td>
      <td className="activated-cell">
        <span className={score.activated ? 'yes' : 'no'}>{score.activated ? '✓ Yes' : 'No'}</span>
        <span className="reason">{reason}</span>
      </td>
    </tr>
  )
})

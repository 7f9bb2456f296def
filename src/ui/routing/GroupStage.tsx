import { useGroupedRouting } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** Grouped routing's first stage (docs/routing.md, "Grouped"): each group's score and what stage 2 did with the winner. */
export function GroupStage() {
  const { t } = useT()
  const grouped = useGroupedRouting()
  const scores = grouped.groups.scores
  return (
    <div className="group-stage">
      <p className="summary mode-note" role="note">
        {t('summary.mode.grouped')}
      </p>
      {scores.length === 0 ? (
        <p className="hint">{t('summary.groups.noGroups')}</p>
      ) : (
        <>
          <h3 className="group-stage-title">{t('summary.groups.title')}</h3>
          <table className="score-table group-table" aria-label={t('summary.groups.table')}>
            <thead>
              <tr>
                <th scope="col">{t('summary.groups.group')}</th>
                <th scope="col">{t('summary.groups.skills')}</th>
                <th scope="col">{t('summary.groups.matched')}</th>
                <th scope="col">{t('summary.groups.final')}</th>
              </tr>
            </thead>
            <tbody>
              {scores.map((score) => (
                <tr
                  key={score.skill}
                  aria-selected={grouped.group === score.skill}
                  className={grouped.group === score.skill ? 'winner' : ''}
                >
                  <th scope="row">{score.skill}</th>
                  <td>{grouped.members.get(score.skill) ?? 0}</td>
                  <td>{score.matched.join(', ') || '—'}</td>
                  <td>{score.final === null ? '—' : score.final.toFixed(3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="summary" role="status">
            {grouped.group === null
              ? t('summary.groups.none')
              : grouped.within?.winner
                ? t('summary.groups.wins', { group: grouped.group, skill: grouped.within.winner.skill })
                : t('summary.groups.winsNoSkill', { group: grouped.group })}
          </p>
        </>
      )}
    </div>
  )
}

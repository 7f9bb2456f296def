import type { RoutingMode } from '../../core/agent/trace'
import { usePlayground, useRouting } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { GroupStage } from './GroupStage'
import { DescriptionPickNote } from './DescriptionPickNote'
import { verdictMessage } from '../../core/routing'

/** One sentence on the outcome, so the table never has to be read to know who won. */
export function RoutingSummary() {
  const { t, say } = useT()
  const mode = usePlayground((state) => state.routingMode)
  const routing = useRouting()
  const { winner } = routing
  if (winner) {
    return (
      <>
        <ModeNote mode={mode} />
        <p className="summary summary-winner" role="status">
          {t('summary.winner', { skill: winner.skill, final: (winner.final ?? 0).toFixed(3), threshold: routing.threshold })}
        </p>
      </>
    )
  }
  // The highest score below the threshold (the first in load order on a tie).
  const closest = routing.best
  return (
    <>
      <ModeNote mode={mode} />
      <p className="summary summary-none" role="status">
        {t('summary.none')}
        {closest && (
          <>
            {' '}
            {t('summary.closest', {
              skill: closest.skill,
              final: (closest.final ?? 0).toFixed(3),
              reason: say(verdictMessage(closest, routing.threshold)),
            })}
          </>
        )}
      </p>
      <DescriptionPickNote />
    </>
  )
}

/** In another routing mode the table still shows keyword routing: say so, and what the chosen mode does instead. */
function ModeNote({ mode }: { mode: RoutingMode }) {
  const { t } = useT()
  if (mode === 'keyword') return null
  if (mode === 'grouped') return <GroupStage />
  return (
    <p className="summary mode-note" role="note">
      {t(`summary.mode.${mode}`)}
    </p>
  )
}

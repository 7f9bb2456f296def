import { useRouting } from '../../state/PlaygroundProvider'
import { describeVerdict } from '../../core/routing'

/** One sentence on the outcome, so the table never has to be read to know who won. */
export function RoutingSummary() {
  const routing = useRouting()
  const { winner } = routing
  if (winner) {
    return (
      <p className="summary summary-winner" role="status">
        <strong>{winner.skill}</strong> activates with {(winner.final ?? 0).toFixed(3)} (threshold {routing.threshold}).
      </p>
    )
  }
  const closest = routing.scores
    .filter((score) => score.final !== null)
    .sort((a, b) => (b.final ?? 0) - (a.final ?? 0) || a.order - b.order)[0]
  return (
    <p className="summary summary-none" role="status">
      No skill activates: the default prompt and all tools are used.
      {closest && (
        <>
          {' '}
          Closest: <strong>{closest.skill}</strong> at {(closest.final ?? 0).toFixed(3)}. {describeVerdict(closest, routing.threshold)}.
        </>
      )}
    </p>
  )
}

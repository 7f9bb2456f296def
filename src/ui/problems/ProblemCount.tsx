import { useLint } from '../../state/PlaygroundProvider'

/** Errors and warnings in the workspace, as a small badge on the Problems tab. */
export function ProblemCount() {
  const { error, warning } = useLint().totals
  if (error + warning === 0) return null
  return <span className={`badge ${error > 0 ? 'error-badge' : 'warning-badge'}`}>{error > 0 ? error : warning}</span>
}

import { useLint } from '../../state/PlaygroundProvider'

/** Errors and warnings in the workspace, as a small badge on the Problems tab. */
export function ProblemCount() {
  const { findings } = useLint()
  let errors = 0
  let warnings = 0
  for (const list of findings.values()) {
    for (const finding of list) {
      if (finding.severity === 'error') errors++
      else if (finding.severity === 'warning') warnings++
    }
  }
  if (errors + warnings === 0) return null
  return <span className={`badge ${errors > 0 ? 'error-badge' : 'warning-badge'}`}>{errors > 0 ? errors : warnings}</span>
}

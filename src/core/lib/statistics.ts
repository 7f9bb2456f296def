/** The 95% Wilson score interval of `passed` successes in `trials`: honest at small n, never outside [0, 1]. */
export function wilsonInterval(passed: number, trials: number, z = 1.96): [number, number] {
  if (trials === 0) return [0, 1]
  const p = passed / trials
  const z2 = z * z
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials)
  return [Math.max(0, centre - half), Math.min(1, centre + half)]
}

/** Whether two intervals are apart: the difference between them is more than trial noise. */
export const intervalsApart = (a: readonly [number, number], b: readonly [number, number]) => a[1] < b[0] || b[1] < a[0]

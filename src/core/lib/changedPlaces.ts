/**
 * The places where `after` holds another object than `before`, or null when their lengths differ
 * or more than `limit` places changed. Every scan a keystroke makes over thousands of files or
 * skills goes through this one function: called several times a key, it is soon compiled, where a
 * loop of each caller's own, run once a key, went through its thousands of iterations in the
 * interpreter, each loop a visible part of a keystroke's profile at 5,000 skills.
 */
export function changedPlaces<T>(before: readonly T[], after: readonly T[], limit = after.length): number[] | null {
  if (before.length !== after.length) return null
  const places: number[] = []
  for (let i = 0; i < after.length; i++) if (after[i] !== before[i] && places.push(i) > limit) return null
  return places
}

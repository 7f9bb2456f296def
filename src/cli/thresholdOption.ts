import { DEFAULT_THRESHOLD, parseThreshold } from '../core/routing'

/** --threshold through the one threshold rule (src/core/routing/threshold.ts). */
export function thresholdOption(value: string | boolean | undefined): number {
  if (value === undefined) return DEFAULT_THRESHOLD
  const parsed = parseThreshold(typeof value === 'string' ? value : '')
  if (!parsed.ok) throw new Error(`--threshold: ${parsed.error}`)
  return parsed.value
}

/**
 * Scores are shown with three decimals everywhere (the page's tables, the CLI's text), and the
 * CLI's JSON rounds them the same way: 0.20800000000000002 is 0.208 wherever it appears.
 */
export const SCORE_DECIMALS = 3

/** `value` rounded to SCORE_DECIMALS places, as a number (for JSON). */
export function roundScore(value: number): number {
  const scale = 10 ** SCORE_DECIMALS
  return Math.round(value * scale) / scale
}

/** `value` with SCORE_DECIMALS places, as text ("0.208"). */
export function formatScore(value: number): string {
  return value.toFixed(SCORE_DECIMALS)
}

/**
 * A JSON.stringify replacer that rounds every fraction to SCORE_DECIMALS places (whole numbers
 * stay as they are): the CLI's JSON reports carry rates and intervals the same way as scores.
 */
export function roundFractions(_key: string, value: unknown): unknown {
  return typeof value === 'number' && !Number.isInteger(value) ? roundScore(value) : value
}

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

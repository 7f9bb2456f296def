/** The only module that imports gpt-tokenizer: o200k_base, the encoding of current OpenAI models. */
import { countTokens as countWhole } from 'gpt-tokenizer/encoding/o200k_base'

/** The tokenizer on the whole text at once: exact, but slow on long runs without whitespace. */
export const countTokensInOnePiece = countWhole

/** Text is counted in pieces of about this many characters: the work of one piece grows faster than its length. */
export const TOKEN_PIECE_CHARS = 1000

/**
 * Counts tokens piece by piece, cutting just before a whitespace character where there is one,
 * which is where the tokenizer's own pre-split cuts: text with spaces counts exactly (a long run of
 * Chinese without any is cut every 1,000 characters, off by at most a token per cut), and a text with
 * no whitespace stays linear (in one piece the work grows with the square of the run, and a long
 * Chinese text kept the meter waiting for a very long time).
 */
export function countTokens(text: string): number {
  let total = 0
  let start = 0
  while (text.length - start > TOKEN_PIECE_CHARS) {
    let end = start + TOKEN_PIECE_CHARS
    const floor = start + TOKEN_PIECE_CHARS / 2
    while (end > floor && !/\s/.test(text[end] ?? '')) end--
    if (end === floor) end = start + TOKEN_PIECE_CHARS
    total += countWhole(text.slice(start, end))
    start = end
  }
  return total + countWhole(text.slice(start))
}

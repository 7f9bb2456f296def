/**
 * What each level of progressive disclosure brings into the context, in tokens (docs/agent-loop.md,
 * "Disclosure"): the catalog, a skill's body, each bundled file read, each script's output.
 */

/** Counts a text's tokens (the o200k tokenizer in the page); may answer later. */
export type CountTokens = (text: string) => number | Promise<number>

export interface DisclosureSize {
  characters: number
  tokens: number
  /** True when no tokenizer counted: `tokens` is an estimate from the characters. */
  estimated: boolean
}

/**
 * A rough count where no tokenizer is at hand (core has none): a CJK character is about a token,
 * other text about four characters a token, as o200k splits typical prose.
 */
export function estimateTokens(text: string): number {
  let wide = 0
  for (const char of text) if (/[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(char)) wide++
  return wide + Math.ceil((text.length - wide) / 4)
}

/** Sizes a text with `count` when given (falling back to the estimate when it fails), else by the estimate. */
export function disclosureCounter(count: CountTokens | undefined): (text: string) => Promise<DisclosureSize> {
  return async (text) => {
    if (count) {
      try {
        const tokens = await count(text)
        if (Number.isFinite(tokens)) return { characters: text.length, tokens, estimated: false }
      } catch {
        // The tokenizer could not count (its worker failed to load): the estimate stands in.
      }
    }
    return { characters: text.length, tokens: estimateTokens(text), estimated: true }
  }
}

/** The levels a run disclosed, summed: what each cost in tokens, and which files and scripts entered. */
export interface DisclosureTotals {
  catalog: number
  body: number
  files: number
  scripts: number
  filesRead: string[]
  scriptsRun: string[]
}

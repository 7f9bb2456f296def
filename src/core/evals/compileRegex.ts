/**
 * The regexes an eval file writes (docs/evals.md), in a module of their own: the page's pattern
 * worker loads this, not the YAML reader.
 */

/** A regex written as "/body/flags" (or a plain string, taken as a regex body). Null when it does not compile. */
export function compileRegex(source: string): RegExp | null {
  const slashed = /^\/(.*)\/([dgimsuvy]*)$/s.exec(source)
  try {
    return slashed ? new RegExp(slashed[1]!, slashed[2]!.replace('g', '')) : new RegExp(source)
  } catch {
    return null
  }
}

/** Whether a tool_args value is meant as a regex ("/…/"). */
export const isRegexLiteral = (value: unknown): value is string => typeof value === 'string' && /^\/.*\/[dgimsuvy]*$/s.test(value)

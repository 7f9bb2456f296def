export interface ParsedArgs {
  positional: string[]
  options: Map<string, string | true>
}

/** `--name value`, `--name=value` (for the names in `valued`), `--flag`; everything after `--` is positional. */
export function parseArgs(args: readonly string[], valued: readonly string[]): ParsedArgs {
  const positional: string[] = []
  const options = new Map<string, string | true>()
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? ''
    if (arg === '--') {
      positional.push(...args.slice(i + 1))
      break
    }
    if (arg.startsWith('--')) {
      const [name = '', inline] = arg.slice(2).split(/=(.*)/s)
      if (valued.includes(name)) {
        const value = inline ?? args[++i]
        if (value === undefined) throw new Error(`--${name} needs a value`)
        options.set(name, value)
      } else options.set(name, true)
    } else positional.push(arg)
  }
  return { positional, options }
}

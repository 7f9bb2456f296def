import { createRouter, DEFAULT_THRESHOLD, type RoutingResult } from '../core/routing'
import { LINT_PROFILES, lintWorkspace, type LintProfile } from '../core/lint'
import { loadWorkspace } from '../core/skill'
import { readSkillsDir } from './readSkillsDir'

export interface CliIO {
  out: (line: string) => void
  err: (line: string) => void
  /** Standard input, one line at a time, line breaks removed. */
  lines: () => AsyncIterable<string>
}

const USAGE = `Usage:
  skill-playground route --skills <dir> [--threshold X] [utterance ...]
      Scores every skill for each utterance (arguments, or standard input one per line)
      and prints one JSON object per utterance.
  skill-playground lint <dir> [--json] [--profile app|strict|lenient]
      Lints every skill: path:line:col severity message [rule]; exits 1 on any error.`

/** Runs one CLI command and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv
  try {
    switch (command) {
      case 'route':
        return await route(rest, io)
      case 'lint':
        return lint(rest, io)
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        io.out(USAGE)
        return command === undefined ? 2 : 0
      default:
        io.err(`Unknown command "${command}".\n${USAGE}`)
        return 2
    }
  } catch (error) {
    io.err(`skill-playground: ${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
}

interface ParsedArgs {
  positional: string[]
  options: Map<string, string | true>
}

function parseArgs(args: readonly string[], valued: readonly string[]): ParsedArgs {
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

async function route(args: readonly string[], io: CliIO): Promise<number> {
  const { positional, options } = parseArgs(args, ['skills', 'threshold'])
  const dir = options.get('skills')
  if (typeof dir !== 'string') throw new Error('route needs --skills <dir>')
  const thresholdText = options.get('threshold')
  const threshold = typeof thresholdText === 'string' ? Number(thresholdText) : DEFAULT_THRESHOLD
  if (!Number.isFinite(threshold)) throw new Error(`--threshold must be a number, not "${String(thresholdText)}"`)

  const { skills } = loadWorkspace(readSkillsDir(dir))
  const router = createRouter(skills)
  const print = (input: string) => io.out(JSON.stringify(toJson(router(input, threshold))))
  if (positional.length > 0) positional.forEach(print)
  else for await (const line of io.lines()) print(line)
  return 0
}

function toJson(result: RoutingResult) {
  return {
    input: result.input,
    length: result.length,
    winner: result.winner?.skill ?? null,
    scores: result.scores.map((score) => ({
      skill: score.skill,
      path: score.path,
      matched: score.matched,
      covered: score.covered,
      base: score.base,
      bonus: score.bonus,
      final: score.final,
      activated: score.activated,
    })),
  }
}

function lint(args: readonly string[], io: CliIO): number {
  const { positional, options } = parseArgs(args, ['profile'])
  const dir = positional[0]
  if (dir === undefined) throw new Error('lint needs a folder: skill-playground lint <dir>')
  const profile = options.get('profile') ?? 'app'
  if (!LINT_PROFILES.some((known) => known.value === profile)) throw new Error(`--profile must be one of ${LINT_PROFILES.map((p) => p.value).join(', ')}`)
  const { skills, findings } = lintWorkspace(readSkillsDir(dir), { profile: profile as LintProfile })
  const all = skills.flatMap((skill) => (findings.get(skill.path) ?? []).map((finding) => ({ path: skill.path, finding })))
  const errors = all.filter(({ finding }) => finding.severity === 'error').length
  if (options.has('json')) {
    io.out(
      JSON.stringify(
        {
          profile,
          skills: skills.length,
          errors,
          warnings: all.filter(({ finding }) => finding.severity === 'warning').length,
          findings: all.map(({ path, finding }) => ({
            path,
            line: finding.range.startLine,
            column: finding.range.startColumn,
            endLine: finding.range.endLine,
            endColumn: finding.range.endColumn,
            severity: finding.severity,
            rule: finding.code,
            message: finding.message,
            ...(finding.fix ? { fix: finding.fix.title } : {}),
          })),
        },
        null,
        2,
      ),
    )
  } else {
    for (const { path, finding } of all) io.out(`${path}:${finding.range.startLine}:${finding.range.startColumn} ${finding.severity} ${finding.message} [${finding.code}]`)
    io.err(`${skills.length} skills, ${errors} errors, ${all.length - errors} warnings/info (profile: ${profile})`)
  }
  return errors > 0 ? 1 : 0
}

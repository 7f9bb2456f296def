import { createRouter, DEFAULT_THRESHOLD, type RoutingResult } from '../core/routing'
import { loadWorkspace, type Diagnostic } from '../core/skill'
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
  skill-playground lint <dir> [--json]
      Prints parse problems as path:line:col severity message; exits 1 on any error.`

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
  const { positional, options } = parseArgs(args, [])
  const dir = positional[0]
  if (dir === undefined) throw new Error('lint needs a folder: skill-playground lint <dir>')
  const workspace = loadWorkspace(readSkillsDir(dir))
  const findings: { path: string; diagnostic: Diagnostic }[] = []
  for (const skill of workspace.skills) {
    const all = [...skill.diagnostics, ...(workspace.crossFileDiagnostics.get(skill.path) ?? [])]
    all.sort((a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn)
    for (const diagnostic of all) findings.push({ path: skill.path, diagnostic })
  }
  const errors = findings.filter((finding) => finding.diagnostic.severity === 'error').length
  if (options.has('json')) {
    io.out(
      JSON.stringify(
        {
          skills: workspace.skills.length,
          errors,
          findings: findings.map(({ path, diagnostic }) => ({
            path,
            line: diagnostic.range.startLine,
            column: diagnostic.range.startColumn,
            endLine: diagnostic.range.endLine,
            endColumn: diagnostic.range.endColumn,
            severity: diagnostic.severity,
            code: diagnostic.code,
            message: diagnostic.message,
          })),
        },
        null,
        2,
      ),
    )
  } else {
    for (const { path, diagnostic } of findings) {
      io.out(`${path}:${diagnostic.range.startLine}:${diagnostic.range.startColumn} ${diagnostic.severity} ${diagnostic.message} [${diagnostic.code}]`)
    }
    io.err(`${workspace.skills.length} skills, ${errors} errors, ${findings.length - errors} warnings/info`)
  }
  return errors > 0 ? 1 : 0
}

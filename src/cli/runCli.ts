import {
  catalogBudget,
  createRouter,
  DEFAULT_THRESHOLD,
  explainRouting,
  parseThreshold,
  type HintCase,
  type CatalogLayout,
  type RoutingResult,
  type SkillScore,
  topScores,
} from '../core/routing'
import { LINT_PROFILES, lintWorkspace, type LintProfile } from '../core/lint'
import { describeOrigins, loadWorkspace, skillOrigins } from '../core/skill'
import { CLIENT_IDS, CLIENT_PROFILES, isClientId } from '../core/clients'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseRoutingTests, ROUTING_TESTS_FILE, runRoutingTests } from '../core/routingSuite'
import { formatMessage, message } from '../core/messages'
import { roundFractions, roundScore } from '../core/lib/roundScore'
import { countOf } from './countOf'
import { readSkillsDir } from './readSkillsDir'
import { eachLine, terminalIO } from './terminalIO'

export interface CliIO {
  /** Prints one line: a line break in it is shown as an escape, not obeyed (terminalIO.ts). */
  out: (line: string) => void
  err: (line: string) => void
  /** Standard input, one line at a time, line breaks removed. */
  lines: () => AsyncIterable<string>
}

const USAGE = `Usage:
  skill-playground route --skills <dir> [--threshold X] [--only-scored] [--top N] [utterance ...]
      Scores every skill for each utterance (arguments, or standard input one per line)
      and prints one JSON object per utterance (--only-scored: the skills that scored, best
      first; --top N: at most N of them).
  skill-playground open [dir] [--port N] [--host H]
      The playground with a skills folder (default ./skills, or the current folder when it keeps
      skills in .claude/skills/, .agents/skills/, .github/skills/ or .codex/skills/) as its
      workspace, on loopback: edits in the page are written to the files, changes on disk reach the page.
  skill-playground explain --skills <dir> --skill <name> [--threshold X] [--cases file] [utterance ...]
      For each utterance (arguments, or standard input one per line), whole words of it that would
      make <name> win if added as a keyword (never a function word such as "please" or "帮我"),
      each with the routing test cases (default <dir>/routing-tests.yaml) it would break; safe ones
      first, then the skill's own terms, then the shortest: {"input", "winner", "skill", "final",
      "outcome", "suggestions": [{"keyword", "final", "from_description", "breaks": [{"utterance",
      "expect", "would_win"}]}], "checked_cases", "advice"}.
  skill-playground exec --skills <dir> --skill <name> [--args '<json>' | --batch] [--timeout S]
      Runs the skill's code (skill.py run(args) or main.py execute(params)) in the Python sandbox
      with the arguments checked against its parameters; prints {"result", "stdout"} or
      {"error", "traceback"} as JSON and exits 1 on invalid arguments, an exception or a time-out
      (default 30 s). The code reaches neither the network nor this machine's files.
      --batch: arguments from standard input, one JSON object a line; one result line each, in
      order (a malformed line gets its error line, the rest go on), one Python for all, a fresh
      interpreter for each; exits 1 when any line failed.
  skill-playground lint <dir> [--json] [--profile app|strict|lenient] [--client <client>]
      Lints every skill: path:line:col severity message [rule]; exits 1 on any error.
      --client agent-skills|claude-code|codex|copilot|claude-api lints as that client reads the
      files (its fields, its upload rules) and lays out its skill listing: a skill whose
      description the listing shortens or drops is a warning (docs/clients.md).
  skill-playground test <dir> [--cases file] [--threshold X] [--json]
      Runs the routing test suite (default <dir>/routing-tests.yaml) with the keyword router;
      exits 1 on any failure, printing expected, got and the scores.
  skill-playground eval --skills <dir> [--evals file] [--model scripted|openai] [--trials N]
                        [--mode keyword|grouped|progressive|llm|none] [--json] [--junit file] [--min-pass-rate R]
      Runs the behaviour evals (<dir>/evals.yaml and <skill>/evals/evals.json) N times each and
      prints each case's pass rate with its 95% interval; exits 1 when one is below R (default 1).
      --model openai reads OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL.
  skill-playground triggers --skills <dir> --skill <name> [--set file] [--runs N] [--threshold T]
                            [--model scripted|openai] [--json]
      Trigger evals in skill-creator's format ([{"query", "should_trigger"}], default
      <skill folder>/evals/trigger-evals.json): each query N times, would the model load the skill?
      Prints triggered/runs, rate, 95% interval and pass per query, then precision, recall and F1;
      errored runs are counted apart. Exits 0 when every query passes, 1 when one fails.`

/** Runs one CLI command and returns the exit code. */
export async function runCli(argv: readonly string[], terminal: CliIO): Promise<number> {
  const [command, ...rest] = argv
  const io = terminalIO(terminal)
  // `open --help` would otherwise open a folder named --help, and `lint -h` ask for a folder.
  const help = commandUsage(command)
  if (help && asksForHelp(rest)) {
    eachLine(io.out, help)
    return 0
  }
  try {
    switch (command) {
      case 'route':
        return await route(rest, io)
      case 'explain':
        return await explain(rest, io)
      case 'lint':
        return lint(rest, io)
      case 'test':
        return test(rest, io)
      case 'eval': {
        const { options } = parseArgs(rest, [
          'skills',
          'evals',
          'model',
          'trials',
          'junit',
          'min-pass-rate',
          'mode',
          'concurrency',
          'threshold',
        ])
        // The agent loop, the SDK and SQLite load for this command only: route and lint start without them.
        const { evalArgs, evalCommand } = await import('./evalCommand')
        return await evalCommand(evalArgs(options), io)
      }
      case 'triggers': {
        const { options } = parseArgs(rest, ['skills', 'skill', 'set', 'runs', 'threshold', 'model', 'concurrency'])
        const { triggersArgs, triggersCommand } = await import('./triggersCommand')
        return await triggersCommand(triggersArgs(options), io)
      }
      case 'exec': {
        const { options } = parseArgs(rest, ['skills', 'skill', 'args', 'timeout'])
        // Pyodide starts in a child process for this command only.
        const { execArgs, execCommand } = await import('./execCommand')
        return await execCommand(execArgs(options), io)
      }
      case 'open': {
        const { positional, options } = parseArgs(rest, ['port', 'host'])
        const { openCommand } = await import('./openCommand')
        const text = (name: string, fallback: string) => {
          const value = options.get(name)
          return typeof value === 'string' ? value : fallback
        }
        const { defaultOpenFolder } = await import('./defaultOpenFolder')
        const dir = positional[0] ?? defaultOpenFolder(process.cwd())
        return await openCommand({ dir, port: text('port', '4173'), host: text('host', '127.0.0.1') }, io)
      }
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        eachLine(io.out, USAGE)
        return command === undefined ? 2 : 0
      default:
        io.err(`Unknown command "${command}".`)
        eachLine(io.err, USAGE)
        return 2
    }
  } catch (error) {
    io.err(`skill-playground: ${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
}

/** The lines of USAGE that describe one command, or undefined for an unknown one. */
function commandUsage(command: string | undefined): string | undefined {
  if (command === undefined) return undefined
  const blocks = USAGE.split(/\n(?= {2}skill-playground )/)
  const mine = blocks.filter((block) => block.startsWith(`  skill-playground ${command} `))
  return mine.length > 0 ? `Usage:\n${mine.join('\n')}` : undefined
}

function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false
    if (arg === '--help' || arg === '-h') return true
  }
  return false
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
  const { positional, options } = parseArgs(args, ['skills', 'threshold', 'top'])
  const dir = options.get('skills')
  if (typeof dir !== 'string') throw new Error('route needs --skills <dir>')
  const threshold = thresholdOption(options.get('threshold'))
  const topOption = options.get('top')
  const top = topOption === undefined ? Infinity : Number(topOption)
  if (!(Number.isInteger(top) && top >= 0) && top !== Infinity) throw new Error('--top needs a whole number')
  const onlyScored = options.has('only-scored') || topOption !== undefined

  const { skills } = loadWorkspace(readSkillsDir(dir))
  const router = createRouter(skills)
  // Small outputs describe only what they print (topScores), not every skill of a large folder.
  const print = (input: string) => {
    const result = router(input, threshold)
    io.out(JSON.stringify(toJson(result, onlyScored ? topScores(result, Math.min(top, result.scored)) : result.scores)))
  }
  if (positional.length > 0) positional.forEach(print)
  else for await (const line of io.lines()) print(line)
  return 0
}

async function explain(args: readonly string[], io: CliIO): Promise<number> {
  const { positional, options } = parseArgs(args, ['skills', 'skill', 'threshold', 'cases'])
  const dir = options.get('skills')
  const name = options.get('skill')
  if (typeof dir !== 'string') throw new Error('explain needs --skills <dir>')
  if (typeof name !== 'string') throw new Error('explain needs --skill <name>')
  const threshold = thresholdOption(options.get('threshold'))
  const { skills } = loadWorkspace(readSkillsDir(dir))
  if (!skills.some((skill) => skill.name === name))
    throw new Error(`no skill named "${name}" in ${dir}; skills: ${skills.map((skill) => skill.name).join(', ')}`)
  // Each suggestion is checked against the folder's routing tests (or --cases): what it would break.
  const casesOption = options.get('cases')
  const casesPath = typeof casesOption === 'string' ? casesOption : join(dir, ROUTING_TESTS_FILE)
  if (typeof casesOption === 'string' && !existsSync(casesPath)) throw new Error(`No test cases at ${casesPath}`)
  let cases: HintCase[] = []
  if (existsSync(casesPath)) {
    const parsed = parseRoutingTests(readFileSync(casesPath, 'utf8'))
    for (const problem of parsed.problems)
      io.err(`${casesPath}:${problem.range.startLine}:${problem.range.startColumn} error ${problem.message} (cases not checked)`)
    const router = createRouter(skills)
    if (parsed.problems.length === 0)
      cases = parsed.cases.map(({ utterance, expect }) => ({ utterance, expect, routing: router(utterance, threshold) }))
  }
  const print = (input: string) => {
    const explanation = explainRouting(skills, name, input, threshold, 5, { sensibleOnly: true, cases })
    if (!explanation) return
    const advice =
      explanation.outcome === 'no-safe-keyword'
        ? message('hints.noSafe', { skill: name })
        : explanation.outcome === 'no-single-keyword'
          ? message('hints.noKeyword', { skill: name })
          : null
    io.out(
      JSON.stringify({
        input,
        winner: explanation.winner,
        skill: explanation.skill,
        final: explanation.final === null ? null : roundScore(explanation.final),
        outcome: explanation.outcome,
        suggestions: explanation.suggestions.map((suggestion) => ({
          keyword: suggestion.keyword,
          final: roundScore(suggestion.final),
          from_description: suggestion.fromDescription,
          breaks: suggestion.breaks.map((broken) => ({ utterance: broken.utterance, expect: broken.expect, would_win: broken.wouldWin })),
        })),
        checked_cases: explanation.checkedCases,
        ...(advice ? { advice: formatMessage(advice) } : {}),
      }),
    )
  }
  if (positional.length > 0) positional.forEach(print)
  else for await (const line of io.lines()) print(line)
  return 0
}

/** One utterance's result, with `scores` (every skill in load order, or the best few). */
function toJson(result: RoutingResult, scores: readonly SkillScore[]) {
  return {
    input: result.input,
    length: result.length,
    winner: result.winner?.skill ?? null,
    scores: scores.map((score) => ({
      skill: score.skill,
      path: score.path,
      matched: score.matched,
      covered: score.covered,
      base: roundScore(score.base),
      bonus: score.bonus,
      final: score.final === null ? null : roundScore(score.final),
      activated: score.activated,
    })),
  }
}

function lint(args: readonly string[], io: CliIO): number {
  const { positional, options } = parseArgs(args, ['profile', 'client'])
  const dir = positional[0]
  if (dir === undefined) throw new Error('lint needs a folder: skill-playground lint <dir>')
  const clientOption = options.get('client')
  if (clientOption !== undefined && !isClientId(clientOption)) throw new Error(`--client must be one of ${CLIENT_IDS.join(', ')}`)
  const client = clientOption === undefined ? null : CLIENT_PROFILES[clientOption]
  if (client && options.has('profile') && options.get('profile') !== client.lintProfile)
    throw new Error(`--client ${client.id} lints with its own profile (${client.lintProfile}); leave out --profile`)
  const profile = client?.lintProfile ?? options.get('profile') ?? 'app'
  if (!LINT_PROFILES.some((known) => known.value === profile))
    throw new Error(`--profile must be one of ${LINT_PROFILES.map((p) => p.value).join(', ')}`)
  const files = readSkillsDir(dir, (path, why) => io.err(`${path}: skipped (${why})`))
  const { skills, findings } = lintWorkspace(files, { profile: profile as LintProfile })
  if (skills.length === 0) {
    io.err(`No skills found in ${dir} (looked for <folder>/SKILL.md and <name>.md).`)
    return 1
  }
  const origins = skillOrigins(skills.map((skill) => skill.path))
  const textOf = new Map(files.map((file) => [file.path, file.text]))
  const layout = client ? catalogBudget(skills, client.id, undefined, (path) => textOf.get(path)) : null
  const all = skills.flatMap((skill) => (findings.get(skill.path) ?? []).map((finding) => ({ path: skill.path, finding })))
  const errors = all.filter(({ finding }) => finding.severity === 'error').length
  if (options.has('json')) {
    eachLine(
      io.out,
      JSON.stringify(
        {
          profile,
          ...(client ? { client: client.id } : {}),
          skills: skills.length,
          origins: origins.map((origin) => ({ folder: origin.folder, skills: origin.skills })),
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
          ...(layout
            ? {
                catalog: {
                  unit: layout.unit,
                  budget: layout.budget,
                  used: layout.used,
                  wanted: layout.wanted,
                  notListed: layout.manualOnly,
                  entries: layout.entries.map((entry) => ({
                    skill: entry.name,
                    path: entry.path,
                    state: entry.state,
                    shown: entry.shownChars,
                    length: entry.descriptionChars,
                  })),
                },
              }
            : {}),
        },
        null,
        2,
      ),
    )
  } else {
    for (const { path, finding } of all)
      io.out(`${path}:${finding.range.startLine}:${finding.range.startColumn} ${finding.severity} ${finding.message} [${finding.code}]`)
    const read = describeOrigins(origins)
    if (read) io.err(`Read ${read}.`)
    if (client && layout) io.err(catalogSummary(client.label, layout))
    io.err(`${countOf(skills.length, 'skill')}, ${countOf(errors, 'error')}, ${all.length - errors} warnings/info (profile: ${profile})`)
  }
  return errors > 0 ? 1 : 0
}

/** One line on a client's listing: "Claude Code's listing: 9,089 of 8,000 characters; 12 whole, 28 name only." */
function catalogSummary(label: string, layout: CatalogLayout): string {
  const counts = new Map<string, number>()
  for (const entry of layout.entries) counts.set(entry.state, (counts.get(entry.state) ?? 0) + 1)
  const words: Record<string, string> = { full: 'whole', shortened: 'shortened', 'name-only': 'name only', omitted: 'left out' }
  const parts = Object.entries(words).flatMap(([state, word]) => (counts.has(state) ? [`${counts.get(state)} ${word}`] : []))
  const unit = layout.unit === 'chars' ? 'characters' : 'tokens'
  const size =
    layout.budget > 0
      ? `${layout.wanted.toLocaleString('en')} of ${layout.budget.toLocaleString('en')} ${unit}`
      : `${layout.used.toLocaleString('en')} ${unit}, no budget`
  return `${label}'s listing: ${size}; ${parts.join(', ') || 'no skills'}.`
}

function test(args: readonly string[], io: CliIO): number {
  const { positional, options } = parseArgs(args, ['cases', 'threshold'])
  const dir = positional[0]
  if (dir === undefined) throw new Error('test needs a folder: skill-playground test <dir>')
  const casesPath = typeof options.get('cases') === 'string' ? String(options.get('cases')) : join(dir, ROUTING_TESTS_FILE)
  if (!existsSync(casesPath)) throw new Error(`No test cases at ${casesPath} (write a list of {utterance, expect} there, or pass --cases)`)
  const threshold = thresholdOption(options.get('threshold'))
  const { cases, problems } = parseRoutingTests(readFileSync(casesPath, 'utf8'))
  for (const problem of problems) io.err(`${casesPath}:${problem.range.startLine}:${problem.range.startColumn} error ${problem.message}`)
  if (problems.length > 0) return 1
  const { skills } = loadWorkspace(readSkillsDir(dir))
  const suite = runRoutingTests(cases, createRouter(skills), threshold, skills)
  const scores = (result: (typeof suite.results)[number]) =>
    result.routing.scores
      .filter((score) => score.final !== null)
      .map((score) => ({ skill: score.skill, final: score.final, covered: score.covered, length: score.length }))
  if (options.has('json')) {
    eachLine(
      io.out,
      JSON.stringify(
        {
          threshold,
          passed: suite.passed,
          failed: suite.failed,
          unknownExpectations: suite.unknownExpectations,
          results: suite.results.map((result) => ({
            utterance: result.case.utterance,
            line: result.case.line,
            expect: result.case.expect,
            got: result.got,
            pass: result.pass,
            scores: scores(result),
          })),
        },
        roundFractions,
        2,
      ),
    )
  } else {
    for (const result of suite.results.filter((r) => !r.pass)) {
      io.out(
        `FAIL ${casesPath}:${result.case.line} "${result.case.utterance}": expected ${result.case.expect ?? 'no skill'}, got ${result.got ?? 'no skill'}`,
      )
      for (const score of scores(result))
        io.out(`     ${score.skill}: final ${score.final?.toFixed(3)} (covered ${score.covered}/${score.length})`)
    }
    for (const name of suite.unknownExpectations) io.err(`warning: cases expect "${name}", which is not a skill in ${dir}`)
    io.out(`${suite.passed} passed, ${suite.failed} failed`)
  }
  return suite.failed > 0 ? 1 : 0
}

/** --threshold through the one threshold rule (src/core/routing/threshold.ts). */
function thresholdOption(value: string | boolean | undefined): number {
  if (value === undefined) return DEFAULT_THRESHOLD
  const parsed = parseThreshold(typeof value === 'string' ? value : '')
  if (!parsed.ok) throw new Error(`--threshold: ${parsed.error}`)
  return parsed.value
}

/**
 * Every `skill-playground` command, in the order the usage lists them: its name, its usage (what
 * `<name> --help` prints under "Usage:") and how it runs. runCli dispatches through this list only.
 * route, explain, lint and test are loaded with the CLI; the others load their code (the agent
 * loop, the SDK, SQLite, Pyodide, the server) when they run, so a `route` starts without it.
 */
import type { CliCommand } from './cliCommand'
import { explainCommand } from './explainCommand'
import { lintCommand } from './lintCommand'
import { parseArgs } from './parseArgs'
import { routeCommand } from './routeCommand'
import { testCommand } from './testCommand'

export const CLI_COMMANDS: readonly CliCommand[] = [
  {
    name: 'route',
    usage: `  skill-playground route --skills <dir> [--threshold X] [--only-scored] [--top N] [utterance ...]
      Scores every skill for each utterance (arguments, or standard input one per line)
      and prints one JSON object per utterance (--only-scored: the skills that scored, best
      first; --top N: at most N of them).`,
    run: routeCommand,
  },
  {
    name: 'open',
    usage: `  skill-playground open [dir] [--port N] [--host H]
      The playground with a skills folder (default ./skills, or the current folder when it keeps
      skills in .claude/skills/, .agents/skills/, .github/skills/ or .codex/skills/) as its
      workspace, on loopback: edits in the page are written to the files, changes on disk reach the page.`,
    run: async (args, io) => {
      const { positional, options } = parseArgs(args, ['port', 'host'])
      const { openCommand } = await import('./openCommand')
      const text = (name: string, fallback: string) => {
        const value = options.get(name)
        return typeof value === 'string' ? value : fallback
      }
      const { defaultOpenFolder } = await import('./defaultOpenFolder')
      const dir = positional[0] ?? defaultOpenFolder(process.cwd())
      return await openCommand({ dir, port: text('port', '4173'), host: text('host', '127.0.0.1') }, io)
    },
  },
  {
    name: 'explain',
    usage: `  skill-playground explain --skills <dir> --skill <name> [--threshold X] [--cases file] [utterance ...]
      For each utterance (arguments, or standard input one per line), whole words of it that would
      make <name> win if added as a keyword (never a function word such as "please" or "帮我"),
      each with the routing test cases (default <dir>/routing-tests.yaml) it would break; safe ones
      first, then the skill's own terms, then the shortest: {"input", "winner", "skill", "final",
      "outcome", "suggestions": [{"keyword", "final", "from_description", "breaks": [{"utterance",
      "expect", "would_win"}]}], "checked_cases", "advice"}.`,
    run: explainCommand,
  },
  {
    name: 'exec',
    usage: `  skill-playground exec --skills <dir> --skill <name> [--args '<json>' | --batch] [--timeout S]
      Runs the skill's code (skill.py run(args) or main.py execute(params)) in the Python sandbox
      with the arguments checked against its parameters; prints {"result", "stdout"} or
      {"error", "traceback"} as JSON and exits 1 on invalid arguments, an exception or a time-out
      (default 30 s). The code reaches neither the network nor this machine's files.
      --batch: arguments from standard input, one JSON object a line; one result line each, in
      order (a malformed line gets its error line, the rest go on), one Python for all, a fresh
      interpreter for each; exits 1 when any line failed.`,
    run: async (args, io) => {
      const { options } = parseArgs(args, ['skills', 'skill', 'args', 'timeout'])
      // Pyodide starts in a child process for this command only.
      const { execArgs, execCommand } = await import('./execCommand')
      return await execCommand(execArgs(options), io)
    },
  },
  {
    name: 'lint',
    usage: `  skill-playground lint <dir> [--json] [--profile app|strict|lenient] [--client <client>]
      Lints every skill: path:line:col severity message [rule]; exits 1 on any error.
      --client agent-skills|claude-code|codex|copilot|claude-api lints as that client reads the
      files (its fields, its upload rules) and lays out its skill listing: a skill whose
      description the listing shortens or drops is a warning (docs/clients.md).`,
    run: lintCommand,
  },
  {
    name: 'test',
    usage: `  skill-playground test <dir> [--cases file] [--threshold X] [--json]
      Runs the routing test suite (default <dir>/routing-tests.yaml) with the keyword router;
      exits 1 on any failure, printing expected, got and the scores.`,
    run: testCommand,
  },
  {
    name: 'eval',
    usage: `  skill-playground eval --skills <dir> [--evals file] [--model scripted|openai] [--trials N]
                        [--mode keyword|grouped|progressive|llm|none] [--json] [--junit file] [--min-pass-rate R]
      Runs the behaviour evals (<dir>/evals.yaml and <skill>/evals/evals.json) N times each and
      prints each case's pass rate with its 95% interval; exits 1 when one is below R (default 1).
      --model openai reads OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL.`,
    run: async (args, io) => {
      const { options } = parseArgs(args, [
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
    },
  },
  {
    name: 'triggers',
    usage: `  skill-playground triggers --skills <dir> --skill <name> [--set file] [--runs N] [--threshold T]
                            [--model scripted|openai] [--json]
      Trigger evals in skill-creator's format ([{"query", "should_trigger"}], default
      <skill folder>/evals/trigger-evals.json): each query N times, would the model load the skill?
      Prints triggered/runs, rate, 95% interval and pass per query, then precision, recall and F1;
      errored runs are counted apart. Exits 0 when every query passes, 1 when one fails.`,
    run: async (args, io) => {
      const { options } = parseArgs(args, ['skills', 'skill', 'set', 'runs', 'threshold', 'model', 'concurrency'])
      const { triggersArgs, triggersCommand } = await import('./triggersCommand')
      return await triggersCommand(triggersArgs(options), io)
    },
  },
]

/**
 * Runs a skill's code for the CLI (docs/skill-code.md): in a child process (pythonChild) kept
 * ready for the next run, which restores a fresh interpreter for each run from a memory snapshot
 * (kept in the user's cache folder between processes, pythonSnapshotCache.ts). Runs wait in one
 * queue, in the order asked, and go to it one at a time; when a command expects many runs
 * (expectRuns: `exec --batch`), a second such process, started the same way, takes every other
 * one. At a time-out or an abort a process is killed and the next run gets a new one, and every
 * one is killed when the CLI exits, also by a signal (docs/skill-code.md, "On a signal"). The
 * outcome is the same JSON the page's worker gives.
 *
 * The child runs under Node's permission model: it may read Pyodide's files and its own script,
 * and nothing else; it may write no file, start no process and no worker. That is the boundary a
 * guard written in Python is not: whatever code reaches inside the child, the host's files and
 * processes are out of its reach. Code generation from strings is off, and its environment holds
 * no keys.
 */
import { spawn } from 'node:child_process'
import { closeSync, existsSync, readFileSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { createInterface } from 'node:readline'
import {
  MAX_CODE_OUTPUT_CHARS,
  MAX_CODE_RESULT_BYTES,
  SANDBOX_READY,
  sandboxFailure,
  type CodeRunner,
  type CodeRunOutcome,
  type CodeRunRequest,
} from '../core/code'
import { cacheFolderProblem, forgetSnapshot, openSnapshot, snapshotCacheDir, storeSnapshot } from './pythonSnapshotCache'

/** Starting Python takes a few seconds (more on a busy machine); this is only a guard against a hung start. */
const START_LIMIT_MS = 120_000

/**
 * How long a process that has served a run may take to restore the next run's interpreter, a small
 * part of Python's start. One that takes longer is busy with something a spent run left behind, so
 * the run goes to a new process instead of failing at the start limit (tests shorten it).
 */
export const restoreLimit = { ms: 30_000 }

/**
 * The longest line a sandbox process that ran code may send, in characters: an outcome, whose
 * result the child caps at MAX_CODE_RESULT_BYTES (pythonChild.ts), and at most four texts of
 * MAX_CODE_OUTPUT_CHARS (printed output, error output, an error's message and traceback), each
 * character written as at most six (`\u0000`). A longer one is a child not to be trusted: it is
 * ended before the line fills the CLI's memory.
 */
const OUTCOME_LINE_LIMIT = MAX_CODE_RESULT_BYTES + 4 * 6 * (MAX_CODE_OUTPUT_CHARS + 100) + 10_000

/** Node 20 calls the permission model experimental; later versions name it `--permission`. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission'

/**
 * Node's options for the sandbox process: read access to `readable` (each folder or file, as given
 * and with its links resolved) and nothing else: no writes, no child processes, no workers, no
 * WASI, no code generated from strings.
 */
export function sandboxOptions(readable: readonly string[]): string[] {
  const paths = new Set(readable.flatMap((path) => [path, realpathSync(path)]))
  return [
    PERMISSION_FLAG,
    ...[...paths].map((path) => `--allow-fs-read=${path}`),
    '--disallow-code-generation-from-strings',
    // The child's standard error is read for its failures; the notice that the model is experimental is none.
    '--disable-warning=ExperimentalWarning',
  ]
}

/** Pyodide's folder (its loader, wasm and standard library): the child reads it to start Python. */
export function pyodideFolder(): string {
  return dirname(createRequire(import.meta.url).resolve('pyodide/package.json'))
}

interface ChildCommand {
  /** What the child reads besides Pyodide. */
  readable: string[]
  args: string[]
}

/**
 * The child's script: prebuilt beside the bundle (the folder it is in is all it reads), or, when
 * the CLI runs from its TypeScript source, that source bundled here and handed over as text, since
 * a TypeScript loader would need a worker and a child process of its own.
 */
async function childCommand(pyodide: string): Promise<ChildCommand> {
  for (const candidate of ['./python-child.mjs', '../python-child.mjs']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(path)) return { readable: [dirname(path)], args: [path] }
  }
  return { readable: [], args: ['--input-type=module', '--eval', await bundledChild(pyodide), '--'] }
}

let bundled: Promise<string> | undefined

function bundledChild(pyodide: string): Promise<string> {
  bundled ??= import('esbuild').then(async ({ build }) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./pythonChild.ts', import.meta.url))],
      bundle: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          // Text run by `--eval` has no folder to resolve `pyodide` from: it imports the one it may read.
          name: 'pyodide-by-path',
          setup: (builder) =>
            builder.onResolve({ filter: /^pyodide$/ }, () => ({ path: pathToFileURL(join(pyodide, 'pyodide.mjs')).href, external: true })),
        },
      ],
    })
    return result.outputFiles[0]!.text
  })
  // A failed build is tried again on the next run, not remembered.
  bundled.catch(() => (bundled = undefined))
  return bundled
}

/** Pyodide's version, from its package (the parent never loads Pyodide itself). */
function pyodideVersion(pyodide: string): string {
  return (JSON.parse(readFileSync(join(pyodide, 'package.json'), 'utf8')) as { version: string }).version
}

interface Run {
  request: CodeRunRequest
  signal: AbortSignal
  timeoutMs: number
  started: number
  resolve: (outcome: CodeRunOutcome) => void
}

/**
 * How many runs must be waiting (asked for, or said to be coming: expectRuns) before a second
 * sandbox process is started beside the first. Starting one (Node, the snapshot read and checked,
 * the wasm compiled, the first interpreter restored) costs several restores, so a second process
 * pays off only for longer batches; with fewer runs one process serves them all
 * (docs/skill-code.md, "A ready Python", has the figures).
 */
export const SECOND_PROCESS_FROM = 8

/** The most sandbox processes that serve runs at once: each is a whole Python and takes a core while it restores. */
const MAX_PROCESSES = 2

/**
 * The runs not yet handed to a process, in the order they were asked for: each process takes the
 * next one when it is free, so with two processes they serve alternate runs.
 */
const waiting: Run[] = []

/** The sandbox processes not yet ended, in the order started: what runs go to, and what a signal that stops the CLI kills first. */
const liveChildren = new Set<PythonChild>()

/** Processes being prepared (their script bundled) and not yet spawned. */
let preparing = 0

/** Runs a command said are still to come beyond those it asked for (expectRuns). */
let expected = 0

/** After a process failed to start, no second one is started beside another (until closeCodeRunner). */
let secondRefused = false

let processesStarted = 0

/**
 * One sandbox process, serving runs one after another: it takes the next waiting run once Python
 * has started and its last run has its outcome; the child answers with a ready line once that
 * run's fresh interpreter is restored, and the run's time-out counts from then. A run sent while
 * more are waiting or expected is marked `prepareNext`: the child then restores the interpreter
 * for the one after as soon as it has answered.
 */
class PythonChild {
  private readonly child: ReturnType<typeof spawn>
  /** Whether Python started in it (its first ready line). */
  private started = false
  /** Whether the current run's interpreter is ready and its code running. */
  private running = false
  private ended = false
  /** Runs it has answered: after the first, a run waits only for a restore. */
  private served = 0
  private current: Run | undefined
  private stderr = ''
  /** Characters of standard output read since its last line break. */
  private partialLine = 0
  private timer: ReturnType<typeof setTimeout> | undefined
  /** Kills the process when the CLI exits: an idle child does not hold the CLI, nor outlive it. */
  readonly kill = () => this.child.kill('SIGKILL')
  private readonly onAbort = () => {
    const run = this.current
    if (run?.signal.aborted) this.fail(sandboxFailure('Aborted while the code was running.', Date.now() - run.started, 'aborted'))
  }

  constructor(
    command: ChildCommand,
    pyodide: string,
    private readonly cache: { dir: string; version: string } | undefined,
  ) {
    // The snapshot is handed over open (the child's fourth descriptor): the child may read no path of the cache folder.
    const snapshot = cache && openSnapshot(cache.dir, cache.version)
    try {
      // Pyodide's folder goes last: the child loads Python from the folder it may read.
      const childArgs = [...(snapshot === undefined ? [] : ['--snapshot-fd=3']), ...(cache ? ['--send-snapshot'] : []), pyodide]
      this.child = spawn(process.execPath, [...sandboxOptions([pyodide, ...command.readable]), ...command.args, ...childArgs], {
        // Only what Node needs to start: no API keys, tokens or paths of the user's environment.
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['pipe', 'pipe', 'pipe', ...(snapshot === undefined ? [] : [snapshot])],
      })
    } finally {
      if (snapshot !== undefined) closeSync(snapshot)
    }
    processesStarted++
    process.once('exit', this.kill)
    liveChildren.add(this)
    watchStoppingSignals()
    this.child.stdout!.setEncoding('utf8')
    // Before the line reader: a chunk is measured as things stood before its lines were read.
    this.child.stdout!.on('data', (chunk: string) => this.measure(chunk))
    createInterface({ input: this.child.stdout!, crlfDelay: Infinity }).on('line', (line) => this.onLine(line))
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.stderr = (this.stderr + chunk).slice(-4000)))
    this.child.on('error', (error) => this.end(`The sandbox did not start: ${error.message}`))
    this.child.on('close', (code) =>
      this.end(
        `The sandbox stopped (exit ${String(code)}) without an outcome.${this.stderr ? ` ${this.stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
      ),
    )
    this.child.stdin!.on('error', () => {})
    this.waitForStart()
  }

  /** Started, not ended, and serving no run: it may take the next. */
  get free(): boolean {
    return this.started && !this.current && !this.ended
  }

  /** Whether a run of its own is running or waiting for its interpreter. */
  get serving(): boolean {
    return this.current !== undefined
  }

  /** Hands it a run (when it is free). */
  take(run: Run): void {
    this.current = run
    this.running = false
    run.signal.addEventListener('abort', this.onAbort, { once: true })
    if (this.served) this.waitForRestore(run)
    else this.waitForStart()
    const prepareNext = waiting.length > 0 || expected > 0
    this.child.stdin!.write(JSON.stringify(prepareNext ? { ...run.request, prepareNext } : run.request) + '\n')
  }

  /** While any run is waiting or its own is running, the process holds the CLI open; waiting for work, it does not keep the CLI from exiting. */
  hold(busy: boolean): void {
    for (const handle of [this.child, this.child.stdout, this.child.stderr, this.child.stdin] as ({
      ref?: () => void
      unref?: () => void
    } | null)[])
      if (busy) handle?.ref?.()
      else handle?.unref?.()
  }

  /** Ends the process (the CLI is done with Python). */
  close(): void {
    this.end('The sandbox was closed.')
  }

  /** The run's interpreter is ready: its time-out starts. */
  private startClock(run: Run): void {
    clearTimeout(this.timer)
    this.running = true
    const ranFrom = Date.now()
    this.timer = setTimeout(
      () =>
        this.fail(sandboxFailure(`The code ran longer than ${run.timeoutMs / 1000} s and was stopped.`, Date.now() - ranFrom, 'timeout')),
      run.timeoutMs,
    )
  }

  private onLine(line: string): void {
    if (this.ended) return
    if (line === SANDBOX_READY) {
      if (this.current && !this.running) return this.startClock(this.current)
      clearTimeout(this.timer)
      this.started = true
      return dispatch()
    }
    let message: unknown
    try {
      message = JSON.parse(line)
    } catch {
      return this.end(`The sandbox wrote something that is not an outcome: ${line.slice(0, 200)}`)
    }
    const fields = message as { snapshot?: unknown; snapshotInvalid?: unknown; ok?: unknown }
    // The snapshot and its refusal come before the first ready line, that is before any user code
    // ran in the child; after it, they are a child that is not to be trusted (it is ended below).
    if (typeof fields.snapshot === 'string' && this.cache && !this.started) {
      storeSnapshot(this.cache.dir, this.cache.version, Buffer.from(fields.snapshot, 'base64'))
      return
    }
    if (typeof fields.snapshotInvalid === 'string' && this.cache && !this.started) {
      forgetSnapshot(this.cache.dir, this.cache.version)
      return
    }
    const run = this.current
    if (!run || typeof fields.ok !== 'boolean') return this.end(`The sandbox wrote something that is not an outcome: ${line.slice(0, 200)}`)
    this.served++
    this.finish(run, message as CodeRunOutcome)
    dispatch()
  }

  /**
   * Ends a process that sends a line longer than an outcome can be. Before its first ready line no
   * user code ran in it, and its snapshot (tens of megabytes) is one line.
   */
  private measure(chunk: string): void {
    const first = chunk.indexOf('\n')
    const longest = this.partialLine + (first === -1 ? chunk.length : first)
    this.partialLine = first === -1 ? longest : chunk.length - chunk.lastIndexOf('\n') - 1
    if (this.started && Math.max(longest, this.partialLine) > OUTCOME_LINE_LIMIT)
      this.end(`The sandbox sent a line of more than ${OUTCOME_LINE_LIMIT} characters, longer than any outcome; it was stopped.`)
  }

  /** A guard against a start that hangs; it does not keep an idle CLI from exiting. */
  private waitForStart(): void {
    this.timer = setTimeout(() => this.end('Python did not start in time.'), START_LIMIT_MS)
    this.timer.unref()
  }

  /** A run whose interpreter is not restored in time goes, with the runs after it, to a new process. */
  private waitForRestore(run: Run): void {
    this.timer = setTimeout(() => {
      if (this.current !== run || this.running) return
      run.signal.removeEventListener('abort', this.onAbort)
      this.current = undefined
      waiting.unshift(run)
      this.end('The sandbox stopped answering.')
    }, restoreLimit.ms)
    this.timer.unref()
  }

  private finish(run: Run, outcome: CodeRunOutcome): void {
    clearTimeout(this.timer)
    run.signal.removeEventListener('abort', this.onAbort)
    this.current = undefined
    this.running = false
    run.resolve(outcome)
  }

  /** The current run failed in a way that leaves the child unusable: it is killed. */
  private fail(outcome: CodeRunOutcome): void {
    const run = this.current
    if (run) this.finish(run, outcome)
    this.end('The sandbox was stopped.')
  }

  private end(message: string): void {
    if (this.ended) return
    this.ended = true
    clearTimeout(this.timer)
    this.kill()
    process.removeListener('exit', this.kill)
    liveChildren.delete(this)
    if (!liveChildren.size) unwatchStoppingSignals()
    const run = this.current
    this.current = undefined
    if (run) {
      run.signal.removeEventListener('abort', this.onAbort)
      run.resolve(sandboxFailure(message, Date.now() - run.started))
    }
    // A process that never started says the next would not either: it is not replaced beside
    // another, and with none left the runs waiting fail with its message. Otherwise runs waiting
    // go to a new process, unless the CLI is stopping.
    if (!this.started) secondRefused = true
    if (stoppedBy || (!this.started && !liveChildren.size && !preparing)) failWaiting(message)
    else dispatch()
  }
}

/** Every waiting run ends with `message`. */
function failWaiting(message: string): void {
  for (const run of waiting.splice(0)) run.resolve(sandboxFailure(message, Date.now() - run.started))
}

/** How many processes the waiting and expected runs call for (SECOND_PROCESS_FROM). */
function processesWanted(): number {
  if (secondRefused || waiting.length + expected < SECOND_PROCESS_FROM) return 1
  return Math.min(MAX_PROCESSES, availableParallelism())
}

/**
 * Hands waiting runs to free processes, in order, and starts a process when none lives (or a
 * second, when enough runs wait); then lets idle processes stop holding the CLI open.
 */
function dispatch(): void {
  for (const child of liveChildren)
    while (child.free && waiting.length) {
      const run = waiting.shift()!
      if (run.signal.aborted) run.resolve(sandboxFailure('Aborted before the code ran.', Date.now() - run.started, 'aborted'))
      else child.take(run)
    }
  if (waiting.length && !stoppedBy && liveChildren.size + preparing < processesWanted()) void startChild()
  for (const child of liveChildren) child.hold(waiting.length > 0 || child.serving)
}

/** The signal that stopped the CLI while other listeners of it keep the process going: no new sandbox starts. */
let stoppedBy: NodeJS.Signals | undefined

/**
 * The signals that end a CLI from outside: a supervisor's or `Popen.terminate()`'s SIGTERM, a
 * closed terminal's SIGHUP, a SIGINT sent by `kill` rather than typed (Ctrl+C at a terminal
 * reaches the whole process group, the sandbox included). Node emits no `exit` on any of them,
 * and a sandbox busy in Python never sees its standard input close.
 */
const STOPPING_SIGNALS = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const

const signalListeners = new Map(STOPPING_SIGNALS.map((signal) => [signal, () => onStoppingSignal(signal)] as const))

/**
 * Listened to only while a sandbox process lives, so the rest of the CLI keeps Node's own
 * handling of these signals.
 */
function watchStoppingSignals(): void {
  for (const [signal, listener] of signalListeners) if (!process.listeners(signal).includes(listener)) process.on(signal, listener)
}

function unwatchStoppingSignals(): void {
  for (const [signal, listener] of signalListeners) process.removeListener(signal, listener)
}

/**
 * Kills the live sandbox processes, then lets the signal do what it would have done without this
 * listener: raised again once no listener of it is left, it ends the CLI with that signal's status.
 * Another listener of it (the `open` command's) got this same signal and decides for itself.
 */
function onStoppingSignal(signal: NodeJS.Signals): void {
  stoppedBy = signal
  for (const child of liveChildren) child.kill()
  unwatchStoppingSignals()
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
}

/** After a signal that other listeners keep the CLI going through, no sandbox process starts. */
function refuseWhenStopping(): void {
  if (stoppedBy) throw new Error(`The CLI is stopping (${stoppedBy}): no sandbox is started.`)
}

/** How many sandbox processes this process has started (tests and the bench check that runs share them). */
export function sandboxProcessesStarted(): number {
  return processesStarted
}

/** The cache folders already said to be unsafe: said once a process. */
const warned = new Set<string>()

/**
 * Where the snapshot is kept between processes; `SKILL_PLAYGROUND_CACHE=off` keeps none (each
 * process then takes its own once), and neither does a folder that is not safe (said once on
 * standard error, since every run then starts Python from nothing) or that cannot be found.
 */
function snapshotCache(pyodide: string): { dir: string; version: string } | undefined {
  if (process.env.SKILL_PLAYGROUND_CACHE === 'off') return undefined
  try {
    const dir = snapshotCacheDir()
    const problem = cacheFolderProblem(dir)
    if (problem) {
      if (!warned.has(dir))
        process.stderr.write(
          `Python's snapshot is not kept in ${dir}: ${problem}. Every run starts Python from nothing (docs/skill-code.md, "A ready Python").\n`,
        )
      warned.add(dir)
      return undefined
    }
    return { dir, version: pyodideVersion(pyodide) }
  } catch {
    // No home folder to keep it in (no HOME and no entry for this user): Python starts from nothing.
    return undefined
  }
}

/**
 * Starts a sandbox process. One that cannot be made (its script not built, the spawn refused) is
 * the failure of the runs waiting, said where it happened, not the caller's exception, unless
 * another process lives to serve them.
 */
async function startChild(): Promise<void> {
  preparing++
  let failure: string | undefined
  try {
    const pyodide = pyodideFolder()
    let command: ChildCommand
    try {
      command = await childCommand(pyodide)
    } catch (error) {
      throw new Error(`The sandbox could not be prepared (${messageOf(error)}); \`npm run build\` builds it.`)
    }
    // A signal may have come while the command was prepared.
    refuseWhenStopping()
    try {
      new PythonChild(command, pyodide, snapshotCache(pyodide))
    } catch (error) {
      throw new Error(`The sandbox did not start: ${messageOf(error)}`)
    }
  } catch (error) {
    failure = messageOf(error)
  } finally {
    preparing--
  }
  if (failure === undefined) return dispatch()
  secondRefused = true
  if (!liveChildren.size && !preparing) failWaiting(failure)
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export const runCodeInNode: CodeRunner = async (request, { signal, timeoutMs }) => {
  const started = Date.now()
  if (signal.aborted) return sandboxFailure('Aborted before the code ran.', 0, 'aborted')
  try {
    refuseWhenStopping()
  } catch (error) {
    return sandboxFailure(messageOf(error), 0)
  }
  return new Promise<CodeRunOutcome>((resolve) => {
    waiting.push({ request, signal, timeoutMs, started, resolve })
    // Handed out once the caller's other runs of this moment are queued too, so a process knows another follows.
    if (waiting.length === 1) queueMicrotask(dispatch)
  })
}

/**
 * A command says how many more runs it is about to ask for beyond those it has asked for
 * (`exec --batch`: the lines read and not yet run), 0 when no more are coming. While more are
 * coming, each process restores its next interpreter as soon as it has answered, and from
 * SECOND_PROCESS_FROM waiting runs, on a machine with two cores or more, a second process serves
 * runs beside the first.
 */
export function expectRuns(runs: number): void {
  expected = runs
  if (waiting.length) dispatch()
}

/** Starts the sandbox process ahead of a run, so the run only waits for what is left of its start. */
export async function warmCodeRunner(): Promise<void> {
  if (!liveChildren.size && !preparing) await startChild()
}

/** Ends the sandbox processes (tests, and a CLI that is done with Python). */
export function closeCodeRunner(): void {
  expected = 0
  for (const child of [...liveChildren]) child.close()
  secondRefused = false
}

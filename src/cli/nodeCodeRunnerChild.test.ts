/**
 * What the CLI's runner trusts from its sandbox process, and what it does when the process cannot
 * be made (docs/skill-code.md, "A ready Python"), without starting Python: the process spawned is a
 * stand-in that speaks the child's protocol (a ready line, then per request a ready line and an
 * outcome) and reports the arguments and the snapshot it was handed. A child whose code ran is not
 * trusted with the snapshot cache; a child that cannot be spawned, or a home folder that cannot be
 * found, is a run's failure or a cold start, never an exception that cuts `exec --batch` short; an
 * unsafe cache folder is said once and gets no snapshot sent for nothing; a line longer than any
 * outcome ends the process that sent it.
 */
import type * as ChildProcesses from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type * as Os from 'node:os'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MAX_CODE_RESULT_BYTES, SANDBOX_READY, type CodeRunOutcome, type CodeRunRequest } from '../core/code'
import { availableParallelism } from 'node:os'
import {
  closeCodeRunner,
  expectRuns,
  pyodideFolder,
  restoreLimit,
  runCodeInNode,
  sandboxProcessesStarted,
  SECOND_PROCESS_FROM,
} from './nodeCodeRunner'
import { snapshotPath } from './pythonSnapshotCache'
import { snapshotFileBytes } from './pythonSnapshotFile'
import { runCli } from './runCli'

const control = vi.hoisted(() => ({
  spawnFails: false,
  homeMissing: false,
  spawned: [] as { args: string[]; closed: Promise<void> }[],
}))

/** The child's protocol: what it reports as its result is what it was handed. */
const STAND_IN = String.raw`
const { readFileSync } = require('node:fs')
const readline = require('node:readline')
const args = JSON.parse(process.env.CHILD_ARGS)
const out = (line, then) => process.stdout.write(line + '\n', then)
const fd = args.find((arg) => arg.startsWith('--snapshot-fd='))
const snapshot = fd ? readFileSync(Number(fd.slice('--snapshot-fd='.length))).toString('latin1') : null
out(READY)
readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const request = JSON.parse(line)
  out(READY)
  // A line longer than any outcome, as a child taken over by its code could send.
  if (request.args.longLine) return out(JSON.stringify({ ok: true, result: 'x'.repeat(request.args.longLine), stdout: '', stderr: '', ms: 1 }))
  // A run that takes a while, as Python's do: another process can start meanwhile.
  if (request.args.delay) {
    const until = Date.now() + request.args.delay
    while (Date.now() < until);
  }
  out(JSON.stringify({ ok: true, result: { args, snapshot, pid: process.pid, n: request.args.n, prepareNext: request.prepareNext === true }, stdout: '', stderr: '', ms: 1 }), () => {
    // What a callback left by a spent run would do: the process answers nothing more.
    if (request.args.spinAfter) for (;;);
  })
  const after = request.args.after ?? []
  // What a child taken over after its code ran could write, and then it ends.
  if (after.length) out(after.join('\n'), () => process.exit(0))
})
`.replaceAll('READY', JSON.stringify(SANDBOX_READY))

vi.mock('node:child_process', async (importOriginal) => {
  const real = await importOriginal<typeof ChildProcesses>()
  return {
    ...real,
    spawn: (_command: string, args: string[], options: ChildProcesses.SpawnOptions) => {
      if (control.spawnFails) throw new Error('spawn E2BIG')
      const child = real.spawn(process.execPath, ['--eval', STAND_IN], {
        env: { CHILD_ARGS: JSON.stringify(args) },
        stdio: options.stdio,
      })
      control.spawned.push({ args, closed: new Promise((resolve) => child.on('close', () => resolve())) })
      return child
    },
  }
})

vi.mock('node:os', async (importOriginal) => {
  const real = await importOriginal<typeof Os>()
  return {
    ...real,
    homedir: () => {
      if (control.homeMissing) throw new Error('no home folder for this user')
      return real.homedir()
    },
  }
})

const root = mkdtempSync(join(tmpdir(), 'runner-child-'))
const cache = join(root, 'cache')
const version = (JSON.parse(readFileSync(join(pyodideFolder(), 'package.json'), 'utf8')) as { version: string }).version
const planted = snapshotFileBytes(new Uint8Array(64).fill(9), version)
const env = { cache: process.env.SKILL_PLAYGROUND_CACHE, xdg: process.env.XDG_CACHE_HOME, home: process.env.HOME }

beforeEach(() => {
  rmSync(cache, { recursive: true, force: true })
  mkdirSync(cache, { mode: 0o700 })
  writeFileSync(snapshotPath(cache, version), planted, { mode: 0o600 })
  process.env.SKILL_PLAYGROUND_CACHE = cache
  control.spawnFails = false
  control.homeMissing = false
  control.spawned = []
})
afterEach(() => {
  closeCodeRunner()
  vi.restoreAllMocks()
  for (const [name, value] of [
    ['SKILL_PLAYGROUND_CACHE', env.cache],
    ['XDG_CACHE_HOME', env.xdg],
    ['HOME', env.home],
  ] as const)
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const request = (args: Record<string, unknown> = {}): CodeRunRequest => ({
  files: [{ path: 'skill.py', text: 'def run(args):\n    return 1\n' }],
  entry: 'skill.py',
  function: 'run',
  args,
})
const run = (args: Record<string, unknown> = {}) =>
  runCodeInNode(request(args), { signal: new AbortController().signal, timeoutMs: 10_000 })
const handed = (outcome: CodeRunOutcome) => (outcome.ok ? (outcome.result as { args: string[]; snapshot: string | null }) : null)
/** Which stand-in process answered, the run's number it was handed, and whether it was told more runs follow. */
const served = (outcome: CodeRunOutcome) =>
  outcome.ok ? (outcome.result as { pid: number; n: number; prepareNext: boolean }) : { pid: 0, n: -1, prepareNext: false }

describe('the runner and its sandbox process', () => {
  it('hands the checked snapshot over as an open file: the child may read no path of the cache folder', async () => {
    const outcome = await run()
    expect(handed(outcome)?.snapshot).toBe(planted.toString('latin1'))
    expect(handed(outcome)?.args).toContain('--snapshot-fd=3')
    expect(handed(outcome)?.args.filter((arg) => arg.includes(cache))).toEqual([])
  })

  it('a snapshot the child sends after its code ran is not kept: the child is ended instead', async () => {
    const forged = Buffer.from(snapshotFileBytes(new Uint8Array(64).fill(1), version)).toString('base64')
    const first = await run({ after: [JSON.stringify({ snapshot: forged })] })
    expect(first).toMatchObject({ ok: true })
    await control.spawned[0]!.closed
    await new Promise((resolve) => setImmediate(resolve))
    expect(readFileSync(snapshotPath(cache, version)).equals(planted)).toBe(true)
    // The next run gets a process of its own and is answered.
    const started = sandboxProcessesStarted()
    expect(await run()).toMatchObject({ ok: true })
    expect(sandboxProcessesStarted()).toBe(started + 1)
  })

  it('a process that stops answering after a run hands the next runs to a new process, which answers them', async () => {
    const limit = restoreLimit.ms
    restoreLimit.ms = 300
    try {
      expect(await run({ spinAfter: true })).toMatchObject({ ok: true })
      const started = sandboxProcessesStarted()
      const [second, third] = await Promise.all([run(), run()])
      expect(second).toMatchObject({ ok: true })
      expect(third).toMatchObject({ ok: true })
      expect(sandboxProcessesStarted()).toBe(started + 1)
    } finally {
      restoreLimit.ms = limit
    }
  })

  it('a line longer than any outcome ends the process that sent it: the run’s failure, and the next run gets a new process', async () => {
    const long = await run({ longLine: MAX_CODE_RESULT_BYTES + 2_000_000 })
    expect(long).toMatchObject({ ok: false, error: { type: 'sandbox', message: expect.stringContaining('longer than any outcome') } })
    await control.spawned[0]!.closed
    const started = sandboxProcessesStarted()
    expect(await run()).toMatchObject({ ok: true })
    expect(sandboxProcessesStarted()).toBe(started + 1)
  })

  it('listens for SIGTERM, SIGHUP and SIGINT only while a sandbox process lives: the rest of the CLI keeps Node’s handling', async () => {
    const signals = ['SIGTERM', 'SIGHUP', 'SIGINT'] as const
    const count = () => signals.map((signal) => process.listenerCount(signal))
    const before = count()
    expect(await run()).toMatchObject({ ok: true })
    expect(count()).toEqual(before.map((listeners) => listeners + 1))
    // A second run in the same process adds none.
    await run()
    expect(count()).toEqual(before.map((listeners) => listeners + 1))
    closeCodeRunner()
    expect(count()).toEqual(before)
  })

  it('a result as long as the limit allows still comes back whole', async () => {
    const outcome = await run({ longLine: MAX_CODE_RESULT_BYTES })
    expect(outcome.ok && (outcome.result as string).length).toBe(MAX_CODE_RESULT_BYTES)
  })

  it('a refusal of the snapshot after the code ran does not delete the cache', async () => {
    await run({ after: [JSON.stringify({ snapshotInvalid: 'changed' })] })
    await control.spawned[0]!.closed
    await new Promise((resolve) => setImmediate(resolve))
    expect(readFileSync(snapshotPath(cache, version)).equals(planted)).toBe(true)
  })

  it('a cache folder open to other users: said once on standard error, no snapshot read or asked for', async () => {
    chmodSync(cache, 0o755)
    const errors: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      errors.push(String(chunk))
      return true
    })
    const first = handed(await run())
    closeCodeRunner()
    const second = handed(await run())
    for (const args of [first?.args, second?.args]) {
      expect(args).not.toContain('--send-snapshot')
      expect(args?.some((arg) => arg.startsWith('--snapshot-fd='))).toBe(false)
    }
    const notes = errors.filter((line) => line.includes(cache))
    expect(notes).toHaveLength(1)
    expect(notes[0]).toContain('the folder is open to other users')
  })

  it('no home folder to find the cache in: Python starts without a cache instead of failing', async () => {
    delete process.env.SKILL_PLAYGROUND_CACHE
    delete process.env.XDG_CACHE_HOME
    control.homeMissing = true
    const outcome = await run()
    expect(outcome).toMatchObject({ ok: true })
    expect(handed(outcome)?.args).not.toContain('--send-snapshot')
  })

  it('a run is marked prepareNext only while more runs wait or are expected', async () => {
    expect(served(await run({ n: 1 })).prepareNext).toBe(false)
    expectRuns(1)
    expect(served(await run({ n: 2 })).prepareNext).toBe(true)
    expectRuns(0)
    const [first, second] = await Promise.all([run({ n: 3 }), run({ n: 4 })])
    // The first was sent while the second waited; the second with nothing after it.
    expect([served(first).prepareNext, served(second).prepareNext]).toEqual([true, false])
  })

  it.runIf(availableParallelism() >= 2)(
    'with enough runs waiting, a second process serves runs beside the first, each run answered with its own outcome',
    async () => {
      const started = sandboxProcessesStarted()
      const count = SECOND_PROCESS_FROM + 6
      expectRuns(count)
      const outcomes = await Promise.all(Array.from({ length: count }, (_, n) => run({ n, delay: 150 })))
      expectRuns(0)
      expect(outcomes.map((outcome) => served(outcome).n)).toEqual(Array.from({ length: count }, (_, n) => n))
      expect(sandboxProcessesStarted()).toBe(started + 2)
      expect(new Set(outcomes.map((outcome) => served(outcome).pid)).size).toBe(2)
    },
  )

  it('with fewer runs than SECOND_PROCESS_FROM waiting, one process serves them all', async () => {
    const started = sandboxProcessesStarted()
    const outcomes = await Promise.all(Array.from({ length: SECOND_PROCESS_FROM - 1 }, (_, n) => run({ n })))
    expect(sandboxProcessesStarted()).toBe(started + 1)
    expect(new Set(outcomes.map((outcome) => served(outcome).pid)).size).toBe(1)
  })

  it.runIf(availableParallelism() >= 2)(
    'exec --batch over two processes prints every line’s answer in the order read, a malformed line in its place',
    async () => {
      const skills = join(root, 'batch-skills')
      mkdirSync(join(skills, 'echo'), { recursive: true })
      writeFileSync(
        join(skills, 'echo', 'SKILL.md'),
        '---\nname: echo\ndescription: Echoes n.\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\nEcho.\n',
      )
      writeFileSync(join(skills, 'echo', 'skill.py'), 'def run(args):\n    return args\n')
      const count = SECOND_PROCESS_FROM + 8
      const lines = Array.from({ length: count }, (_, n) => (n === 5 ? '{"n": "five"}' : JSON.stringify({ n, delay: 150 })))
      const started = sandboxProcessesStarted()
      const out: string[] = []
      const code = await runCli(['exec', '--skills', skills, '--skill', 'echo', '--batch'], {
        out: (line) => out.push(line),
        err: () => {},
        lines: async function* () {
          yield* lines
        },
      })
      expect(code).toBe(1)
      const answers = out.map((line) => JSON.parse(line) as { result?: { n: number; pid: number }; error?: { type: string } })
      expect(answers.map((answer) => answer.result?.n ?? answer.error?.type)).toEqual(
        Array.from({ length: count }, (_, n) => (n === 5 ? 'invalid-arguments' : n)),
      )
      expect(sandboxProcessesStarted()).toBe(started + 2)
      expect(new Set(answers.flatMap((answer) => (answer.result ? [answer.result.pid] : []))).size).toBe(2)
    },
  )

  it('exec --batch answers a line as soon as it is run, before the next line is typed', async () => {
    const skills = join(root, 'typed-skills')
    mkdirSync(join(skills, 'one'), { recursive: true })
    writeFileSync(join(skills, 'one', 'SKILL.md'), '---\nname: one\ndescription: Returns one.\n---\nOne.\n')
    writeFileSync(join(skills, 'one', 'skill.py'), 'def run(args):\n    return 1\n')
    const out: string[] = []
    const answered = async (count: number) => {
      while (out.length < count) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const code = await runCli(['exec', '--skills', skills, '--skill', 'one', '--batch'], {
      out: (line) => out.push(line),
      err: () => {},
      // Someone typing: each line only once the one before has its answer.
      lines: async function* () {
        for (let n = 0; n < 3; n++) {
          yield JSON.stringify({ n })
          await answered(n + 1)
        }
      },
    })
    expect(code).toBe(0)
    expect(out).toHaveLength(3)
  })

  it('a child that cannot be spawned is each run’s failure, and exec --batch answers every line', async () => {
    control.spawnFails = true
    expect(await run()).toMatchObject({ ok: false, error: { type: 'sandbox', message: expect.stringContaining('spawn E2BIG') } })
    const skills = join(root, 'skills')
    mkdirSync(join(skills, 'one'), { recursive: true })
    writeFileSync(join(skills, 'one', 'SKILL.md'), '---\nname: one\ndescription: Returns one.\n---\nOne.\n')
    writeFileSync(join(skills, 'one', 'skill.py'), 'def run(args):\n    return 1\n')
    const out: string[] = []
    const code = await runCli(['exec', '--skills', skills, '--skill', 'one', '--batch'], {
      out: (line) => out.push(line),
      err: () => {},
      lines: async function* () {
        yield* ['{}', '{}', '{}']
      },
    })
    expect(code).toBe(1)
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ error: expect.objectContaining({ type: 'sandbox' }) })),
    )
  })
})

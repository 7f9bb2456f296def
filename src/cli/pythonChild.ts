/**
 * The CLI's sandbox process for runs of a skill's code (docs/skill-code.md): started by
 * nodeCodeRunner.ts under Node's permission model (it may read Pyodide's files and its own, and the
 * snapshot file the parent opened for it; it may write nothing, start no process or worker), with
 * code generation from strings off and an environment without secrets.
 *
 * It reads requests on standard input, one JSON per line, and answers each with one outcome line
 * on standard output (its size capped: outcomeLine), after a ready line once that run's fresh
 * interpreter is restored (the first one's before any request). Every run gets an interpreter of
 * its own, restored from a memory snapshot of Python taken before any user code (pythonRuntime.ts),
 * and never used again (freshInterpreters.ts). A request marked `prepareNext` (the parent expects
 * more runs) has the next run's interpreter restored as soon as its outcome is written, so that
 * run does not wait for it; without the mark it is restored when the next request comes. Its arguments:
 * `[--snapshot-fd=<fd>] [--send-snapshot] <pyodide folder>`: the open file to restore from (the
 * parent opened and checked it; the child reads no path of the cache folder; the payload is
 * checked against the digest in its header, a bad one is reported and Python starts from nothing),
 * and whether to send the snapshot it had to take itself, so the parent can keep it for the next
 * process. Ends when its standard input does.
 *
 * A run's code may leave callbacks on the event loop (asyncio's call_soon and call_later go through
 * setImmediate and setTimeout): those are dropped when its run ends, so nothing of a spent
 * interpreter runs after its outcome (docs/skill-code.md, "A ready Python").
 */
import { closeSync, constants as fsConstants, promises as fsPromises, readFileSync } from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { cutOutput, MAX_CODE_RESULT_BYTES, resultTooLarge, SANDBOX_READY, type CodeRunOutcome, type CodeRunRequest } from '../core/code'
import { closeNetwork } from './closeNetwork'
import { freshInterpreters } from './freshInterpreters'
import { readSnapshotFile } from './pythonSnapshotFile'

// Anything Pyodide prints about itself goes to standard error: standard output carries the outcome only.
for (const level of ['log', 'info', 'warn', 'debug'] as const)
  console[level] = (...parts: unknown[]) => process.stderr.write(parts.join(' ') + '\n')

/**
 * The permission model refuses `process.binding`; Pyodide's NODEFS asks it for the file-open flags
 * when it starts (it is never mounted here), so it gets those and nothing else.
 */
Object.assign(process, {
  binding: (name: string) => {
    if (name === 'constants') return { fs: fsConstants }
    throw new Error(`process.binding('${name}') is not available in the sandbox.`)
  },
})

closeNetwork()

/**
 * V8 compiles the wasm functions that run most again with its optimizing compiler, on other
 * threads, in every new process. Most of what a sandbox process runs is each interpreter's restore,
 * the same short work every time: with a larger budget only code that keeps running long (a skill's
 * own loop) is optimized, and a batch's runs spend less of the machine's CPU on compiling
 * (docs/skill-code.md, "A ready Python", has the figures). Set before Pyodide's wasm is compiled; a
 * Node whose V8 no longer has the flag ignores it.
 */
setFlagsFromString(`--wasm-tiering-budget=${18_000_000}`)
// Run from a file, argv[1] is the script; run with --eval, the arguments start there.
const args = process.argv.slice(1)
const pyodideDir = args.at(-1) ?? ''
const snapshotFd = args.find((arg) => arg.startsWith('--snapshot-fd='))?.slice('--snapshot-fd='.length)
const sendSnapshot = args.includes('--send-snapshot')

/**
 * Pyodide reads its wasm binary and its standard library's zip again for every interpreter it
 * starts: the binary only to instantiate, which this process does from the code it compiled once
 * (pythonRuntime.ts), the zip to copy into the new interpreter's file system. Each is read once
 * here and the same bytes served after that (Pyodide copies them and never writes to them), so a
 * restore does not read twelve megabytes again and leave them to the collector.
 */
function keepPyodideFiles(): void {
  const kept = new Map<string, Promise<Buffer>>()
  const names = new Set(['pyodide.asm.wasm', 'python_stdlib.zip'].map((name) => resolve(pyodideDir, name)))
  const readFile = fsPromises.readFile
  fsPromises.readFile = ((path: unknown, options?: unknown) => {
    const name = typeof path === 'string' && options === undefined ? resolve(path) : undefined
    if (name === undefined || !names.has(name)) return readFile(path as string, options as undefined)
    let bytes = kept.get(name)
    if (!bytes) {
      bytes = readFile(name)
      kept.set(name, bytes)
      // A read that failed is tried again by the next interpreter, not remembered.
      bytes.catch(() => kept.delete(name))
    }
    return bytes
  }) as typeof readFile
  // Pyodide imports `node:fs/promises` as a module: its exports follow the object's.
  syncBuiltinESMExports()
}
keepPyodideFiles()

/**
 * Runs `action` (one run of user code, synchronous) and then drops every callback it scheduled on
 * the host's event loop: timers and immediates are cleared, microtasks it queued do nothing. A run
 * is synchronous, so none of them can have run before it returned.
 */
const withinRun = (() => {
  const loop = { setTimeout, setInterval, setImmediate, clearTimeout, clearInterval, clearImmediate, queueMicrotask }
  let scheduled: (() => void)[] | undefined
  const record = <Handle>(handle: Handle, clear: (handle: Handle) => void): Handle => {
    scheduled?.push(() => clear(handle))
    return handle
  }
  Object.assign(globalThis, {
    setTimeout: (...args: Parameters<typeof setTimeout>) => record(loop.setTimeout(...args), loop.clearTimeout),
    setInterval: (...args: Parameters<typeof setInterval>) => record(loop.setInterval(...args), loop.clearInterval),
    setImmediate: (...args: Parameters<typeof setImmediate>) => record(loop.setImmediate(...args), loop.clearImmediate),
    queueMicrotask: (callback: () => void) => {
      if (!scheduled) return loop.queueMicrotask(callback)
      let live = true
      scheduled.push(() => (live = false))
      loop.queueMicrotask(() => {
        if (live) callback()
      })
    },
  })
  return <T>(action: () => T): T => {
    const mine: (() => void)[] = []
    scheduled = mine
    try {
      return action()
    } finally {
      scheduled = undefined
      for (const drop of mine) drop()
    }
  }
})()

/**
 * The outcome as the line the parent reads, its size capped (docs/skill-code.md, "Result"): a
 * result over MAX_CODE_RESULT_BYTES of JSON is the run's `too-large` error instead, and an error's
 * message and traceback (Python builds them from whatever the code raised) are cut like printed
 * output. A result nested deeper than JSON can be written out is the run's `not-serializable` error.
 */
function outcomeLine(outcome: CodeRunOutcome): string {
  let line: string
  try {
    line = JSON.stringify(outcome)
  } catch (error) {
    const message = `The result could not be written as JSON: ${error instanceof Error ? error.message : String(error)}.`
    return JSON.stringify({ ...outcome, ok: false, result: undefined, error: { type: 'not-serializable', message } })
  }
  if (Buffer.byteLength(line) <= MAX_CODE_RESULT_BYTES) return line
  if (outcome.ok) {
    // Over the limit with what it printed: the result alone is what the limit is about.
    const bytes = Buffer.byteLength(JSON.stringify(outcome.result))
    return bytes > MAX_CODE_RESULT_BYTES ? JSON.stringify(resultTooLarge(bytes, outcome)) : line
  }
  const { message, traceback } = outcome.error
  return JSON.stringify({
    ...outcome,
    error: { ...outcome.error, message: cutOutput(message), ...(traceback === undefined ? {} : { traceback: cutOutput(traceback) }) },
  })
}

const write = (line: string) => new Promise<void>((resolve) => process.stdout.write(line + '\n', () => resolve()))

const { PYODIDE_VERSION, snapshotPython, startPython } = await import('../adapters/pythonRuntime')
const indexURL = `${pyodideDir}/`
// Every interpreter after the first instantiates the wasm compiled for the first, and parses the
// lock file read here once.
const host = { moduleURL: pathToFileURL(join(pyodideDir, 'pyodide.asm.mjs')).href, lockFile: readLockFile() }

/** Pyodide's lock file as text; when it cannot be read here, Pyodide reads it itself and says why. */
function readLockFile(): string | undefined {
  try {
    return readFileSync(join(pyodideDir, 'pyodide-lock.json'), 'utf8')
  } catch {
    return undefined
  }
}

/** The snapshot to restore every run's interpreter from, and the interpreter for the first run. */
async function prepare(): Promise<{ snapshot: Uint8Array; first: Awaited<ReturnType<typeof startPython>> }> {
  if (snapshotFd) {
    try {
      const fd = Number(snapshotFd)
      const file = readFileSync(fd)
      closeSync(fd)
      const snapshot = readSnapshotFile(file, PYODIDE_VERSION)
      return { snapshot, first: await startPython(indexURL, snapshot, host) }
    } catch (error) {
      await write(JSON.stringify({ snapshotInvalid: error instanceof Error ? error.message : String(error) }))
    }
  }
  const { snapshot, runtime } = await snapshotPython(indexURL, host)
  if (sendSnapshot) await write(JSON.stringify({ snapshot: Buffer.from(snapshot).toString('base64') }))
  return { snapshot, first: runtime }
}

const { snapshot, first } = await prepare()
const interpreters = freshInterpreters(first, () => startPython(indexURL, snapshot, host))
// Python has started: the parent may send requests.
await write(SANDBOX_READY)
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue
  const { prepareNext, ...request } = JSON.parse(line) as CodeRunRequest & { prepareNext?: boolean }
  // The run's interpreter: restored ahead, or now (a process asked for one run, the usual `exec`,
  // restores no second one); the ready line starts the run's clock in the parent.
  const runtime = await interpreters.take()
  await write(SANDBOX_READY)
  const outcome = withinRun(() => runtime.run(request))
  const answered = write(outcomeLine(outcome))
  // More runs are coming: the next one's interpreter is restored while the parent reads this outcome.
  if (prepareNext) interpreters.prepare()
  await answered
}
process.exit(0)

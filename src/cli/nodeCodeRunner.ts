/**
 * Runs a skill's code for the CLI (docs/skill-code.md): one child process per run (pythonChild),
 * killed at the time-out or on abort. The outcome is the same JSON the page's worker gives.
 *
 * The child runs under Node's permission model: it may read Pyodide's files and its own script,
 * and nothing else; it may write no file, start no process and no worker. That is the boundary a
 * guard written in Python is not: whatever code reaches inside the child, the host's files and
 * processes are out of its reach. Code generation from strings is off, and its environment holds
 * no keys.
 */
import { spawn } from 'node:child_process'
import { existsSync, realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { SANDBOX_READY, sandboxFailure, type CodeRunner, type CodeRunOutcome, type CodeRunRequest } from '../core/code'

/** Starting Python takes a few seconds (more on a busy machine); this is only a guard against a hung start. */
const START_LIMIT_MS = 120_000

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
  return { readable: [], args: ['--input-type=module', '--eval', await bundledChild(pyodide)] }
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

export const runCodeInNode: CodeRunner = async (request, { signal, timeoutMs }) => {
  const started = Date.now()
  if (signal.aborted) return sandboxFailure('Aborted before the code ran.', 0, 'aborted')
  let command: ChildCommand
  const pyodide = pyodideFolder()
  try {
    command = await childCommand(pyodide)
  } catch (error) {
    return sandboxFailure(
      `The sandbox could not be prepared (${error instanceof Error ? error.message : String(error)}); \`npm run build\` builds it.`,
      Date.now() - started,
    )
  }
  return runChild(command, pyodide, request, { signal, timeoutMs, started })
}

function runChild(
  command: ChildCommand,
  pyodide: string,
  request: CodeRunRequest,
  { signal, timeoutMs, started }: { signal: AbortSignal; timeoutMs: number; started: number },
): Promise<CodeRunOutcome> {
  return new Promise<CodeRunOutcome>((resolve) => {
    const elapsed = () => Date.now() - started
    if (signal.aborted) return resolve(sandboxFailure('Aborted before the code ran.', elapsed(), 'aborted'))
    // Pyodide's folder goes last: the child loads Python from the folder it may read.
    const child = spawn(process.execPath, [...sandboxOptions([pyodide, ...command.readable]), ...command.args, pyodide], {
      // Only what Node needs to start: no API keys, tokens or paths of the user's environment.
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let settled = false
    const settle = (outcome: CodeRunOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      signal.removeEventListener('abort', onAbort)
      child.kill('SIGKILL')
      resolve(outcome)
    }
    let timer = setTimeout(() => settle(sandboxFailure('Python did not start in time.', elapsed())), START_LIMIT_MS)
    let ranFrom = 0
    const startClock = () => {
      clearTimeout(timer)
      ranFrom = Date.now()
      timer = setTimeout(
        () => settle(sandboxFailure(`The code ran longer than ${timeoutMs / 1000} s and was stopped.`, Date.now() - ranFrom, 'timeout')),
        timeoutMs,
      )
    }
    const onAbort = () => settle(sandboxFailure('Aborted while the code was running.', elapsed(), 'aborted'))
    signal.addEventListener('abort', onAbort, { once: true })
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
      if (!ranFrom && stdout.startsWith(`${SANDBOX_READY}\n`)) startClock()
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)))
    child.on('error', (error) => settle(sandboxFailure(`The sandbox did not start: ${error.message}`, elapsed())))
    child.on('close', (code) => {
      if (settled) return
      try {
        const outcome = JSON.parse(stdout.slice(stdout.indexOf('\n') + 1)) as CodeRunOutcome
        if (typeof outcome.ok === 'boolean') return settle(outcome)
      } catch {
        // Reported below.
      }
      settle(
        sandboxFailure(
          `The sandbox stopped (exit ${String(code)}) without an outcome.${stderr ? ` ${stderr.trim().split('\n').slice(-3).join(' ')}` : ''}`,
          elapsed(),
        ),
      )
    })
    child.stdin.on('error', () => {})
    child.stdin.end(JSON.stringify(request))
  })
}

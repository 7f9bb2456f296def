/**
 * Runs a skill's code for the CLI (docs/skill-code.md): one child process per run (pythonChild),
 * started with code generation from strings off and an environment that holds no keys, killed at
 * the time-out or on abort. The outcome is the same JSON the page's worker gives.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { SANDBOX_READY, sandboxFailure, type CodeRunner, type CodeRunOutcome } from '../core/code'

/** Starting Python takes a few seconds (more on a busy machine); this is only a guard against a hung start. */
const START_LIMIT_MS = 120_000

/** The child's script: prebuilt beside the bundle, or the TypeScript source through tsx. */
function childCommand(): string[] {
  for (const candidate of ['./python-child.mjs', '../python-child.mjs']) {
    const path = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(path)) return [path]
  }
  return ['--import', 'tsx', fileURLToPath(new URL('./pythonChild.ts', import.meta.url))]
}

export const runCodeInNode: CodeRunner = (request, { signal, timeoutMs }) =>
  new Promise<CodeRunOutcome>((resolve) => {
    const started = Date.now()
    const elapsed = () => Date.now() - started
    if (signal.aborted) return resolve(sandboxFailure('Aborted before the code ran.', 0, 'aborted'))
    const child = spawn(process.execPath, ['--disallow-code-generation-from-strings', ...childCommand()], {
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

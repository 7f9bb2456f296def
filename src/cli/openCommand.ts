/**
 * `skill-playground open [dir]`: the playground on loopback with a skills folder as its workspace
 * (docs/open-folder.md). The page edits the files in place; the server (server/serve.ts, with
 * SKILL_PLAYGROUND_FOLDER) writes the edits back and watches the folder.
 *
 * An installed package ships the page (dist/) and the server (dist-server/) built: nothing is
 * compiled at run time (docs/install.md). In a clone the page is built once when it is missing,
 * with its progress shown, and the server runs from its sources when they are newer than its build.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CliIO } from './cliIO'

export interface OpenArgs {
  dir: string
  port: string
  host: string
}

/** This package's folder, from the bundle (dist-cli/) or the sources (src/cli/). */
export function packageRoot(from = dirname(fileURLToPath(import.meta.url))): string {
  let dir = from
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'skill-playground') return dir
    dir = dirname(dir)
  }
  throw new Error('Cannot find the skill-playground package folder.')
}

/** How to start the server: Node's arguments, or why it cannot start. */
export type ServerStart = { args: string[]; from: 'build' | 'source' } | { problem: string }

/**
 * The built server while it is newer than every source it was built from (dist-server/sources.json;
 * an installed package ships no sources, so its build is always current); the TypeScript source
 * through tsx otherwise, when tsx is there (a clone).
 */
export function serverStart(root: string, resolveTsx: () => string | null = tsxLoader): ServerStart {
  const built = join(root, 'dist-server/serve.js')
  if (isCurrent(root, built, join(root, 'dist-server/sources.json'))) return { args: [built], from: 'build' }
  const source = join(root, 'server/serve.ts')
  const tsx = existsSync(source) ? resolveTsx() : null
  if (tsx) return { args: ['--import', tsx, source], from: 'source' }
  return {
    problem: `This copy of skill-playground has no built server (${join(root, 'dist-server')}): run \`npm run build\` in ${root}.`,
  }
}

function isCurrent(root: string, file: string, sourcesList: string): boolean {
  if (process.env.SKILL_PLAYGROUND_FROM_SOURCE) return false
  try {
    const builtAt = statSync(file).mtimeMs
    const sources = JSON.parse(readFileSync(sourcesList, 'utf8')) as string[]
    return sources.every((path) => (statSync(join(root, path), { throwIfNoEntry: false })?.mtimeMs ?? 0) <= builtAt)
  } catch {
    return false
  }
}

/** tsx's loader as a file address: `--import tsx` would be looked up from the user's folder, not this package's. */
function tsxLoader(): string | null {
  try {
    return import.meta.resolve('tsx')
  } catch {
    return null
  }
}

/** How often a build that is still going says so. */
const BUILD_HEARTBEAT_MS = 10_000

/**
 * Builds the page (dist/) with the clone's Vite, saying what it is doing: a build takes minutes on
 * a small machine, and a silent terminal for that long looks like a hang. Vite's own phase lines
 * ("transforming…", "rendering chunks…") are shown as they come, with the time so far between them.
 */
export async function buildPage(root: string, io: CliIO, heartbeatMs = BUILD_HEARTBEAT_MS): Promise<boolean> {
  const vite = join(root, 'node_modules/vite/bin/vite.js')
  if (!existsSync(vite)) {
    io.err(
      `This copy of skill-playground has no built page (${join(root, 'dist')}) and cannot build one (Vite is a development tool): ` +
        `run \`npm ci && npm run build\` in ${root}, or install the package from its tarball or the registry, which ship the page built.`,
    )
    return false
  }
  const started = Date.now()
  const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`
  io.err(`No built page in ${join(root, 'dist')}: building it once (vite build; a few minutes on a small machine, then never again)…`)
  const child = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  const output: string[] = []
  let phase = 'starting'
  const onLine = (line: string) => {
    output.push(line)
    // eslint-disable-next-line no-control-regex -- Vite colours its output; the phase is shown without the colour codes
    const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trim()
    const next = vitePhase(plain)
    if (next && next !== phase) {
      phase = next
      io.err(`Building the page: ${phase} (${seconds()})`)
    }
  }
  readLines(child, onLine)
  const heartbeat = setInterval(() => io.err(`Building the page: still ${phase} (${seconds()})`), heartbeatMs)
  const code = await new Promise<number | null>((done) => {
    child.on('error', () => done(1))
    child.on('close', (status) => done(status))
  })
  clearInterval(heartbeat)
  if (code !== 0) {
    for (const line of output.slice(-40)) io.err(line)
    io.err(`Building the page failed (vite build exited with ${code}).`)
    return false
  }
  io.err(`Built the page in ${seconds()}; the next \`open\` starts at once.`)
  return true
}

/** Vite's progress lines, in words: what the build is doing now; null for any other line (a file listed, a warning). */
export function vitePhase(line: string): string | null {
  if (/^transforming/.test(line)) return 'compiling the sources'
  const transformed = /^✓ (\d+) modules transformed/.exec(line)
  if (transformed) return `compiled ${transformed[1]} modules; bundling`
  if (/^rendering chunks/.test(line)) return 'writing the bundles'
  if (/^computing gzip size/.test(line)) return 'measuring the bundles'
  if (/^✓ built in/.test(line)) return 'compressing the files for serving'
  return null
}

function readLines(child: ChildProcess, onLine: (line: string) => void) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = ''
    stream?.setEncoding('utf8')
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split(/\r?\n/)
      rest = lines.pop() ?? ''
      lines.forEach(onLine)
    })
    stream?.on('end', () => rest && onLine(rest))
  }
}

export async function openCommand({ dir, port, host }: OpenArgs, io: CliIO): Promise<number> {
  const folder = resolve(dir)
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    io.err(`No such folder: ${folder}`)
    return 1
  }
  const root = packageRoot()
  if (!existsSync(join(root, 'dist/index.html')) && !(await buildPage(root, io))) return 1
  const start = serverStart(root)
  if ('problem' in start) {
    io.err(start.problem)
    return 1
  }
  // The user's folder is the server's working folder: its mcp.json (docs/live-tools.md) is theirs.
  const server = spawn(process.execPath, start.args, {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, SKILL_PLAYGROUND_FOLDER: folder, PORT: port, HOST: host },
  })
  const stop = () => server.kill('SIGTERM')
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return await new Promise<number>((done) => server.on('exit', (code) => done(code ?? 0)))
}

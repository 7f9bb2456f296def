/**
 * `skill-playground open [dir]`: the playground on loopback with a skills folder as its workspace
 * (docs/open-folder.md). The page edits the files in place; the server (server/serve.ts, with
 * SKILL_PLAYGROUND_FOLDER) writes the edits back and watches the folder.
 */
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { CliIO } from './runCli'

export interface OpenArgs {
  dir: string
  port: string
  host: string
}

/** This package's folder, from the bundle (dist-cli/) or the sources (src/cli/). */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  while (dir !== dirname(dir)) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'skill-playground') return dir
    dir = dirname(dir)
  }
  throw new Error('Cannot find the skill-playground package folder.')
}

export async function openCommand({ dir, port, host }: OpenArgs, io: CliIO): Promise<number> {
  const folder = resolve(dir)
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
    io.err(`No such folder: ${folder}`)
    return 1
  }
  const root = packageRoot()
  if (!existsSync(join(root, 'dist/index.html'))) {
    io.err('Building the playground once (vite build)…')
    const built = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    })
    if (built.status !== 0) return 1
  }
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/serve.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SKILL_PLAYGROUND_FOLDER: folder, PORT: port, HOST: host },
  })
  const stop = () => server.kill('SIGTERM')
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  return await new Promise<number>((done) => server.on('exit', (code) => done(code ?? 0)))
}

/**
 * The package as a user gets it (docs/install.md): `npm pack`, the tarball installed into a
 * project folder of its own, and from there every command, the GitHub Actions example's steps
 * (docs/github-actions.yml) and `open` with its health check and the project's skills.
 *
 * Nothing here reaches the network: the install runs offline (`npm_config_offline`) from npm's
 * cache, which `npm ci` filled. An offline install cannot look a version up on the registry, so
 * the project gets a lockfile first: the package's own dependencies copied from this repository's
 * package-lock.json (the same versions, addresses and checksums), the tarball beside them.
 */
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseYamlText } from '../src/core/skill'
import { freePort } from '../e2e/serverProcess'

const ROOT = join(import.meta.dirname, '..')
const work = mkdtempSync(join(tmpdir(), 'installed-package-'))
const project = join(work, 'project')

interface Packed {
  filename: string
  size: number
  unpackedSize: number
  integrity: string
  files: { path: string; size: number }[]
}
interface LockEntry {
  version?: string
  dev?: boolean
  devOptional?: boolean
  dependencies?: Record<string, string>
  [field: string]: unknown
}

const ARTICLE = `<!doctype html><html><head><title>Handbook</title></head><body><nav>Home · Search</nav>
<article><h1>Refunds</h1><p>Refunds are paid within five working days of the return reaching the warehouse.</p>
<p>Ask the customer for the order number first; the refund goes to the card that paid.</p></article></body></html>`

let packed: Packed
let install: SpawnSyncReturns<string>

/** What a project's shell has: no keys, no settings of this repository; npm offline. */
const ENV = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', npm_config_offline: 'true', npm_config_update_notifier: 'false' }

function sh(command: string, options: { cwd?: string; timeout?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync('bash', ['-c', command], {
    cwd: options.cwd ?? project,
    env: ENV,
    encoding: 'utf8',
    timeout: options.timeout ?? 120_000,
  })
}

/** The GitHub Actions example's steps, as written. */
const workflow = parseYamlText(readFileSync(join(ROOT, 'docs/github-actions.yml'), 'utf8')).value as {
  jobs: Record<string, { steps: { name?: string; run?: string; uses?: string }[] }>
}
const steps = Object.values(workflow.jobs).flatMap((job) => job.steps)
const installStep = steps.find((step) => step.name === 'Install skill-playground')

beforeAll(() => {
  // prepack builds the CLI and the server, and the page when dist/ has none.
  const pack = spawnSync('npm', ['pack', '--json', '--pack-destination', work], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
    timeout: 580_000,
  })
  if (pack.status !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`)
  packed = (JSON.parse(pack.stdout.slice(pack.stdout.search(/^\[/m))) as Packed[])[0]!
  console.log(
    `${packed.filename}: ${(packed.size / 2 ** 20).toFixed(1)} MiB packed, ${(packed.unpackedSize / 2 ** 20).toFixed(1)} MiB unpacked`,
  )

  // A project with skills and the tarball where the workflow installs it from.
  const tarball = `tools/${packed.filename}`
  mkdirSync(join(project, 'tools'), { recursive: true })
  copyFileSync(join(work, packed.filename), join(project, tarball))
  cpSync(join(ROOT, 'skills'), join(project, 'skills'), { recursive: true })
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> }
  const self = lock.packages['']!
  const packages: Record<string, LockEntry> = {
    '': { name: 'project', dependencies: { 'skill-playground': `file:${tarball}` } },
    'node_modules/skill-playground': {
      version: self.version,
      resolved: `file:${tarball}`,
      integrity: packed.integrity,
      dependencies: self.dependencies,
      bin: self.bin,
      engines: self.engines,
    },
  }
  for (const [path, entry] of Object.entries(lock.packages)) if (path && !entry.dev && !entry.devOptional) packages[path] = entry
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'project', private: true, dependencies: packages['']!.dependencies }))
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify({ name: 'project', lockfileVersion: 3, requires: true, packages }))

  expect(installStep?.run).toContain(tarball)
  install = sh(installStep!.run!)
}, 600_000)

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('the packed package', () => {
  it('ships the built page, CLI and server, and no sources', () => {
    const paths = packed.files.map((file) => file.path)
    for (const path of [
      'bin/skill-playground.js',
      'dist/index.html',
      'dist-cli/skill-playground.mjs',
      'dist-cli/python-child.mjs',
      'dist-server/serve.js',
      'dist-server/readableTextWorker.js',
      'README.md',
      'package.json',
    ])
      expect(paths).toContain(path)
    expect(paths.filter((path) => /^(src|server|e2e|scripts|skills|node_modules)\//.test(path) || path.endsWith('.ts'))).toEqual([])
  })

  it('is the size the README says, give or take a tenth', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const said = /([\d.]+) MiB packed/.exec(readme)?.[1]
    expect(said).toBeTruthy()
    expect(Math.abs(Number(said) * 2 ** 20 - packed.size) / packed.size).toBeLessThan(0.1)
  })

  it('installs offline into a project, with its few dependencies, no development ones, and no install-time scripts', () => {
    expect(install.status, install.stderr).toBe(0)
    expect(install.stderr).not.toMatch(/EBADENGINE|install scripts/)
    const installed = readdirSync(join(project, 'node_modules'))
    expect(installed).toEqual(expect.arrayContaining(['skill-playground', 'pyodide', 'sql.js']))
    for (const development of ['tsx', 'vite', 'esbuild', 'typescript', 'react', 'monaco-editor'])
      expect(installed).not.toContain(development)
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules/skill-playground/package.json'), 'utf8')) as {
      scripts: Record<string, string>
      engines: { node: string }
      bin: Record<string, string>
    }
    expect(Object.keys(manifest.scripts).filter((name) => ['preinstall', 'install', 'postinstall', 'prepare'].includes(name))).toEqual([])
    expect(manifest.engines.node).toBe('>=20.19')
    expect(manifest.bin).toEqual({ 'skill-playground': 'bin/skill-playground.js' })
  })
})

describe('the installed skill-playground, in a project', () => {
  it("runs the GitHub Actions example's steps: lint, routing tests, evals with a JUnit report", () => {
    const commands = steps.filter((step) => step.run && step !== installStep).map((step) => step.run!)
    expect(commands.length).toBeGreaterThanOrEqual(3)
    for (const command of commands) {
      const result = sh(command)
      expect(result.status, `${command}\n${result.stdout}\n${result.stderr}`).toBe(0)
    }
    const report = readFileSync(join(project, 'eval-results.xml'), 'utf8')
    expect(report).toMatch(/<testsuites name="skill-playground eval" tests="\d+" failures="0">/)
  })

  it('routes, explains and runs a skill’s code (Python) there', () => {
    const route = sh('npx skill-playground route --skills skills "计算一下 2^20 是多少"')
    expect(route.status, route.stderr).toBe(0)
    expect((JSON.parse(route.stdout) as { winner: string }).winner).toBe('calculator')
    const explain = sh('npx skill-playground explain --skills skills --skill plan_and_write "帮我规划并写一篇关于 AI Agent 的文章大纲"')
    expect(explain.status, explain.stderr).toBe(0)
    expect((JSON.parse(explain.stdout) as { skill: string }).skill).toBe('plan_and_write')
    const exec = sh(`npx skill-playground exec --skills skills --skill add-calc --args '{"numbers": [3, 5, 8]}'`)
    expect(exec.status, exec.stderr).toBe(0)
    expect((JSON.parse(exec.stdout) as { result: { result: number } }).result.result).toBe(16)
  })

  it("`open ./skills` serves the project's skills within seconds: the health check answers, the folder's skills are listed", async () => {
    // An intranet page for web_fetch, whose reader runs in a worker the built server finds beside itself.
    const intranet = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(ARTICLE)).listen(
      0,
      '127.0.0.1',
    )
    await once(intranet, 'listening')
    const intranetHost = `127.0.0.1:${(intranet.address() as AddressInfo).port}`
    const port = await freePort()
    const started = Date.now()
    const child = spawn(join(project, 'node_modules/.bin/skill-playground'), ['open', './skills', '--port', String(port)], {
      cwd: project,
      env: { ...ENV, LIVE_FETCH_ALLOW: intranetHost },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
    try {
      const base = `http://127.0.0.1:${port}`
      let healthy = false
      while (!healthy && Date.now() - started < 30_000) {
        healthy = await fetch(`${base}/healthz`).then(
          (response) => response.ok,
          () => false,
        )
        if (!healthy) await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const readyMs = Date.now() - started
      console.log(`open: /healthz answered ${readyMs} ms after the command started`)
      expect(healthy, output).toBe(true)
      expect(readyMs).toBeLessThan(15_000)
      expect(output).toContain(`Editing files on disk: ${join(project, 'skills')}`)

      const folder = (await (await fetch(`${base}/api/folder`)).json()) as { root: string; files: { path: string }[] }
      expect(folder.root).toBe(join(project, 'skills'))
      const onDisk = readdirSync(join(project, 'skills'), { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('SKILL.md'))
      expect(onDisk.length).toBeGreaterThan(3)
      expect(folder.files.map((file) => file.path)).toEqual(expect.arrayContaining(onDisk))

      const page = await fetch(`${base}/`)
      expect(page.status).toBe(200)
      const html = await page.text()
      const script = /assets\/[^"]+\.js/.exec(html)?.[0]
      expect(script).toBeTruthy()
      expect((await fetch(`${base}/${script}`)).status).toBe(200)

      const fetched = await fetch(`${base}/api/tools/web_fetch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ arguments: { url: `http://${intranetHost}/handbook` } }),
      })
      const answer = JSON.stringify(await fetched.json())
      expect(answer).toContain('"ok":true')
      expect(answer).toContain('Refunds are paid within five working days')
    } finally {
      child.kill('SIGTERM')
      intranet.close()
    }
    // It stops cleanly, the server with it.
    expect(await exited).toBe(0)
  })
})

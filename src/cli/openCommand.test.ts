/**
 * `open` in a clone and in an installed package: which server it starts (built or from source), and
 * a page build that says what it is doing (docs/install.md). The build is Vite's in the real thing;
 * here a stand-in prints Vite's progress lines in the order and shape Vite prints them.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildPage, packageRoot, serverStart, vitePhase } from './openCommand'
import type { CliIO } from './runCli'

const sandbox = mkdtempSync(join(tmpdir(), 'open-command-'))
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))

function collect(): { io: CliIO; lines: string[] } {
  const lines: string[] = []
  return {
    lines,
    io: {
      out: (line) => lines.push(line),
      err: (line) => lines.push(line),
      lines: async function* () {},
    },
  }
}

/** A package folder; `built`: dist-server/ with its list of sources; `sources`: the sources themselves (a clone). */
function layout(name: string, { built = true, sources = true } = {}) {
  const root = join(sandbox, name)
  mkdirSync(root, { recursive: true })
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'skill-playground', type: 'module' }))
  const past = new Date(Date.now() - 60_000)
  if (sources) {
    mkdirSync(join(root, 'server'), { recursive: true })
    writeFileSync(join(root, 'server/serve.ts'), 'export {}\n')
    utimesSync(join(root, 'server/serve.ts'), past, past)
  }
  if (built) {
    mkdirSync(join(root, 'dist-server'), { recursive: true })
    writeFileSync(join(root, 'dist-server/serve.js'), '')
    writeFileSync(join(root, 'dist-server/sources.json'), JSON.stringify(['server/serve.ts']))
  }
  return root
}

const TSX = 'file:///clone/node_modules/tsx/dist/esm/index.mjs'

describe('serverStart', () => {
  it('runs the built server while it is newer than its sources, and the sources through tsx once one is edited', () => {
    const root = layout('clone')
    expect(serverStart(root, () => TSX)).toEqual({ args: [join(root, 'dist-server/serve.js')], from: 'build' })
    const now = new Date(Date.now() + 1000)
    utimesSync(join(root, 'server/serve.ts'), now, now)
    // tsx by its file address: `--import tsx` would be looked up from the user's folder.
    expect(serverStart(root, () => TSX)).toEqual({ args: ['--import', TSX, join(root, 'server/serve.ts')], from: 'source' })
  })

  it('runs the built server of an installed package, which ships no sources and no tsx', () => {
    const root = layout('installed', { sources: false })
    expect(serverStart(root, () => null)).toEqual({ args: [join(root, 'dist-server/serve.js')], from: 'build' })
  })

  it('says what to do when there is neither a build nor a way to run the sources', () => {
    const start = serverStart(layout('unbuilt', { built: false, sources: false }), () => TSX)
    expect(start).toEqual({ problem: expect.stringContaining('npm run build') as string })
    expect(serverStart(layout('unbuilt-clone', { built: false }), () => null)).toHaveProperty('problem')
  })

  it('finds the package folder from a file deep inside it', () => {
    const root = layout('deep')
    mkdirSync(join(root, 'dist-cli/chunks'), { recursive: true })
    expect(packageRoot(join(root, 'dist-cli/chunks'))).toBe(root)
  })
})

describe('vitePhase', () => {
  it("turns Vite's progress lines into words, and leaves every other line alone", () => {
    expect(vitePhase('transforming...')).toBe('compiling the sources')
    expect(vitePhase('✓ 2822 modules transformed.')).toBe('compiled 2822 modules; bundling')
    expect(vitePhase('rendering chunks...')).toBe('writing the bundles')
    expect(vitePhase('computing gzip size...')).toBe('measuring the bundles')
    expect(vitePhase('✓ built in 41.20s')).toBe('compressing the files for serving')
    expect(vitePhase('dist/assets/index-abc.js  240.1 kB │ gzip: 70 kB')).toBeNull()
    expect(vitePhase('vite v8.3.8 building client environment for production...')).toBeNull()
  })
})

/** A stand-in for the clone's Vite: prints Vite's lines (coloured, as Vite does), pausing between them. */
function fakeVite(name: string, script: string): string {
  const root = join(sandbox, name)
  mkdirSync(join(root, 'node_modules/vite/bin'), { recursive: true })
  writeFileSync(join(root, 'node_modules/vite/bin/vite.js'), script)
  return root
}

const PROGRESS = `
const pause = (ms) => new Promise((done) => setTimeout(done, ms))
console.log('\\u001b[36mvite v8.3.8 \\u001b[32mbuilding client environment for production...\\u001b[39m')
console.log('transforming...')
await pause(600)
console.log('\\u001b[32m✓\\u001b[39m 2822 modules transformed.')
console.log('rendering chunks...')
await pause(100)
console.log('\\u001b[32m✓ built in 0.50s\\u001b[39m')
await pause(400)
`

describe('buildPage', () => {
  it('says what the build is doing as it goes, and that it is still going between steps', async () => {
    const root = fakeVite('progress', PROGRESS)
    const { io, lines } = collect()
    expect(await buildPage(root, io, 150)).toBe(true)
    expect(lines[0]).toMatch(/^No built page in .*dist: building it once/)
    const phases = lines.filter((line) => line.startsWith('Building the page: ')).map((line) => line.replace(/ \(\d+ s\)$/, ''))
    expect(phases).toContain('Building the page: compiling the sources')
    expect(phases).toContain('Building the page: still compiling the sources')
    expect(phases).toContain('Building the page: compiled 2822 modules; bundling')
    expect(phases).toContain('Building the page: writing the bundles')
    expect(phases).toContain('Building the page: compressing the files for serving')
    expect(phases.indexOf('Building the page: compiling the sources')).toBeLessThan(
      phases.indexOf('Building the page: compressing the files for serving'),
    )
    expect(lines.at(-1)).toMatch(/^Built the page in \d+ s/)
  })

  it("shows Vite's own output when the build fails", async () => {
    const root = fakeVite(
      'failing',
      "console.log('transforming...')\nconsole.error('error during build: MISSING_EXPORT in src/x.ts')\nprocess.exit(1)\n",
    )
    const { io, lines } = collect()
    expect(await buildPage(root, io, 10_000)).toBe(false)
    expect(lines).toContain('error during build: MISSING_EXPORT in src/x.ts')
    expect(lines.at(-1)).toBe('Building the page failed (vite build exited with 1).')
  })

  it('an installed package without its page cannot build one: it says what to do instead of failing on a missing Vite', async () => {
    const root = join(sandbox, 'no-vite')
    mkdirSync(root, { recursive: true })
    const { io, lines } = collect()
    expect(await buildPage(root, io)).toBe(false)
    expect(lines.join('\n')).toContain('npm ci && npm run build')
    expect(lines.join('\n')).not.toContain('Cannot find module')
  })
})

/**
 * bin/skill-playground.js runs the prebuilt bundle while it is newer than every source it was built
 * from (dist-cli/sources.json), and the sources through tsx otherwise: never a stale CLI.
 */
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const sandbox = mkdtempSync(join(tmpdir(), 'cli-bin-'))
afterAll(() => rmSync(sandbox, { recursive: true, force: true }))

/** A package laid out like this one, whose bundle and sources each say which ran. */
function layout(name: string, { sources = true, list = true } = {}) {
  const dir = join(sandbox, name)
  mkdirSync(join(dir, 'bin'), { recursive: true })
  mkdirSync(join(dir, 'dist-cli'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
  copyFileSync(join(root, 'bin/skill-playground.js'), join(dir, 'bin/skill-playground.js'))
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'))
  writeFileSync(join(dir, 'dist-cli/skill-playground.mjs'), "console.log('bundle')\n")
  if (list) writeFileSync(join(dir, 'dist-cli/sources.json'), JSON.stringify(['src/cli/main.ts', 'src/core/a.ts']))
  if (sources) {
    mkdirSync(join(dir, 'src/cli'), { recursive: true })
    mkdirSync(join(dir, 'src/core'))
    writeFileSync(join(dir, 'src/cli/main.ts'), "const from: string = 'source'\nconsole.log(from)\n")
    writeFileSync(join(dir, 'src/core/a.ts'), 'export {}\n')
    const past = new Date(Date.now() - 60_000)
    utimesSync(join(dir, 'src/cli/main.ts'), past, past)
    utimesSync(join(dir, 'src/core/a.ts'), past, past)
  }
  const run = (env: Record<string, string> = {}) =>
    spawnSync(process.execPath, [join(dir, 'bin/skill-playground.js')], { encoding: 'utf8', env: { ...process.env, ...env } }).stdout.trim()
  return { dir, run }
}

describe('bin/skill-playground.js', () => {
  it('runs the bundle while it is newer than its sources, and the sources once one is edited', () => {
    const { dir, run } = layout('edited')
    expect(run()).toBe('bundle')
    const now = new Date(Date.now() + 1000)
    utimesSync(join(dir, 'src/core/a.ts'), now, now)
    expect(run()).toBe('source')
  }, 30_000)

  it('runs the sources when asked to, or when the bundle does not say what it was built from', () => {
    expect(layout('asked').run({ SKILL_PLAYGROUND_FROM_SOURCE: '1' })).toBe('source')
    expect(layout('unlisted', { list: false }).run()).toBe('source')
  }, 30_000)

  it('a copy with no current bundle and no tsx (no development dependencies) says how to build it', () => {
    const dir = join(sandbox, 'bare')
    mkdirSync(join(dir, 'bin'), { recursive: true })
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }))
    copyFileSync(join(root, 'bin/skill-playground.js'), join(dir, 'bin/skill-playground.js'))
    const result = spawnSync(process.execPath, [join(dir, 'bin/skill-playground.js')], { encoding: 'utf8' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(`no built CLI in ${join(dir, 'dist-cli')}: run \`npm run build\``)
  }, 30_000)

  it('runs the bundle of an installed package, which ships no sources', () => {
    expect(layout('installed', { sources: false }).run()).toBe('bundle')
  }, 30_000)
})

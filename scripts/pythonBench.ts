/**
 * Python's figures (issue 36; docs/skill-code.md, "A ready Python"; docs/bench.md): `exec` as a
 * whole process (median of 3, the snapshot cache filled first, as on any run after the first),
 * `exec --batch` with 20 calls, and in the page the first Run code after the page is idle and a
 * warm one (the production build through the playground's server, the system's Chromium).
 * `SKIP_PAGE=1` measures the CLI only. `BENCH_CLI=<folder>` measures the CLI built there instead of
 * dist-cli/; `BASE_CLI=<folder>` measures another build too, in turns with it (each cold run and
 * each batch one after the other's), and prints both side by side: a paired comparison on the same
 * machine state.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { accessSettingsFrom } from '../server/accessControl'
import { proxySettingsFrom } from '../server/openaiProxy'
import { createPlaygroundServer } from '../server/playgroundServer'
import { recordFigure } from './benchFigures'

const root = join(import.meta.dirname, '..')
const cli = join(process.env.BENCH_CLI ?? join(root, 'dist-cli'), 'skill-playground.mjs')
const baseCli = process.env.BASE_CLI ? join(process.env.BASE_CLI, 'skill-playground.mjs') : undefined
const skills = join(root, 'skills')

function timed(args: string[], input?: string, env: NodeJS.ProcessEnv = process.env, script = cli): { ms: number; out: string } {
  const started = performance.now()
  const result = spawnSync(process.execPath, [script, ...args], { input, encoding: 'utf8', env })
  const ms = performance.now() - started
  if (result.error) throw result.error
  return { ms, out: result.stdout }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const execArgs = ['exec', '--skills', skills, '--skill', 'add-calc']

if (!existsSync(cli)) {
  console.log('Python benchmark skipped: no dist-cli/ (npm run build builds it)')
  process.exit(0)
}

// A cache folder of the bench's own: the first run takes the snapshot (a machine's first run).
const cache = mkdtempSync(join(tmpdir(), 'python-bench-'))
const env = { ...process.env, SKILL_PLAYGROUND_CACHE: join(cache, 'skill-playground') }
try {
  const first = timed([...execArgs, '--args', '{"numbers": [3, 5, 8]}'], undefined, env)
  if (!first.out.includes('"result":16')) throw new Error(`exec did not answer: ${first.out}`)
  const node = median(
    [0, 1, 2].map(() => {
      const started = performance.now()
      spawnSync(process.execPath, ['-e', '0'])
      return performance.now() - started
    }),
  )
  const lines = Array.from({ length: 20 }, (_, i) => JSON.stringify({ numbers: [i, i + 1] })).join('\n') + '\n'
  const scripts = baseCli ? [cli, baseCli] : [cli]
  const coldOf = scripts.map(() => [] as number[])
  const batchOf = scripts.map(() => [] as number[])
  for (let round = 0; round < 3; round++)
    scripts.forEach((script, index) => {
      coldOf[index]!.push(timed([...execArgs, '--args', '{"numbers": [3, 5, 8]}'], undefined, env, script).ms)
      const batchRun = timed([...execArgs, '--batch'], lines, env, script)
      const answered = batchRun.out.trim().split('\n').length
      if (answered !== 20) throw new Error(`exec --batch answered ${answered} of 20 lines (${script})`)
      batchOf[index]!.push(batchRun.ms)
    })
  const [cold, batch] = [coldOf[0]!, batchOf[0]!]
  if (baseCli) {
    console.log(`This build (${cli}) and the base (${baseCli}), in turns:`)
    console.table({
      'exec, a new process (median of 3)': { this: Math.round(median(cold)), base: Math.round(median(coldOf[1]!)) },
      'exec --batch, 20 calls (median of 3)': { this: Math.round(median(batch)), base: Math.round(median(batchOf[1]!)) },
      'exec --batch runs': { this: batch.map(Math.round).join(', '), base: batchOf[1]!.map(Math.round).join(', ') },
    })
  }

  console.log('Python in the CLI (whole processes, this machine now):')
  console.table({
    'first exec on a machine (takes the snapshot)': { ms: Math.round(first.ms) },
    'exec, a new process (median of 3)': { ms: Math.round(median(cold)), runs: cold.map(Math.round).join(', ') },
    'exec --batch, 20 calls (median of 3)': { ms: Math.round(median(batch)), runs: batch.map(Math.round).join(', ') },
    'node -e 0 (median of 3)': { ms: Math.round(node) },
  })
  recordFigure({
    name: 'exec cold, whole process',
    value: median(cold),
    unit: 'ms',
    goal: { atMost: 2000 },
    note: 'median of 3, snapshot cached',
  })
  recordFigure({ name: 'exec --batch, 20 calls', value: median(batch), unit: 'ms', goal: { atMost: 3000 }, note: 'median of 3' })
} finally {
  rmSync(cache, { recursive: true, force: true })
}

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (process.env.SKIP_PAGE || !existsSync(executablePath)) {
  console.log(`page figures skipped${existsSync(executablePath) ? '' : `: no Chromium at ${executablePath}`}`)
  process.exit(0)
}
await build({ root, logLevel: 'error' })
const server = createPlaygroundServer({
  root: join(root, 'dist'),
  proxy: () => proxySettingsFrom({}),
  access: accessSettingsFrom({}),
  log: () => {},
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update'] })
try {
  const page = await browser.newPage()
  await page.goto(url)
  await page
    .getByRole('listbox', { name: 'Skills' })
    .getByRole('option', { name: /add-calc/ })
    .click()
  const panel = page.getByRole('region', { name: 'Skill code' })
  const ready = panel.getByRole('status').filter({ hasText: 'Python ready' })
  const result = panel.getByRole('region', { name: 'Code result' })
  const runOnce = async (numbers: string, answer: string) => {
    await ready.waitFor({ timeout: 120_000 })
    await panel.getByRole('textbox', { name: 'numbers' }).fill(numbers)
    const started = performance.now()
    await panel.getByRole('button', { name: 'Run code' }).click()
    await result.filter({ hasText: answer }).waitFor({ timeout: 120_000 })
    return performance.now() - started
  }
  const firstRun = await runOnce('3, 5, 8', '3 + 5 + 8 = 16')
  const warm = [await runOnce('1, 2', '1 + 2 = 3'), await runOnce('2, 2', '2 + 2 = 4'), await runOnce('4, 5', '4 + 5 = 9')]
  console.log('Run code in the page (Python started once the page was idle):')
  console.table({
    'first Run code after idle': { ms: Math.round(firstRun) },
    'warm Run code (median of 3)': { ms: Math.round(median(warm)), runs: warm.map(Math.round).join(', ') },
  })
  recordFigure({ name: 'page: first Run code after the page is idle', value: firstRun, unit: 'ms', goal: { atMost: 3000 } })
  recordFigure({ name: 'page: Run code, warm', value: median(warm), unit: 'ms', goal: { atMost: 300 }, note: 'median of 3' })
} finally {
  await browser.close()
  server.close()
}

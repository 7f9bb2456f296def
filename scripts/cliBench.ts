/**
 * The CLI's whole-process time (start, read the skills, route, print), median of repeated runs,
 * against a bare `node -e 0`: the prebuilt bundle and the same code run from source through tsx.
 * Run by `npm run bench` after `npm run build`; prints a table.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { recordFigure } from './benchFigures'

const root = join(import.meta.dirname, '..')
const bin = join(root, 'bin/skill-playground.js')
// Always from the current sources: the bin falls back to tsx when the bundle is older than them.
spawnSync(process.execPath, [join(root, 'scripts/buildCli.mjs')], { stdio: 'inherit' })

// 1,000 skills and 300 utterances, most of which score against many skills.
const big = mkdtempSync(join(tmpdir(), 'cli-bench-'))
for (let i = 0; i < 1000; i++) {
  const name = `skill_${String(i).padStart(4, '0')}`
  mkdirSync(join(big, name))
  writeFileSync(
    join(big, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: Task ${i}.\ntrigger_keywords: [task${i}, 规划, report ${i % 13}, job ${i % 50}]\n---\nBody\n`,
  )
}
/**
 * The same skills as most editors and public skills write them (issue 36): a folded description
 * and the keywords one per line, some quoted, as in the seed article's own example skill.
 */
const block = mkdtempSync(join(tmpdir(), 'cli-bench-block-'))
for (let i = 0; i < 1000; i++) {
  const name = `skill_${String(i).padStart(4, '0')}`
  mkdirSync(join(block, name))
  const keywords = [`task${i}`, '规划', `report ${i % 13}`, `job ${i % 50}`]
  writeFileSync(
    join(block, name, 'SKILL.md'),
    `---\nname: ${name}\ndescription: >\n  Task ${i}. Use it when the user asks for task ${i},\n  its report or its job.\ntrigger_keywords:\n${keywords.map((keyword, k) => (k % 2 ? `  - ${keyword}\n` : `  - "${keyword}"\n`)).join('')}required_tools:\n  - calculator\n---\nBody\n`,
  )
}
const utterances = Array.from({ length: 300 }, (_, i) => `帮我规划一下 task${i * 3} 的 report ${i % 13} 和 job ${i % 50}`).join('\n')

function median(label: string, command: string[], env: Record<string, string> = {}, input?: string, runs = 9) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    const result = spawnSync(process.execPath, command, { env: { ...process.env, ...env }, input, stdio: ['pipe', 'ignore', 'inherit'] })
    if (result.status !== 0) throw new Error(`${label} exited ${result.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { command: label, 'median (ms)': Math.round(times[Math.floor(runs / 2)]!), 'p90 (ms)': Math.round(times[Math.floor(runs * 0.9)]!) }
}

const route = [bin, 'route', '--skills', join(root, 'skills'), '计算一下 2^20 是多少']

/** The seed article's own router (scripts/seedRouter.py) on the same skills and utterances, when Python is here. */
function seedPython() {
  const python = spawnSync('python3', ['--version'])
  if (python.status !== 0) return []
  const times: number[] = []
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    const result = spawnSync('python3', [join(root, 'scripts/seedRouter.py'), big], {
      input: utterances,
      stdio: ['pipe', 'ignore', 'inherit'],
    })
    if (result.status !== 0) throw new Error(`seedRouter.py exited ${result.status}`)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return [
    {
      command: "the seed's Python router, 1,000 skills × 300 utterances",
      'median (ms)': Math.round(times[2]!),
      'p90 (ms)': Math.round(times[4]!),
    },
  ]
}
/** Median of each phase over `runs` cold processes that print their phases' times as JSON on stderr. */
function phases(command: string, args: string[], runs = 5): Record<string, number> {
  const samples: Record<string, number>[] = []
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(command, args, { input: utterances, stdio: ['pipe', 'ignore', 'pipe'], encoding: 'utf8' })
    if (result.status !== 0) throw new Error(`${command} exited ${result.status}: ${result.stderr}`)
    samples.push(JSON.parse(result.stderr) as Record<string, number>)
  }
  const median = (key: string) => samples.map((sample) => sample[key] ?? 0).sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0
  return Object.fromEntries(Object.keys(samples[0] ?? {}).map((key) => [key, median(key)]))
}

/**
 * Inside the process, where interpreter start-up does not count: the CLI's own steps (the same
 * core functions, scripts/routePhases.ts bundled as the CLI is) beside the seed's Python timed
 * by itself.
 */
async function insideTheProcess() {
  const python = spawnSync('python3', ['--version'])
  if (python.status !== 0) return []
  const { build } = await import('esbuild')
  const out = mkdtempSync(join(tmpdir(), 'route-phases-'))
  await build({
    entryPoints: [join(root, 'scripts/routePhases.ts')],
    outfile: join(out, 'routePhases.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  })
  const ours = phases(process.execPath, [join(out, 'routePhases.mjs'), big])
  rmSync(out, { recursive: true, force: true })
  const seed = phases('python3', [join(root, 'scripts/seedRouter.py'), big, '--time'])
  const row = (step: string, mine: number, theirs: number) => ({
    step,
    'ours (ms)': Math.round(mine),
    "seed's Python (ms)": Math.round(theirs),
    'ratio (×)': Number((theirs / mine).toFixed(1)),
  })
  return [
    row('read and parse 1,000 skills', (ours.read ?? 0) + (ours.parse ?? 0), seed.load ?? 0),
    row(
      'route 300 utterances (ours: compile the router, route, serialise the top 5)',
      (ours.compile ?? 0) + (ours.route ?? 0),
      seed.route ?? 0,
    ),
  ]
}

/** The CPU time (user + system) of the children waited for so far, in ms (Linux: /proc/self/stat), or null. */
function childrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ').pop()?.split(' ') ?? []
    const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100
    // Fields 16 and 17 of proc(5) (cutime, cstime), counted from the state field, the third.
    const cpu = Number(fields[13]) + Number(fields[14])
    return Number.isFinite(cpu) ? (cpu * 1000) / ticks : null
  } catch {
    return null
  }
}

/** The median CPU time of `runs` runs of a command fed the 300 utterances, in ms. */
function medianCpu(command: string, args: string[], runs = 5): number | null {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const before = childrenCpuMs()
    const result = spawnSync(command, args, { input: utterances, stdio: ['pipe', 'ignore', 'inherit'] })
    const after = childrenCpuMs()
    if (result.status !== 0) throw new Error(`${command} exited ${result.status}`)
    if (before === null || after === null) return null
    times.push(after - before)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)] ?? null
}

/**
 * CPU, not wall time, as the issue's goal puts it: 1,000 block-style skills × 300 utterances,
 * `route --top 5` beside the seed's Python router on the same folder (it reads block lists too).
 */
function cpuAgainstPython() {
  if (spawnSync('python3', ['--version']).status !== 0) return []
  const ours = medianCpu(process.execPath, [bin, 'route', '--skills', block, '--top', '5'])
  const oursFlow = medianCpu(process.execPath, [bin, 'route', '--skills', big, '--top', '5'])
  const seed = medianCpu('python3', [join(root, 'scripts/seedRouter.py'), block])
  // The floor under any figure of ours: Node starting and stopping, and the CLI loading its
  // modules to route an empty folder. A tenth of the seed's CPU below them cannot be reached.
  const bareNode = medianCpu(process.execPath, ['-e', '0'])
  const empty = mkdtempSync(join(tmpdir(), 'cli-bench-empty-'))
  const emptyRoute = medianCpu(process.execPath, [bin, 'route', '--skills', empty, '--top', '5'])
  rmSync(empty, { recursive: true, force: true })
  if (ours === null || seed === null || oursFlow === null || bareNode === null || emptyRoute === null) return []
  recordFigure({
    name: "route --top 5, 1,000 block-style skills × 300: CPU less than the seed's Python",
    value: Number((seed / ours).toFixed(1)),
    unit: '×',
    goal: { atLeast: 10 },
    note: `CPU ${Math.round(ours)} ms vs ${Math.round(seed)} ms, median of 5; node -e 0 alone ${Math.round(bareNode)} ms, route of an empty folder ${Math.round(emptyRoute)} ms`,
  })
  return [
    { command: 'route --top 5, 1,000 block-style skills × 300 (bundle)', 'CPU median (ms)': Math.round(ours) },
    { command: 'route --top 5, the same skills in flow style (bundle)', 'CPU median (ms)': Math.round(oursFlow) },
    { command: "the seed's Python router, the block-style skills", 'CPU median (ms)': Math.round(seed) },
    { command: "the seed's CPU / ours (block style)", 'CPU median (ms)': `${(seed / ours).toFixed(1)}×` },
    { command: 'node -e 0 (Node starting and stopping)', 'CPU median (ms)': Math.round(bareNode) },
    { command: 'route --top 5 of an empty folder (bundle: Node and the CLI loading)', 'CPU median (ms)': Math.round(emptyRoute) },
    { command: "a tenth of the seed's CPU (the 10× goal's budget)", 'CPU median (ms)': Math.round(seed / 10) },
  ]
}

const rows = [
  median('node -e 0', ['-e', '0']),
  median('route, 9 skills × 1 utterance (bundle)', route),
  median('route, 9 skills × 1 utterance (from source, tsx)', route, { SKILL_PLAYGROUND_FROM_SOURCE: '1' }),
  median('route, 1,000 skills × 300 utterances (bundle)', [bin, 'route', '--skills', big, '--top', '5'], {}, utterances, 5),
  ...seedPython(),
]
console.log('CLI whole-process time:')
console.table(rows)
const inside = await insideTheProcess()
if (inside.length > 0) {
  console.log('CLI, 1,000 skills × 300 utterances, inside the process (median of 5 cold runs each):')
  console.table(inside)
}
const cpu = cpuAgainstPython()
if (cpu.length > 0) {
  console.log('CPU time (user + system), whole process, median of 5:')
  console.table(cpu)
}
rmSync(big, { recursive: true, force: true })
rmSync(block, { recursive: true, force: true })

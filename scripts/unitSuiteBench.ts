/**
 * The unit suite's wall time (issue 36's goal: 100 s; figures in docs/bench.md): `vitest run` as
 * `npm run test:unit` runs it, the whole process timed. Run by `npm run bench`; records the figure
 * (scripts/benchFigures.ts). `SKIP_UNIT_SUITE=1` leaves it out (it takes minutes on two cores).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { recordFigure } from './benchFigures'

const root = join(import.meta.dirname, '..')
if (process.env.SKIP_UNIT_SUITE) {
  console.log('unit suite wall time: skipped (SKIP_UNIT_SUITE)')
  process.exit(0)
}
const started = performance.now()
const result = spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), 'run'], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
})
const seconds = (performance.now() - started) / 1000
console.log(`Unit suite: ${seconds.toFixed(1)} s wall time${result.status === 0 ? '' : `, exited ${result.status}`}`)
recordFigure({
  name: 'unit suite wall time',
  value: Number(seconds.toFixed(1)),
  unit: 's',
  goal: { atMost: 100 },
  note: result.status === 0 ? 'vitest run, whole process' : `vitest run exited ${result.status}`,
})

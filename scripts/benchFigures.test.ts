import { mkdtempSync, rmSync, appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { BENCH_GOALS, goalRows, readFigures, recordFigure } from './benchFigures'

const dirs: string[] = []
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-figures-'))
  dirs.push(dir)
  return join(dir, 'figures.jsonl')
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('bench figures beside their goals', () => {
  it('prints every goal of the issue, with pass, fail or not measured', () => {
    const rows = goalRows([
      { name: 'exec cold, whole process', value: 1500, unit: 'ms', goal: { atMost: 2000 } },
      // Recorded in seconds by another script: converted to the goal's unit, not compared raw.
      { name: 'exec --batch, 20 calls', value: 3.4, unit: 's', goal: { atMost: 3000 } },
      {
        name: "route --top 5, 1,000 block-style skills × 300: CPU less than the seed's Python",
        value: 12.5,
        unit: '×',
        goal: { atLeast: 1 },
      },
    ])
    expect(rows.map((row) => row.figure)).toEqual(BENCH_GOALS.map((goal) => goal.name))
    expect(rows[0]).toMatchObject({ value: '1,500 ms', goal: '≤ 2,000 ms', result: '✓ pass' })
    expect(rows[1]).toMatchObject({ value: '3,400 ms', result: '✗ FAIL' })
    // The listed goal wins over the one a script recorded.
    expect(rows[4]).toMatchObject({ value: '12.5×', goal: '≥ 10×', result: '✓ pass' })
    expect(rows.find((row) => row.figure === 'unit suite wall time')).toMatchObject({ value: '—', result: '— not measured' })
  })

  it("adds another script's figure with its own goal after the listed ones", () => {
    const rows = goalRows([{ name: 'pyodide snapshot size', value: 41.2, unit: 'MiB', goal: { atMost: 64 }, note: 'on disk' }])
    expect(rows.at(-1)).toEqual({ figure: 'pyodide snapshot size', value: '41.2 MiB', goal: '≤ 64 MiB', result: '✓ pass', note: 'on disk' })
  })

  it('keeps the last figure of each name across processes, and skips a line cut short', () => {
    const file = scratch()
    recordFigure({ name: 'a', value: 1, unit: 'ms', goal: { atMost: 5 } }, file)
    recordFigure({ name: 'a', value: 7, unit: 'ms', goal: { atMost: 5 } }, file)
    appendFileSync(file, '{"name": "b", "val')
    expect(readFigures(file)).toEqual([{ name: 'a', value: 7, unit: 'ms', goal: { atMost: 5 } }])
    expect(readFigures(join(file, 'missing'))).toEqual([])
    expect(() => recordFigure({ name: 'c', value: NaN, unit: 'ms', goal: { atMost: 5 } }, file)).toThrow(/not a number/)
  })
})

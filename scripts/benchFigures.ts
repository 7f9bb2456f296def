/**
 * The figures `npm run bench` holds against goals (issue 36's table), in one shape every bench
 * script records into: a name, a value, a unit and a goal. Each script calls `recordFigure` for
 * what it measured; the last step (`tsx scripts/benchFigures.ts --summary`) prints every goal
 * beside its figure with a pass or fail mark, and "not measured" for a goal no script reached in
 * this run. The first step (`--start`) empties the record. See docs/bench.md.
 *
 * The record is a file of JSON lines (`BENCH_FIGURES`, or one under node_modules/.cache), so
 * scripts run as separate processes add to one table.
 */
import { appendFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'

/** What a figure must be: at most or at least a number, in the figure's unit. */
export type BenchGoal = { atMost: number } | { atLeast: number }

/** One measured figure, as every bench script records it. */
export interface BenchFigure {
  /** The goal's name (one of BENCH_GOALS' names, or a figure of its own with its own goal). */
  name: string
  value: number
  /** 'ms', 's', '×', 'KiB', … : the unit of both the value and the goal. */
  unit: string
  goal: BenchGoal
  /** How it was measured (median of 3, CPU, …), printed beside it. */
  note?: string
}

/**
 * Issue 36's goals, and the typing goals of the earlier rounds, listed in the order the table
 * prints them. A script records a figure under one of these names; the goal given here wins, so
 * the table holds every entry to the issue's goal.
 */
export const BENCH_GOALS: readonly Omit<BenchFigure, 'value'>[] = [
  { name: 'exec cold, whole process', unit: 'ms', goal: { atMost: 2000 }, note: 'median of 3' },
  { name: 'exec --batch, 20 calls', unit: 'ms', goal: { atMost: 3000 } },
  { name: 'page: first Run code after the page is idle', unit: 'ms', goal: { atMost: 3000 } },
  { name: 'page: Run code, warm', unit: 'ms', goal: { atMost: 300 } },
  { name: "route --top 5, 1,000 block-style skills × 300: CPU less than the seed's Python", unit: '×', goal: { atLeast: 10 } },
  { name: 'longest task importing 466 public skills', unit: 'ms', goal: { atMost: 100 } },
  { name: 'longest task importing a 20,000-entry zip', unit: 'ms', goal: { atMost: 100 } },
  { name: 'unit suite wall time', unit: 's', goal: { atMost: 100 } },
  { name: 'typing the utterance, 1,000 skills that all score: p95 keystroke to frame', unit: 'ms', goal: { atMost: 50 } },
  { name: 'typing the utterance, 5,000 skills that all score: p95 keystroke to frame', unit: 'ms', goal: { atMost: 50 } },
  { name: 'typing in the editor, 1,000 skills that all score: p95 keystroke to frame', unit: 'ms', goal: { atMost: 50 } },
  { name: 'typing in the editor, 5,000 skills that all score: p95 keystroke to frame', unit: 'ms', goal: { atMost: 50 } },
  { name: 'longest task importing 1,000 skills + 300 cases', unit: 'ms', goal: { atMost: 100 } },
]

const root = join(import.meta.dirname, '..')

/** Where this run's figures are kept. */
export function figuresFile(): string {
  return process.env.BENCH_FIGURES ?? join(root, 'node_modules/.cache/skill-playground-bench/figures.jsonl')
}

/** Adds a figure to this run's record (a figure recorded again under the same name replaces the earlier one). */
export function recordFigure(figure: BenchFigure, file = figuresFile()): void {
  if (!Number.isFinite(figure.value)) throw new Error(`bench figure "${figure.name}" is not a number: ${figure.value}`)
  mkdirSync(dirname(file), { recursive: true })
  appendFileSync(file, JSON.stringify(figure) + '\n')
}

/** This run's figures, the last of each name kept; a damaged line is skipped, not fatal. */
export function readFigures(file = figuresFile()): BenchFigure[] {
  let text = ''
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    return []
  }
  const byName = new Map<string, BenchFigure>()
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      const figure = JSON.parse(line) as BenchFigure
      if (typeof figure.name === 'string' && typeof figure.value === 'number') byName.set(figure.name, figure)
    } catch {
      // A line cut short by a script that was stopped mid-write.
    }
  }
  return [...byName.values()]
}

/** Whether a value meets its goal. */
export function meets(value: number, goal: BenchGoal): boolean {
  return 'atMost' in goal ? value <= goal.atMost : value >= goal.atLeast
}

const number = (value: number) => (Number.isInteger(value) ? value.toLocaleString('en') : value.toFixed(value < 10 ? 2 : 1))
const withUnit = (value: number, unit: string) => (unit === '×' ? `${number(value)}×` : `${number(value)} ${unit}`)

/** A goal as the table prints it: "≤ 2,000 ms", "≥ 10×". */
export function goalText(goal: BenchGoal, unit: string): string {
  return 'atMost' in goal ? `≤ ${withUnit(goal.atMost, unit)}` : `≥ ${withUnit(goal.atLeast, unit)}`
}

export interface GoalRow {
  figure: string
  value: string
  goal: string
  result: '✓ pass' | '✗ FAIL' | '— not measured'
  note: string
}

/**
 * Every goal with its figure (BENCH_GOALS first, in their order, then any other figure recorded
 * with a goal of its own). A figure under a listed name is held to the listed goal and unit.
 */
export function goalRows(figures: readonly BenchFigure[], goals: readonly Omit<BenchFigure, 'value'>[] = BENCH_GOALS): GoalRow[] {
  const recorded = new Map(figures.map((figure) => [figure.name, figure]))
  const row = (goal: Omit<BenchFigure, 'value'>, figure: BenchFigure | undefined): GoalRow => {
    if (!figure)
      return { figure: goal.name, value: '—', goal: goalText(goal.goal, goal.unit), result: '— not measured', note: goal.note ?? '' }
    // A figure recorded in another unit than its goal's (s for ms) is converted, never compared raw.
    const value = convert(figure.value, figure.unit, goal.unit)
    return {
      figure: goal.name,
      value: withUnit(value, goal.unit),
      goal: goalText(goal.goal, goal.unit),
      result: meets(value, goal.goal) ? '✓ pass' : '✗ FAIL',
      note: figure.note ?? goal.note ?? '',
    }
  }
  const listed = new Set(goals.map((goal) => goal.name))
  return [
    ...goals.map((goal) => row(goal, recorded.get(goal.name))),
    ...figures.filter((figure) => !listed.has(figure.name)).map((figure) => row(figure, figure)),
  ]
}

function convert(value: number, from: string, to: string): number {
  if (from === to) return value
  if (from === 's' && to === 'ms') return value * 1000
  if (from === 'ms' && to === 's') return value / 1000
  throw new Error(`a figure in ${from} cannot be held to a goal in ${to}`)
}

if (process.argv.includes('--start')) rmSync(figuresFile(), { force: true })
if (process.argv.includes('--summary')) {
  const rows = goalRows(readFigures())
  console.log('Figures beside their goals (issue 36; docs/bench.md):')
  console.table(rows)
  const failed = rows.filter((row) => row.result === '✗ FAIL').length
  const missing = rows.filter((row) => row.result === '— not measured').length
  console.log(`${rows.length - failed - missing} met, ${failed} missed, ${missing} not measured in this run.`)
}

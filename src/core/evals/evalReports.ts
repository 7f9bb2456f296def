/** An eval report as files: JSON (what `eval --json` prints) and JUnit XML for CI dashboards. */
import { intervalsApart } from '../lib/statistics'
import type { CaseReport, EvalReport } from './runEvals'

/** The report without per-trial transcripts: one document with a `cases` array. */
export function evalReportJson(report: EvalReport) {
  return {
    label: report.label,
    simulated: report.simulated,
    trials: report.trials,
    stopped: report.stopped,
    durationMs: report.durationMs,
    ...(report.tokens ? { tokens: report.tokens } : {}),
    cases: report.cases.map((testCase) => {
      const { name, file, line, trials, passed, passRate, interval, flaky, failures, tokens, unsupported } = testCase
      return {
        name,
        file,
        line,
        trials,
        passed,
        passRate,
        interval,
        flaky,
        failures,
        ...(tokens ? { tokens } : {}),
        /** What the case's file asked for and this app does not check (a waza grader type it does not run). */
        ...(unsupported ? { unsupported } : {}),
        /** Mean time of a trial, all its turns and tool calls. */
        latencyMs: Math.round(average(testCase)),
      }
    }),
  }
}

const xml = (text: string) =>
  // Control characters are not allowed in XML 1.0 at all; the rest is escaped.
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`)

export function evalReportJUnit(report: EvalReport, minPassRate = 1): string {
  const failing = report.cases.filter((testCase) => testCase.passRate < minPassRate)
  const cases = report.cases.map((testCase) => {
    const name = `${testCase.name} (${testCase.passed}/${testCase.trials}${report.simulated ? ', simulated' : ''})`
    const body =
      testCase.passRate < minPassRate
        ? `<failure message="${xml(`pass rate ${percent(testCase.passRate)} < ${percent(minPassRate)}`)}">${xml(
            testCase.failures.map((failure) => `trial ${failure.trial}: ${failure.assertion} — ${failure.detail}`).join('\n'),
          )}</failure>`
        : ''
    return `    <testcase classname="${xml(testCase.file)}" name="${xml(name)}" time="${(average(testCase) / 1000).toFixed(3)}">${body}</testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="skill-playground eval" tests="${report.cases.length}" failures="${failing.length}">`,
    `  <testsuite name="${xml(report.label)}" tests="${report.cases.length}" failures="${failing.length}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

const average = (testCase: CaseReport) =>
  testCase.results.length ? testCase.results.reduce((sum, result) => sum + result.latencyMs, 0) / testCase.results.length : 0

export const percent = (rate: number) => `${Math.round(rate * 100)}%`

export interface ComparisonRow {
  name: string
  a: CaseReport | null
  b: CaseReport | null
  /** B's pass rate minus A's. */
  delta: number | null
  /** The intervals do not overlap: the difference is more than trial noise. */
  significant: boolean
}

/** A against B, case by case (matched by name). */
export function compareReports(a: EvalReport, b: EvalReport): ComparisonRow[] {
  const names = [...new Set([...a.cases.map((c) => c.name), ...b.cases.map((c) => c.name)])]
  return names.map((name) => {
    const left = a.cases.find((c) => c.name === name) ?? null
    const right = b.cases.find((c) => c.name === name) ?? null
    return {
      name,
      a: left,
      b: right,
      delta: left && right ? right.passRate - left.passRate : null,
      significant: left !== null && right !== null && intervalsApart(left.interval, right.interval),
    }
  })
}

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRouter } from '../core/routing'
import { loadWorkspace } from '../core/skill'
import { parseRoutingTests, ROUTING_TESTS_FILE, runRoutingTests } from '../core/routingSuite'
import { roundFractions } from '../core/lib/roundScore'
import type { CliIO } from './cliIO'
import { parseArgs } from './parseArgs'
import { readSkillsDir } from './readSkillsDir'
import { eachLine } from './terminalIO'
import { thresholdOption } from './thresholdOption'

/** `skill-playground test`: the routing test suite with the keyword router; exit 1 on any failure. */
export function testCommand(args: readonly string[], io: CliIO): number {
  const { positional, options } = parseArgs(args, ['cases', 'threshold'])
  const dir = positional[0]
  if (dir === undefined) throw new Error('test needs a folder: skill-playground test <dir>')
  const casesPath = typeof options.get('cases') === 'string' ? String(options.get('cases')) : join(dir, ROUTING_TESTS_FILE)
  if (!existsSync(casesPath)) throw new Error(`No test cases at ${casesPath} (write a list of {utterance, expect} there, or pass --cases)`)
  const threshold = thresholdOption(options.get('threshold'))
  const { cases, problems } = parseRoutingTests(readFileSync(casesPath, 'utf8'))
  for (const problem of problems) io.err(`${casesPath}:${problem.range.startLine}:${problem.range.startColumn} error ${problem.message}`)
  if (problems.length > 0) return 1
  const { skills } = loadWorkspace(readSkillsDir(dir))
  const suite = runRoutingTests(cases, createRouter(skills), threshold, skills)
  const scores = (result: (typeof suite.results)[number]) =>
    result.routing.scores
      .filter((score) => score.final !== null)
      .map((score) => ({ skill: score.skill, final: score.final, covered: score.covered, length: score.length }))
  if (options.has('json')) {
    eachLine(
      io.out,
      JSON.stringify(
        {
          threshold,
          passed: suite.passed,
          failed: suite.failed,
          unknownExpectations: suite.unknownExpectations,
          results: suite.results.map((result) => ({
            utterance: result.case.utterance,
            line: result.case.line,
            expect: result.case.expect,
            got: result.got,
            pass: result.pass,
            scores: scores(result),
          })),
        },
        roundFractions,
        2,
      ),
    )
  } else {
    for (const result of suite.results.filter((r) => !r.pass)) {
      io.out(
        `FAIL ${casesPath}:${result.case.line} "${result.case.utterance}": expected ${result.case.expect ?? 'no skill'}, got ${result.got ?? 'no skill'}`,
      )
      for (const score of scores(result))
        io.out(`     ${score.skill}: final ${score.final?.toFixed(3)} (covered ${score.covered}/${score.length})`)
    }
    for (const name of suite.unknownExpectations) io.err(`warning: cases expect "${name}", which is not a skill in ${dir}`)
    io.out(`${suite.passed} passed, ${suite.failed} failed`)
  }
  return suite.failed > 0 ? 1 : 0
}

import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createRouter, explainRouting, type HintCase } from '../core/routing'
import { loadWorkspace } from '../core/skill'
import { parseRoutingTests, ROUTING_TESTS_FILE } from '../core/routingSuite'
import { formatMessage, message } from '../core/messages'
import { roundScore } from '../core/lib/roundScore'
import type { CliIO } from './cliIO'
import { parseArgs } from './parseArgs'
import { readSkillsDir } from './readSkillsDir'
import { thresholdOption } from './thresholdOption'

/** `skill-playground explain`: for each utterance, the keywords that would make a skill win and the cases each would break. */
export async function explainCommand(args: readonly string[], io: CliIO): Promise<number> {
  const { positional, options } = parseArgs(args, ['skills', 'skill', 'threshold', 'cases'])
  const dir = options.get('skills')
  const name = options.get('skill')
  if (typeof dir !== 'string') throw new Error('explain needs --skills <dir>')
  if (typeof name !== 'string') throw new Error('explain needs --skill <name>')
  const threshold = thresholdOption(options.get('threshold'))
  const { skills } = loadWorkspace(readSkillsDir(dir))
  if (!skills.some((skill) => skill.name === name))
    throw new Error(`no skill named "${name}" in ${dir}; skills: ${skills.map((skill) => skill.name).join(', ')}`)
  // Each suggestion is checked against the folder's routing tests (or --cases): what it would break.
  const casesOption = options.get('cases')
  const casesPath = typeof casesOption === 'string' ? casesOption : join(dir, ROUTING_TESTS_FILE)
  if (typeof casesOption === 'string' && !existsSync(casesPath)) throw new Error(`No test cases at ${casesPath}`)
  let cases: HintCase[] = []
  if (existsSync(casesPath)) {
    const parsed = parseRoutingTests(readFileSync(casesPath, 'utf8'))
    for (const problem of parsed.problems)
      io.err(`${casesPath}:${problem.range.startLine}:${problem.range.startColumn} error ${problem.message} (cases not checked)`)
    const router = createRouter(skills)
    if (parsed.problems.length === 0)
      cases = parsed.cases.map(({ utterance, expect }) => ({ utterance, expect, routing: router(utterance, threshold) }))
  }
  const print = (input: string) => {
    const explanation = explainRouting(skills, name, input, threshold, 5, { sensibleOnly: true, cases })
    if (!explanation) return
    const advice =
      explanation.outcome === 'no-safe-keyword'
        ? message('hints.noSafe', { skill: name })
        : explanation.outcome === 'no-single-keyword'
          ? message('hints.noKeyword', { skill: name })
          : null
    io.out(
      JSON.stringify({
        input,
        winner: explanation.winner,
        skill: explanation.skill,
        final: explanation.final === null ? null : roundScore(explanation.final),
        outcome: explanation.outcome,
        suggestions: explanation.suggestions.map((suggestion) => ({
          keyword: suggestion.keyword,
          final: roundScore(suggestion.final),
          from_description: suggestion.fromDescription,
          breaks: suggestion.breaks.map((broken) => ({ utterance: broken.utterance, expect: broken.expect, would_win: broken.wouldWin })),
        })),
        checked_cases: explanation.checkedCases,
        ...(advice ? { advice: formatMessage(advice) } : {}),
      }),
    )
  }
  if (positional.length > 0) positional.forEach(print)
  else for await (const line of io.lines()) print(line)
  return 0
}

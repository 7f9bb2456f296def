import { formatMessage, message } from '../messages'
import type { EvalCase, EvalProblem } from './evalSuite'

/**
 * One problem per skill name the cases expect (or forbid) that no skill has: an evals.json whose
 * `skill_name` names no skill would otherwise fail every case with "activated: …" and no hint why.
 */
export function unknownSkillProblems(cases: readonly EvalCase[], skillNames: readonly string[]): EvalProblem[] {
  const known = new Set(skillNames)
  const seen = new Set<string>()
  const problems: EvalProblem[] = []
  for (const testCase of cases)
    for (const skill of [testCase.expect.skill, testCase.expect.not_skill]) {
      if (typeof skill !== 'string' || known.has(skill) || seen.has(skill)) continue
      seen.add(skill)
      const text = message('evals.unknownSkill', { skill, skills: skillNames.join(', ') || '—' })
      problems.push({
        file: testCase.file,
        message: formatMessage(text),
        text,
        range: { startLine: testCase.line, startColumn: 1, endLine: testCase.line, endColumn: 1 },
      })
    }
  return problems
}

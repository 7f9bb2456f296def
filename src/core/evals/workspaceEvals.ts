import type { SkillFile } from '../skill'
import { EVALS_FILE, importSkillCreatorEvals, parseEvalSuite, SKILL_CREATOR_EVALS, type EvalSuite } from './evalSuite'

/** Every eval case of a workspace: evals.yaml, then each skill's evals/evals.json (skill-creator's format). */
export function workspaceEvals(files: readonly SkillFile[]): EvalSuite & { found: boolean } {
  const suite: EvalSuite & { found: boolean } = { cases: [], problems: [], found: false }
  for (const file of files) {
    let part: EvalSuite | null = null
    if (file.path === EVALS_FILE) part = parseEvalSuite(file.text, file.path)
    else {
      const folder = SKILL_CREATOR_EVALS.exec(file.path)?.[1]
      if (folder) part = importSkillCreatorEvals(file.path, file.text, folder.split('/').pop() ?? folder)
    }
    if (!part) continue
    suite.found = true
    suite.cases.push(...part.cases)
    suite.problems.push(...part.problems)
    if (part.trials) suite.trials = part.trials
  }
  return suite
}

import type { SkillFile } from '../skill'
import { EVALS_FILE, importSkillCreatorEvals, parseEvalSuite, SKILL_CREATOR_EVALS, type EvalSuite } from './evalSuite'
import { importWazaEval } from './wazaEval'

/** waza keeps a skill's eval.yaml in its folder, or in its tests/ folder (as microsoft/waza keeps its own skills: tests/eval.yaml). */
export const WAZA_EVAL = /^(.+?)\/(?:tests\/)?eval\.ya?ml$/

/**
 * Whether a workspace file feeds the evals: evals.yaml, a skill's evals/evals.json or waza
 * eval.yaml, and the files they read (what lies under a skill's evals/, tasks/, fixtures/ or tests/).
 */
export function isEvalsInput(path: string): boolean {
  return path === EVALS_FILE || SKILL_CREATOR_EVALS.test(path) || WAZA_EVAL.test(path) || /\/(evals|tasks|fixtures|tests)\//.test(path)
}

/**
 * Every eval case of a workspace: evals.yaml, then each skill's evals/evals.json (skill-creator's
 * format, its `files` read from the skill's folder) and waza eval.yaml (its task files and
 * fixtures read beside it).
 */
export function workspaceEvals(files: readonly SkillFile[]): EvalSuite & { found: boolean } {
  const suite: EvalSuite & { found: boolean } = { cases: [], problems: [], found: false }
  let byPath: Map<string, string> | null = null
  const text = (path: string) => (byPath ??= new Map(files.map((file) => [file.path, file.text]))).get(path)
  for (const file of files) {
    let part: EvalSuite | null = null
    if (file.path === EVALS_FILE) part = parseEvalSuite(file.text, file.path)
    else if (SKILL_CREATOR_EVALS.test(file.path)) {
      const folder = SKILL_CREATOR_EVALS.exec(file.path)![1]!
      part = importSkillCreatorEvals(file.path, file.text, folder.split('/').pop() ?? folder, (relative) => text(`${folder}/${relative}`))
    } else if (WAZA_EVAL.test(file.path)) {
      const here = file.path.slice(0, file.path.lastIndexOf('/'))
      part = importWazaEval(file.path, file.text, {
        read: (relative) => text(`${here}/${relative}`),
        list: () => files.filter((other) => other.path.startsWith(`${here}/`)).map((other) => other.path.slice(here.length + 1)),
      })
    }
    if (!part) continue
    suite.found = true
    suite.cases.push(...part.cases)
    suite.problems.push(...part.problems)
    if (part.trials) suite.trials = part.trials
  }
  return suite
}

import { EVALS_FILE } from '../evals/evalSuite'
import { compareCodePoints } from '../lib/text'
import { ROUTING_TESTS_FILE } from '../routingSuite'
import { isSkillPath, type SkillFile } from '../skill'

/**
 * The paths of the workspace files the skill list shows nowhere else, in code-point order: not a
 * skill, not one of the two suites at the root, not a skill folder's code (listed under its
 * skill). An import or a link brings such files (a README, a skill's references/, an
 * `evals-imported.yaml` beside one's own), and deleting a skill leaves its code behind. They are
 * kept, exported and shared like the rest, so the list shows them too: nothing is held out of sight.
 */
export function otherFilePaths(files: readonly SkillFile[], codeByFolder: ReadonlyMap<string, readonly SkillFile[]>): string[] {
  const code = new Set<string>()
  for (const list of codeByFolder.values()) for (const file of list) code.add(file.path)
  return files
    .map((file) => file.path)
    .filter((path) => path !== ROUTING_TESTS_FILE && path !== EVALS_FILE && !isSkillPath(path) && !code.has(path))
    .sort(compareCodePoints)
}

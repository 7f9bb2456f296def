/**
 * Brings skills from a link or an import into a workspace without losing or doubling anything:
 * a skill identical to one the recipient has (same path, same text) is not added again; a skill
 * whose path or name is taken is renamed (`<name>-<suffix>`), and so is any other file whose path
 * is taken by a different text (`evals-<suffix>.yaml`); the incoming routing tests are
 * merged case by case, with different expectations listed as conflicts (and a suite that does not
 * all read kept as comments after them).
 */
import { EVALS_FILE } from '../evals/evalSuite'
import { mergeRoutingSuites, ROUTING_TESTS_FILE, type SuiteMerge } from '../routingSuite'
import { mergeEvalFiles } from './skillTestsForLink'
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { folderOf, isSkillPath as isSkillFilePath, placeIncomingInSteps, toolSkillPaths, type SkillFile } from '../skill'

export interface IncomingMerge {
  /** The workspace's files afterwards. */
  files: SkillFile[]
  /** Paths of the skills added (after renaming). */
  added: string[]
  /** Paths of the other files added (a skill's folder, evals.yaml), after renaming. */
  addedOthers: string[]
  renamed: { from: string; to: string }[]
  /** Paths of incoming skills the workspace already had, byte for byte. */
  identical: string[]
  tests: Omit<SuiteMerge, 'text'>
  /** The routing tests before the merge (null: there were none), so Discard can put them back. */
  previousTests: string | null
  /** evals.yaml before its cases were merged case by case (absent: it was not changed), so Discard can put it back. */
  previousEvals?: string
}

export function mergeIncoming(existing: readonly SkillFile[], incoming: readonly SkillFile[], suffix: string): IncomingMerge {
  return finishSteps(mergeIncomingInSteps(existing, incoming, suffix))
}

/**
 * `mergeIncoming` over several tasks: each pass over the files is a step of its own, and placing
 * them a few hundred files a step (`placeIncomingInSteps`), so an import of twenty thousand files
 * is planned without holding the page (docs/bench.md). The same merge.
 */
export function* mergeIncomingInSteps(
  existing: readonly SkillFile[],
  incoming: readonly SkillFile[],
  suffix: string,
): Generator<void, IncomingMerge> {
  // A tool folder's schema.json (seed 001) is its skill's file: it arrives, and is renamed, with its folder.
  const tools = new Set(toolSkillPaths(incoming.map((file) => file.path)))
  const isSkillPath = (path: string) => isSkillFilePath(path) || tools.has(path)
  yield
  // Whether each incoming path holds a skill, read once here a few hundred paths a step: the passes below read it again.
  for (let index = 0; index < incoming.length; index++) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    isSkillPath((incoming[index] as SkillFile).path)
  }
  const byPath = new Map(existing.map((file) => [file.path, file.text]))
  const identical = incoming.filter((file) => isSkillPath(file.path) && byPath.get(file.path) === file.text).map((file) => file.path)
  yield
  // A skill's folder comes with it (its code, references), and moves with it when it is renamed.
  // Only an identical skill's files may already be there, unchanged, and are not added again.
  const unchanged = new Set(identical)
  const arriving = incoming.filter((file) => isSkillPath(file.path) && !unchanged.has(file.path))
  const folders = arriving.map((file) => folderOf(file.path)).filter((folder) => folder !== null)
  const inArrivingFolder = (path: string) => !isSkillPath(path) && folders.some((folder) => path.startsWith(`${folder}/`))
  const skills = incoming.filter((file) => (isSkillPath(file.path) && !unchanged.has(file.path)) || inArrivingFolder(file.path))
  yield
  // Every other file (evals.yaml, a file beside an unchanged skill) comes too, unless the
  // workspace has it byte for byte; a different one at a taken path comes in renamed.
  // Incoming eval cases join one's own evals.yaml case by case where the two merge; otherwise the file comes beside it.
  const ownEvals = existing.find((file) => file.path === EVALS_FILE)
  const incomingEvals = incoming.find((file) => file.path === EVALS_FILE)
  const evalsMerge =
    ownEvals && incomingEvals && ownEvals.text !== incomingEvals.text ? mergeEvalFiles(ownEvals.text, incomingEvals.text) : null
  const others = incoming.filter(
    (file) =>
      !isSkillPath(file.path) &&
      file.path !== ROUTING_TESTS_FILE &&
      !(file.path === EVALS_FILE && evalsMerge) &&
      !inArrivingFolder(file.path) &&
      byPath.get(file.path) !== file.text,
  )
  yield
  const { placed, renamed } = yield* placeIncomingInSteps(existing, [...skills, ...others], suffix)
  yield
  const suite = incoming.find((file) => file.path === ROUTING_TESTS_FILE)
  const own = existing.find((file) => file.path === ROUTING_TESTS_FILE)
  let files = [...existing, ...placed]
  if (ownEvals && evalsMerge && evalsMerge.added > 0)
    files = files.map((file) => (file === ownEvals ? { ...file, text: evalsMerge.text } : file))
  let tests: IncomingMerge['tests'] = { added: 0, conflicts: [], unreadable: null }
  if (suite) {
    const merged = mergeRoutingSuites(own?.text, suite.text)
    tests = { added: merged.added, conflicts: merged.conflicts, unreadable: merged.unreadable }
    files = own
      ? files.map((file) => (file === own ? { ...file, text: merged.text } : file))
      : [...files, { path: ROUTING_TESTS_FILE, text: merged.text }]
  }
  return {
    files,
    added: placed.filter((file) => isSkillPath(file.path)).map((file) => file.path),
    addedOthers: placed.filter((file) => !isSkillPath(file.path)).map((file) => file.path),
    renamed,
    identical,
    tests,
    previousTests: own?.text ?? null,
    ...(ownEvals && evalsMerge && evalsMerge.added > 0 ? { previousEvals: ownEvals.text } : {}),
  }
}

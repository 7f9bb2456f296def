/**
 * Brings skills from a link or an import into a workspace without losing or doubling anything:
 * a skill identical to one the recipient has (same path, same text) is not added again; a skill
 * whose path or name is taken is renamed (`<name>-<suffix>`), and so is any other file whose path
 * is taken by a different text (`evals-<suffix>.yaml`); the incoming routing tests are
 * merged case by case, with different expectations listed as conflicts (and a suite that does not
 * all read kept as comments after them); so are the eval cases, a different case of the same name
 * kept as the recipient's and listed. The link's tests were written for the link's skills: a skill
 * renamed on arrival is named by its new name in them before they are merged.
 */
import { EVALS_FILE, SKILL_CREATOR_EVALS } from '../evals/evalSuite'
import { WAZA_EVAL } from '../evals/workspaceEvals'
import { mergeRoutingSuites, ROUTING_TESTS_FILE, type SuiteMerge } from '../routingSuite'
import { mergeEvalFiles } from './skillTestsForLink'
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { folderOf, isSkillPath as isSkillFilePath, parseSkill, placeIncomingInSteps, toolSkillPaths, type SkillFile } from '../skill'
import { renameManyReferences } from '../workspace/renameReferences'

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
  /** Names of incoming eval cases that the recipient's evals.yaml has with another text: theirs was kept. */
  evalConflicts: string[]
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
  // Skills (and their folders) are placed first: how each was renamed decides what the link's tests name.
  const { placed: placedSkills, renamed: skillsRenamed } = yield* placeIncomingInSteps(existing, skills, suffix)
  yield
  const isTestFile = (path: string) => path === ROUTING_TESTS_FILE || path === EVALS_FILE
  // The tests in an arrived skill's folder (skill-creator's evals.json, waza's eval.yaml) name it too.
  const isFolderTest = (path: string) => SKILL_CREATOR_EVALS.test(path) || WAZA_EVAL.test(path)
  const tested = [...incoming.filter((file) => isTestFile(file.path)), ...placedSkills.filter((file) => isFolderTest(file.path))]
  const renames = tested.length > 0 ? yield* renamedSkills(skills, placedSkills, skillsRenamed) : []
  const followed = new Map(
    (yield* followRenames(
      tested,
      renames,
      incoming.filter((file) => isSkillPath(file.path)),
    )).map((file) => [file.path, file]),
  )
  const placedFolders = placedSkills.map((file) => (isFolderTest(file.path) ? (followed.get(file.path) ?? file) : file))
  const arrived = (file: SkillFile) => (isTestFile(file.path) ? (followed.get(file.path) ?? file) : file)
  yield
  // Every other file (evals.yaml, a file beside an unchanged skill) comes too, unless the
  // workspace has it byte for byte; a different one at a taken path comes in renamed.
  // Incoming eval cases join one's own evals.yaml case by case where the two merge; otherwise the file comes beside it.
  const ownEvals = existing.find((file) => file.path === EVALS_FILE)
  const incomingEvals = incoming.some((file) => file.path === EVALS_FILE) ? followed.get(EVALS_FILE) : undefined
  const evalsMerge =
    ownEvals && incomingEvals && ownEvals.text !== incomingEvals.text ? mergeEvalFiles(ownEvals.text, incomingEvals.text) : null
  const others = incoming
    .map(arrived)
    .filter(
      (file) =>
        !isSkillPath(file.path) &&
        file.path !== ROUTING_TESTS_FILE &&
        !(file.path === EVALS_FILE && evalsMerge) &&
        !inArrivingFolder(file.path) &&
        byPath.get(file.path) !== file.text,
    )
  yield
  const { placed: placedOthers, renamed: othersRenamed } = yield* placeIncomingInSteps([...existing, ...placedSkills], others, suffix)
  const placed = [...placedFolders, ...placedOthers]
  const renamed = [...skillsRenamed, ...othersRenamed]
  yield
  const suite = incoming.some((file) => file.path === ROUTING_TESTS_FILE) ? followed.get(ROUTING_TESTS_FILE) : undefined
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
    evalConflicts: evalsMerge?.conflicts ?? [],
  }
}

/** Each skill renamed on placing, by its name before and after (and its incoming path), a few hundred a step. */
function* renamedSkills(
  skills: readonly SkillFile[],
  placed: readonly SkillFile[],
  renamed: readonly { from: string; to: string }[],
): Generator<void, { path: string; from: string; to: string }[]> {
  const before = new Map(skills.map((file) => [file.path, file.text]))
  const after = new Map(placed.map((file) => [file.path, file.text]))
  const out: { path: string; from: string; to: string }[] = []
  for (const [index, { from, to }] of renamed.entries()) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    const was = before.get(from)
    const now = after.get(to)
    if (was !== undefined && now !== undefined && isSkillFilePath(to))
      out.push({ path: from, from: parseSkill(from, was).name, to: parseSkill(to, now).name })
  }
  return out
}

/**
 * `tests` with each renamed skill named by its new name, by the one rename rule
 * (`renameManyReferences`, docs/renaming.md), all renames at once and each test file read once: a
 * skill renamed to another one's old name (`x` → `x-shared` while `x-shared` → `x-shared-shared`)
 * is not renamed twice. `skills` are the incoming skills as they came: a name another of them still
 * has is left alone, as the rule says.
 */
function* followRenames(
  tests: readonly SkillFile[],
  renames: readonly { path: string; from: string; to: string }[],
  skills: readonly SkillFile[],
): Generator<void, SkillFile[]> {
  // Most renamed skills are not in the tests at all: only those whose name the tests hold are looked at.
  const named = renames.filter((rename) => rename.from !== rename.to && tests.some((file) => file.text.includes(rename.from)))
  if (named.length === 0) return [...tests]
  yield
  // The incoming skills that could hold one of those names (the rule's check that no other skill still has it).
  const context = skills.filter((file) => named.some((rename) => file.text.includes(rename.from) || file.path.includes(rename.from)))
  yield
  const changed = new Map(renameManyReferences([...tests, ...context], named).files.map((file) => [file.path, file]))
  return tests.map((file) => changed.get(file.path) ?? file)
}

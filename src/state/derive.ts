import {
  effectiveConfig,
  type DescriptionRouting,
  type EffectiveConfig,
  type GroupedRouter,
  type GroupedRouting,
  type Router,
  type RoutingResult,
  type SkillScore,
  withWinner,
} from '../core/routing'
import type { LintProfile, LintResult } from '../core/lint'
import { parseRoutingTestsInSteps, type ParsedRoutingTests, ROUTING_TESTS_FILE } from '../core/routingSuite'
import { isEvalsInput, workspaceEvals } from '../core/evals'
import {
  apply,
  changedSince,
  descriptionRouterInSteps,
  descriptionRouterOf,
  emptySnapshot,
  fileIndexOf,
  groupedRouterOf,
  lintInSteps,
  lintOf,
  otherFilePaths,
  routeCasesInSteps,
  routerInSteps,
  routerOf,
  skillAt as skillAtOf,
  suiteOf,
  textOf,
  workspaceInSteps,
  workspaceOf,
  type RoutingSuite,
  type WorkspaceSnapshot,
} from '../core/workspace'
import { builtinToolRegistry, registryWithServerTools, type ServerTools, type ToolRegistry } from '../core/tools'
import {
  changedFiles,
  codeFilesByFolder,
  folderOf,
  isCodeFile,
  workspaceCode,
  type Skill,
  type SkillFile,
  type Workspace,
} from '../core/skill'
import { inSlices, nextTask } from './inSlices'
import { snapshotOfFiles } from './snapshotOfFiles'

export type { RoutingSuite }

/**
 * How many inputs a derivation that renders follow through `useDeferredValue` remembers (the
 * routing of an utterance): a deferred render still reading the utterance before a change, the
 * urgent one reading it after (or, when a keystroke interrupts the deferred render, the older
 * committed one again) each find theirs instead of pushing the others out.
 */
const ACROSS_RENDERS = 3

/** Remembers the last `size` results of `compute`, by arguments compared by identity (one is enough for most). */
function memoizeRecent<A extends unknown[], R>(compute: (...args: A) => R, size = 1): (...args: A) => R {
  const recent: { args: A; result: R }[] = []
  return (...args: A) => {
    const hit = recent.find((entry) => entry.args.length === args.length && entry.args.every((arg, i) => Object.is(arg, args[i])))
    if (hit) return hit.result
    const result = compute(...args)
    recent.unshift({ args, result })
    recent.length = Math.min(recent.length, size)
    return result
  }
}

/** What a bulk `prepare` reports and heeds: how many skills are parsed of how many, and a cancel. */
export interface PrepareOptions {
  onProgress?: (done: number, total: number) => void
  signal?: AbortSignal
}

/**
 * What the derivations read: the store's snapshot (`state.snapshot`), or a files array, which is
 * the store's snapshot when it is the store's files (`snapshotOfFiles`) and else one made from the
 * last snapshot read by a wholesale edit.
 */
export type WorkspaceSource = readonly SkillFile[] | WorkspaceSnapshot

const isFiles = (source: WorkspaceSource): source is readonly SkillFile[] => Array.isArray(source)

/**
 * Derived data the UI shows. The workspace, the lint, the routers and the routing-test suite are
 * the snapshot's (core/workspace/workspaceSnapshot.ts: built once per edit, sharing what it did not
 * change); what is here reads them, and keeps what a snapshot does not hold: the routing of an
 * utterance, the tool registry, the effective configuration, the code, the evals, the other files.
 */
export function createDerivations(base: ToolRegistry = builtinToolRegistry) {
  /** The in-page tools plus the server's MCP tools, once the server has said which it runs. */
  const registry = memoizeRecent((server: ServerTools | null | 'unknown'): ToolRegistry =>
    registryWithServerTools(base, server === 'unknown' ? null : server),
  )
  let latest: WorkspaceSnapshot = emptySnapshot()
  // The snapshots made here for files arrays that are not a store's (an import's files, prepared ahead).
  const made = new WeakMap<readonly SkillFile[], WorkspaceSnapshot>()
  /** The snapshot of `source`: itself, the store's for its files, or one made from the last one with the files replaced. */
  const snapshot = (source: WorkspaceSource): WorkspaceSnapshot => {
    if (!isFiles(source)) return (latest = source)
    const found = made.get(source) ?? snapshotOfFiles(source)
    if (found) return found
    // From the last snapshot made or given (as a keystroke's files follow the files before it).
    latest = apply(latest, { kind: 'files', files: source })
    made.set(source, latest)
    return latest
  }
  const workspace = (source: WorkspaceSource): Workspace => workspaceOf(snapshot(source))
  // With one entry, the urgent render after an interrupted deferred one routed the older utterance
  // again inside the keystroke's task (a quarter of the routing time at 5,000 skills that all score).
  const routeWith = memoizeRecent(
    (run: Router, utterance: string, threshold: number): RoutingResult => run(utterance, threshold),
    ACROSS_RENDERS,
  )
  const routing = (source: WorkspaceSource, utterance: string, threshold: number): RoutingResult =>
    routeWith(routerOf(snapshot(source)), utterance, threshold)
  const groupWith = memoizeRecent(
    (run: GroupedRouter, utterance: string, threshold: number): GroupedRouting => run(utterance, threshold),
    ACROSS_RENDERS,
  )
  // Grouped routing (docs/routing.md): compiled once per parsed skill set, only when that mode is chosen.
  const grouped = (source: WorkspaceSource, utterance: string, threshold: number): GroupedRouting =>
    groupWith(groupedRouterOf(snapshot(source)), utterance, threshold)
  const describeWith = memoizeRecent(
    (run: (message: string) => DescriptionRouting, utterance: string): DescriptionRouting => run(utterance),
    ACROSS_RENDERS,
  )
  const descriptions = (source: WorkspaceSource, utterance: string): DescriptionRouting =>
    describeWith(descriptionRouterOf(snapshot(source)), utterance)
  /** The routing the page shows: keyword routing's scores, with grouped routing's winner in that mode. */
  const shownIn = memoizeRecent((source: WorkspaceSnapshot, utterance: string, threshold: number, byGroup: boolean): RoutingResult => {
    const keyword = routing(source, utterance, threshold)
    if (!byGroup) return keyword
    const { winner } = grouped(source, utterance, threshold)
    return winner?.path === keyword.winner?.path ? keyword : withWinner(keyword, winner)
  }, ACROSS_RENDERS)
  const shown = (source: WorkspaceSource, utterance: string, threshold: number, byGroup: boolean): RoutingResult =>
    shownIn(snapshot(source), utterance, threshold, byGroup)
  // The winner is read at its place in load order: a search by path walked thousands of skills on
  // every keystroke when nothing won. Remembered by path and place, so a new message with the same
  // winner gives the same configuration.
  const configAt = memoizeRecent((source: WorkspaceSnapshot, path: string | null, order: number, tools: ToolRegistry): EffectiveConfig => {
    const skills = workspaceOf(source).skills
    const atOrder = skills[order]
    const skill = path === null ? null : atOrder?.path === path ? atOrder : skills.find((each) => each.path === path)
    return effectiveConfig(skill ?? null, tools.names)
  })
  const config = (source: WorkspaceSource, winner: Pick<SkillScore, 'path' | 'order'> | null, tools: ToolRegistry = base) =>
    configAt(snapshot(source), winner?.path ?? null, winner?.order ?? -1, tools)
  const lint = (source: WorkspaceSource, profile: LintProfile, tools: ToolRegistry = base): LintResult =>
    lintOf(snapshot(source), { profile, toolNames: tools.names })
  // A suite parsed ahead a few dozen cases per step (the YAML parser over hundreds of cases is
  // too long for one task): the render, and a click that reads the suite, then find it
  // among core's recent suites (`parseRoutingTests`) instead of parsing it in one task.
  let suiteAhead: { text: string; parsed: Promise<ParsedRoutingTests> } | null = null
  const parseSuiteAhead = (text: string): Promise<ParsedRoutingTests> => {
    // Shared by every caller asking for the same text (the Tests badge and the Tests tab).
    if (suiteAhead?.text !== text) suiteAhead = { text, parsed: inSlices(parseRoutingTestsInSteps(text)) }
    return suiteAhead.parsed
  }
  const tests = (source: WorkspaceSource, threshold: number): RoutingSuite | null => suiteOf(snapshot(source), threshold)
  /**
   * Routes the suite's cases that are not routed yet, a slice at a time (`inSlices`) with the page free in
   * between; `tests` then only reads them. False when `live` turned false (newer files came).
   */
  const prepareTests = async (source: WorkspaceSource, threshold: number, live: () => boolean): Promise<boolean> => {
    const at = snapshot(source)
    const text = textOf(at, ROUTING_TESTS_FILE)
    if (text === undefined) return true
    // Parsing a long suite and compiling the router for thousands of new skills take slices of their own.
    await parseSuiteAhead(text)
    await nextTask()
    if (!live()) return false
    await inSlices(routerInSteps(at))
    if (!live()) return false
    await nextTask()
    return (await inSlices(routeCasesInSteps(at, threshold, live))) && live()
  }
  // Only evals.yaml and skill-creator's evals.json matter: a keystroke elsewhere reuses the parse.
  let evalKey: string | null = null
  let evalSuite = workspaceEvals([])
  const evals = followFiles(
    (at) => {
      const relevant = at.files.filter((file) => isEvalsFile(file.path))
      const key = relevant.map((file) => file.path + '\u0000' + file.text).join('\u0001')
      if (key !== evalKey) {
        evalSuite = workspaceEvals(relevant)
        evalKey = key
      }
      return evalSuite
    },
    (path) => !isEvalsFile(path),
  )
  /** Parses suites a slice at a time, ahead of a click that reads them (an import merging its suite into one's own). */
  const prepareSuites = async (texts: readonly string[]): Promise<void> => {
    // Not in the caller's task: the click that asked has its own work to paint (a parse's first
    // slice there made a long task of an import's click).
    await nextTask()
    // A suite that cannot be parsed is parsed again by the click, which shows what went wrong.
    for (const text of texts) await parseSuiteAhead(text).catch(() => undefined)
  }
  /**
   * Parses and lints `files` a slice at a time (`inSlices`) with the page free in between, so the
   * render that shows a thousand imported (or restored) skills finds the work done instead of
   * holding the page in one long task: the parts of the snapshot of `files`, which the store's
   * snapshot, once it takes these files, finds through the caches they share (parses, lint cache,
   * routers). `files` are the files as they will be (for an import, the store's
   * `previewImportInSlices`), so the workspace-wide lint is done ahead too. Only a head start:
   * should any of it fail, it resolves all the same and the render does the work, showing any
   * problem where it happens — an import or a restore is never held up or lost by it.
   */
  const prepare = async (
    files: readonly SkillFile[],
    profile: LintProfile,
    tools: ToolRegistry = base,
    { onProgress, signal }: PrepareOptions = {},
  ): Promise<void> => {
    try {
      // Starts in a task of its own (`prepareSuites`): the caller has just worked out `files` in
      // this one (an import's merge, itself work for every skill).
      await prepareSuites(files.filter((file) => file.path === ROUTING_TESTS_FILE).map((file) => file.text))
      const at = snapshot(files)
      const aborted = () => signal?.aborted === true
      // A cancelled import stops here; what was parsed waits for nobody and is let go with the next import.
      if (!(await inSlices(workspaceInSteps(at, { aborted, ...(onProgress ? { onProgress } : {}) })))) return
      await nextTask()
      if (aborted()) return
      // The keyword router and the description matcher over all of them, which the render showing
      // them reads, so it finds them compiled; then the lint over them (each skill's own findings,
      // then a thousand skills' shared keywords, thousands of findings) in steps of LINT_STEP.
      await inSlices(routerInSteps(at))
      if (aborted()) return
      await nextTask()
      await inSlices(descriptionRouterInSteps(at))
      if (aborted()) return
      await nextTask()
      await inSlices(lintInSteps(at, { profile, toolNames: tools.names }))
    } catch {
      // The render parses and lints what is missing, and shows what went wrong there.
    }
    await nextTask()
  }
  /** Each skill folder's code files, with or without an entry (a public skill's scripts/*.py too). */
  const codeFilesOf = followFiles(
    (at) => codeFilesByFolder(at.files, workspaceOf(at).skills),
    (path) => !isCodeFile(path),
  )
  const codeFiles = (source: WorkspaceSource) => codeFilesOf(snapshot(source))
  /** The skills that have code (skill.py / main.py), by skill path: read once per files array. */
  const codeOf = followFiles(
    (at) => workspaceCode(at.files, workspaceOf(at).skills, codeFilesOf(at)),
    // A skill's text matters only when its folder has code (its parameters may be in its frontmatter).
    (path, at) => !isCodeFile(path) && !codeFilesOf(at).has(folderOf(path) ?? ''),
  )
  /** The files the skill list shows nowhere else (`otherFilePaths`): the same list while the paths are. */
  const otherFilesOf = followFiles(
    (at) => otherFilePaths(at.files, codeFilesOf(at)),
    () => true,
  )
  return {
    /** The snapshot a derivation reads for `source`. */
    snapshot,
    workspace,
    /** The skill at `path`, looked up instead of searched for: a view of the selected skill renders on every keystroke. */
    skillAt: (source: WorkspaceSource, path: string | null): Skill | undefined => skillAtOf(snapshot(source), path),
    routing,
    grouped,
    descriptions,
    shown,
    config,
    lint,
    tests,
    prepareTests,
    registry,
    evals: (source: WorkspaceSource) => evals(snapshot(source)),
    prepare,
    prepareSuites,
    code: (source: WorkspaceSource) => codeOf(snapshot(source)),
    codeFiles,
    otherFiles: (source: WorkspaceSource) => otherFilesOf(snapshot(source)),
    /** Each file's place in the files array, by path: the same map while the paths are. */
    fileIndex: (source: WorkspaceSource): ReadonlyMap<string, number> => fileIndexOf(snapshot(source)),
  }
}

// The evals and the files they read (skill-creator's `files`, waza's tasks and fixtures).
const isEvalsFile = isEvalsInput

/**
 * `compute(snapshot)` for the last snapshot, and again for a new one only when a file it reads
 * changed: the paths the edit said it changed (`changedSince`; compared by identity, `changedFiles`,
 * only when snapshots were skipped), when the paths stayed, and `ignores` says it does not read them
 * (a keystroke in one skill of thousands), leave the last result standing.
 */
function followFiles<R>(
  compute: (snapshot: WorkspaceSnapshot) => R,
  ignores: (path: string, snapshot: WorkspaceSnapshot) => boolean,
): (snapshot: WorkspaceSnapshot) => R {
  let last: { snapshot: WorkspaceSnapshot; result: R } | null = null
  return (at) => {
    if (last?.snapshot === at) return last.result
    let changed: readonly string[] | null = null
    if (last) {
      const said = changedSince(at, last.snapshot)
      changed = said !== undefined ? said : (changedFiles(last.snapshot.files, at.files)?.map((file) => file.path) ?? null)
    }
    const result = last && changed?.every((path) => ignores(path, at)) ? last.result : compute(at)
    last = { snapshot: at, result }
    return result
  }
}

export type Derivations = ReturnType<typeof createDerivations>

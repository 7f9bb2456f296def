import {
  createDescriptionRouter,
  createDescriptionRouterInSteps,
  createGroupedRouter,
  createRouter,
  createRouterInSteps,
  effectiveConfig,
  sameRouting,
  type EffectiveConfig,
  type DescriptionRouting,
  type GroupedRouting,
  type Router,
  type RoutingResult,
  type SkillScore,
  withWinner,
} from '../core/routing'
import { createLintCache, lintWorkspace, lintWorkspaceInSteps, type LintOptions, type LintProfile, type LintResult } from '../core/lint'
import {
  parseRoutingTests,
  parseRoutingTestsInSteps,
  type ParsedRoutingTests,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  sweepFromResults,
  type RoutingCase,
  type CaseProblem,
  type SuiteResult,
  type SweepPoint,
} from '../core/routingSuite'
import { isEvalsInput, workspaceEvals } from '../core/evals'
import { otherFilePaths } from '../core/workspace'
import { builtinToolRegistry, registryWithServerTools, type ServerTools, type ToolRegistry } from '../core/tools'
import {
  changedFiles,
  codeFilesByFolder,
  folderOf,
  isCodeFile,
  isSkillPath,
  loadWorkspace,
  parseSkill,
  reloadWorkspace,
  workspaceCode,
  type Skill,
  type SkillFile,
  type Workspace,
} from '../core/skill'
import { inSlices, nextTask } from './inSlices'

/**
 * How many inputs a derivation that renders follow through `useDeferredValue` remembers (the
 * workspace, the lint, the routing): a deferred render still reading the files or utterance before
 * a change, the urgent one reading them after (or, when a keystroke interrupts the deferred render,
 * the older committed one again), and an import's files linted ahead (`prepare`) each find theirs
 * instead of pushing the others out.
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
 * Derived data the UI shows: parsed skills, routing, the effective configuration. Kept out of
 * the store (it is a pure function of the store) and memoised so a keystroke in one skill
 * re-parses that skill only.
 */
export function createDerivations(base: ToolRegistry = builtinToolRegistry) {
  /** The in-page tools plus the server's MCP tools, once the server has said which it runs. */
  const registry = memoizeRecent((server: ServerTools | null | 'unknown'): ToolRegistry =>
    registryWithServerTools(base, server === 'unknown' ? null : server),
  )
  // The skills parsed for the last two files arrays computed: a files array that comes back after
  // the memo below has let it go (the files before an import, a deleted skill restored by undo)
  // reuses its skills instead of parsing them again.
  let parsed = new Map<string, { text: string; skill: Skill }>()
  let parsedBefore = new Map<string, { text: string; skill: Skill }>()
  // Parsed ahead by `prepare` (a bulk import), waiting for the render that uses them.
  const prepared = new Map<string, { text: string; skill: Skill }>()
  const reuse = (path: string, text: string) =>
    [parsed.get(path), parsedBefore.get(path), prepared.get(path)].find((entry) => entry?.text === text)
  const parseOnce = (path: string, text: string) => {
    const skill = reuse(path, text)?.skill ?? parseSkill(path, text)
    prepared.delete(path)
    return skill
  }
  // The last files loaded: a keystroke (one text changed, paths the same) re-parses that skill and
  // copies the skills array, instead of looking up every skill of thousands.
  let loaded: { files: readonly SkillFile[]; workspace: Workspace } | null = null
  const workspace = memoizeRecent((files: readonly SkillFile[]): Workspace => {
    const quick =
      loaded &&
      reloadWorkspace(loaded, files, (path, text) => {
        const skill = parseOnce(path, text)
        const before = parsed.get(path)
        if (before) parsedBefore.set(path, before)
        parsed.set(path, { text, skill })
        return skill
      })
    if (quick) {
      loaded = { files, workspace: quick }
      return quick
    }
    const next = new Map<string, { text: string; skill: Skill }>()
    const result = loadWorkspace(files, (path, text) => {
      const skill = parseOnce(path, text)
      next.set(path, { text, skill })
      return skill
    })
    parsedBefore = parsed
    parsed = next
    loaded = { files, workspace: result }
    return result
  }, ACROSS_RENDERS)
  // Compiled once per keyword set: an edit to a body or a description keeps the router, and so the
  // routing result, and nothing that shows scores re-renders.
  let compiledFor: readonly Skill[] = []
  let compiled: Router = createRouter([])
  const router = (skills: readonly Skill[]): Router => {
    if (skills !== compiledFor && !sameRouting(skills, compiledFor)) compiled = createRouter(skills)
    compiledFor = skills
    return compiled
  }
  /** Compiles the router for `skills` a step at a time, ahead of the render that then finds it (`router`). */
  function* routerAhead(skills: readonly Skill[]): Generator<void> {
    if (skills === compiledFor || sameRouting(skills, compiledFor)) return
    const made = yield* createRouterInSteps(skills)
    // A render may have compiled for these skills meanwhile: its router stays, the routing it showed with it too.
    if (skills === compiledFor) return
    compiled = made
    compiledFor = skills
  }
  // With one entry, the urgent render after an interrupted deferred one routed the older utterance
  // again inside the keystroke's task (a quarter of the routing time at 5,000 skills that all score).
  const routeWith = memoizeRecent(
    (run: Router, utterance: string, threshold: number): RoutingResult => run(utterance, threshold),
    ACROSS_RENDERS,
  )
  const routing = (files: readonly SkillFile[], utterance: string, threshold: number): RoutingResult =>
    routeWith(router(workspace(files).skills), utterance, threshold)
  // Grouped routing (docs/routing.md): compiled once per parsed skill set, only when that mode is chosen.
  const groupedRouter = memoizeRecent((skills: readonly Skill[]) => createGroupedRouter(skills))
  const grouped = memoizeRecent(
    (files: readonly SkillFile[], utterance: string, threshold: number): GroupedRouting =>
      groupedRouter(workspace(files).skills)(utterance, threshold),
    ACROSS_RENDERS,
  )
  // Description routing (docs/routing.md, "Description match"), compiled again only when a name,
  // description, keyword or entry mode changed: a keystroke in a body keeps the compiled terms.
  let describedFor: readonly Skill[] = []
  let described = createDescriptionRouter([])
  const descriptionRouter = (skills: readonly Skill[]) => {
    if (skills !== describedFor && !sameDescriptions(skills, describedFor)) described = createDescriptionRouter(skills)
    describedFor = skills
    return described
  }
  /** Compiles the description router for `skills` a step at a time, ahead of the render (`descriptionRouter`). */
  function* descriptionRouterAhead(skills: readonly Skill[]): Generator<void> {
    if (skills === describedFor || sameDescriptions(skills, describedFor)) return
    const made = yield* createDescriptionRouterInSteps(skills)
    if (skills === describedFor) return
    described = made
    describedFor = skills
  }
  const descriptions = memoizeRecent(
    (files: readonly SkillFile[], utterance: string): DescriptionRouting => descriptionRouter(workspace(files).skills)(utterance),
    ACROSS_RENDERS,
  )
  /** The routing the page shows: keyword routing's scores, with grouped routing's winner in that mode. */
  const shown = memoizeRecent((files: readonly SkillFile[], utterance: string, threshold: number, byGroup: boolean): RoutingResult => {
    const keyword = routing(files, utterance, threshold)
    if (!byGroup) return keyword
    const { winner } = grouped(files, utterance, threshold)
    return winner?.path === keyword.winner?.path ? keyword : withWinner(keyword, winner)
  }, ACROSS_RENDERS)
  // The winner is read at its place in load order: a search by path walked thousands of skills on
  // every keystroke when nothing won. Remembered by path and place, so a new message with the same
  // winner gives the same configuration.
  const configAt = memoizeRecent(
    (files: readonly SkillFile[], path: string | null, order: number, tools: ToolRegistry): EffectiveConfig => {
      const skills = workspace(files).skills
      const atOrder = skills[order]
      const skill = path === null ? null : atOrder?.path === path ? atOrder : skills.find((each) => each.path === path)
      return effectiveConfig(skill ?? null, tools.names)
    },
  )
  const config = (files: readonly SkillFile[], winner: Pick<SkillScore, 'path' | 'order'> | null, tools: ToolRegistry = base) =>
    configAt(files, winner?.path ?? null, winner?.order ?? -1, tools)
  const lintCache = createLintCache()
  // Lints the workspace's parsed skills, so unchanged skills hit the cache.
  const lintOptions = (files: readonly SkillFile[], profile: LintProfile, tools: ToolRegistry): LintOptions => ({
    profile,
    toolNames: tools.names,
    cache: lintCache,
    skills: workspace(files).skills,
  })
  const lint = memoizeRecent(
    (files: readonly SkillFile[], profile: LintProfile, tools: ToolRegistry = base): LintResult =>
      lintWorkspace(files, lintOptions(files, profile, tools)),
    ACROSS_RENDERS,
  )
  // A suite parsed ahead a few dozen cases per step (the YAML parser over hundreds of cases is
  // too long for one task): the render, and a click that reads the suite, then find it
  // among core's recent suites (`parseRoutingTests`) instead of parsing it in one task.
  let suiteAhead: { text: string; parsed: Promise<ParsedRoutingTests> } | null = null
  const parseSuiteAhead = (text: string): Promise<ParsedRoutingTests> => {
    // Shared by every caller asking for the same text (the Tests badge and the Tests tab).
    if (suiteAhead?.text !== text) suiteAhead = { text, parsed: inSlices(parseRoutingTestsInSteps(text)) }
    return suiteAhead.parsed
  }
  // Each case's routing, kept while the router (the keyword set) is the same: an edit to a body
  // or a description re-runs the suite from here, and `prepareTests` fills it a slice at a time.
  let casesRoutedBy: Router | null = null
  let caseRoutes = new Map<string, RoutingResult>()
  const routeCase = (run: Router, utterance: string, threshold: number): RoutingResult => {
    if (casesRoutedBy !== run) {
      casesRoutedBy = run
      caseRoutes = new Map()
    }
    const key = `${threshold}\u0000${utterance}`
    let routed = caseRoutes.get(key)
    if (!routed) {
      routed = run(utterance, threshold)
      caseRoutes.set(key, routed)
    }
    return routed
  }
  const tests = memoizeRecent((files: readonly SkillFile[], threshold: number): RoutingSuite | null => {
    // Core keeps the last few suites parsed (`parseRoutingTests`): no memo of its own here.
    const text = files.find((file) => file.path === ROUTING_TESTS_FILE)?.text
    if (text === undefined) return null
    const parsed = parseRoutingTests(text)
    const skills = workspace(files).skills
    const run = router(skills)
    const suite = runRoutingTests(parsed.cases, (utterance, at) => routeCase(run, utterance, at), threshold, skills)
    return { ...parsed, suite, sweep: sweepFromResults(suite.results) }
  })
  /**
   * Routes the suite's cases that are not routed yet, a slice at a time (`inSlices`) with the page free in
   * between; `tests` then only reads them. False when `live` turned false (newer files came).
   */
  const prepareTests = async (files: readonly SkillFile[], threshold: number, live: () => boolean): Promise<boolean> => {
    const text = files.find((file) => file.path === ROUTING_TESTS_FILE)?.text
    if (text === undefined) return true
    // Parsing a long suite and compiling the router for thousands of new skills take slices of their own.
    const parsed = await parseSuiteAhead(text)
    await nextTask()
    if (!live()) return false
    const skills = workspace(files).skills
    await inSlices(routerAhead(skills))
    if (!live()) return false
    const run = router(skills)
    await nextTask()
    const routed = await inSlices(
      (function* () {
        for (const { utterance } of parsed.cases) {
          if (!live()) return false
          routeCase(run, utterance, threshold)
          yield
        }
        return true
      })(),
    )
    return routed && live()
  }
  // Only evals.yaml and skill-creator's evals.json matter: a keystroke elsewhere reuses the parse.
  let evalKey: string | null = null
  let evalSuite = workspaceEvals([])
  const evals = followFiles(
    (files) => {
      const relevant = files.filter((file) => isEvalsFile(file.path))
      const key = relevant.map((file) => file.path + '\u0000' + file.text).join('\u0001')
      if (key !== evalKey) {
        evalSuite = workspaceEvals(relevant)
        evalKey = key
      }
      return evalSuite
    },
    (file) => !isEvalsFile(file.path),
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
   * holding the page in one long task. `files` are the files as they will be (for an import, the
   * store's `previewImportInSlices`), so the workspace-wide lint is done ahead too. Only a head start:
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
      const pending = files.filter((file) => isSkillPath(file.path) && reuse(file.path, file.text) === undefined)
      await inSlices(
        (function* () {
          for (const [index, file] of pending.entries()) {
            // A cancelled import stops here; what was parsed waits for nobody and is let go with the next import.
            if (signal?.aborted) return
            prepared.set(file.path, { text: file.text, skill: parseSkill(file.path, file.text) })
            onProgress?.(index + 1, pending.length)
            yield
          }
        })(),
      )
      if (signal?.aborted) return
      await nextTask()
      // Then the workspace, the routers, and the lint over it (each skill's own findings, then a thousand
      // skills' shared keywords, thousands of findings) in steps of LINT_STEP, a slice at a time.
      const { skills } = workspace(files)
      await nextTask()
      if (signal?.aborted) return
      // The keyword router and the description matcher over all of them, which the render showing
      // them reads (`router`, `descriptionRouter`), so it finds them compiled.
      await inSlices(routerAhead(skills))
      if (signal?.aborted) return
      await nextTask()
      await inSlices(descriptionRouterAhead(skills))
      if (signal?.aborted) return
      await nextTask()
      await inSlices(lintWorkspaceInSteps(files, lintOptions(files, profile, tools)))
    } catch {
      // The render parses and lints what is missing, and shows what went wrong there.
    }
    await nextTask()
  }
  /** Each skill folder's code files, with or without an entry (a public skill's scripts/*.py too). */
  const codeFiles = followFiles(
    (files) => codeFilesByFolder(files, workspace(files).skills),
    (file) => !isCodeFile(file.path),
  )
  /** The skills that have code (skill.py / main.py), by skill path: read once per files array. */
  const code = followFiles(
    (files) => workspaceCode(files, workspace(files).skills, codeFiles(files)),
    // A skill's text matters only when its folder has code (its parameters may be in its frontmatter).
    (file, files) => !isCodeFile(file.path) && !codeFiles(files).has(folderOf(file.path) ?? ''),
  )
  /** The files the skill list shows nowhere else (`otherFilePaths`): the same list while the paths are. */
  const otherFiles = followFiles(
    (files) => otherFilePaths(files, codeFiles(files)),
    () => true,
  )
  /** Each file's place in the files array, by path: the same map while the paths are. */
  const fileIndex = followFiles(
    (files) => new Map(files.map((file, index) => [file.path, index])),
    () => true,
  )
  /** Each skill's place in load order, by path: the same map while the paths are. */
  const skillOrder = followFiles(
    (files) => new Map(workspace(files).skills.map((skill, order) => [skill.path, order])),
    () => true,
  )
  /** The skill at `path`, looked up instead of searched for: a view of the selected skill renders on every keystroke. */
  const skillAt = (files: readonly SkillFile[], path: string | null): Skill | undefined => {
    const order = path === null ? undefined : skillOrder(files).get(path)
    return order === undefined ? undefined : workspace(files).skills[order]
  }
  return {
    workspace,
    skillAt,
    routing,
    grouped,
    descriptions,
    shown,
    config,
    lint,
    tests,
    prepareTests,
    registry,
    evals,
    prepare,
    prepareSuites,
    code,
    codeFiles,
    otherFiles,
    fileIndex,
  }
}

/** Whether two skill sets route alike by description: the same names, descriptions, keywords and entry modes, in order. */
function sameDescriptions(a: readonly Skill[], b: readonly Skill[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!
    const y = b[i]!
    if (x === y) continue
    if (x.name !== y.name || x.description !== y.description || x.entryMode !== y.entryMode) return false
    if (x.triggerKeywords.length !== y.triggerKeywords.length || x.triggerKeywords.some((keyword, k) => keyword !== y.triggerKeywords[k]))
      return false
  }
  return true
}

// The evals and the files they read (skill-creator's `files`, waza's tasks and fixtures).
const isEvalsFile = isEvalsInput

/**
 * `compute(files)` for the last files array, and again for a new one only when a file it reads
 * changed: with the same paths in the same places (`changedFiles`), files that `ignores` says it
 * does not read leave the last result standing (a keystroke in one skill of thousands).
 */
function followFiles<R>(
  compute: (files: readonly SkillFile[]) => R,
  ignores: (file: SkillFile, files: readonly SkillFile[]) => boolean,
): (files: readonly SkillFile[]) => R {
  let last: { files: readonly SkillFile[]; result: R } | null = null
  return (files) => {
    if (last?.files === files) return last.result
    const changed = last && changedFiles(last.files, files)
    const result = last && changed?.every((file) => ignores(file, files)) ? last.result : compute(files)
    last = { files, result }
    return result
  }
}

export interface RoutingSuite {
  cases: RoutingCase[]
  problems: CaseProblem[]
  suite: SuiteResult
  sweep: SweepPoint[]
}

export type Derivations = ReturnType<typeof createDerivations>

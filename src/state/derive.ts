import {
  createGroupedRouter,
  createRouter,
  effectiveConfig,
  sameRouting,
  type EffectiveConfig,
  type GroupedRouting,
  type Router,
  type RoutingResult,
} from '../core/routing'
import { createLintCache, lintWorkspace, primeLintCache, type LintProfile, type LintResult } from '../core/lint'
import {
  parseRoutingTests,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  sweepFromResults,
  type RoutingCase,
  type CaseProblem,
  type SuiteResult,
  type SweepPoint,
} from '../core/routingSuite'
import { EVALS_FILE, SKILL_CREATOR_EVALS, workspaceEvals } from '../core/evals'
import { builtinToolRegistry, registryWithServerTools, type ServerTools, type ToolRegistry } from '../core/tools'
import {
  codeFilesByFolder,
  isSkillPath,
  loadWorkspace,
  parseSkill,
  workspaceCode,
  type Skill,
  type SkillFile,
  type Workspace,
} from '../core/skill'

/** How long one slice of bulk parsing may hold the page before it lets input and painting in. */
const SLICE_MS = 12

/** Remembers the last result of `compute` for the same arguments (compared by identity). */
function memoizeLast<A extends unknown[], R>(compute: (...args: A) => R): (...args: A) => R {
  let lastArgs: A | null = null
  let lastResult: R
  return (...args: A) => {
    if (lastArgs && args.length === lastArgs.length && args.every((arg, i) => Object.is(arg, lastArgs?.[i]))) return lastResult
    lastResult = compute(...args)
    lastArgs = args
    return lastResult
  }
}

/**
 * Derived data the UI shows: parsed skills, routing, the effective configuration. Kept out of
 * the store (it is a pure function of the store) and memoised so a keystroke in one skill
 * re-parses that skill only.
 */
export function createDerivations(base: ToolRegistry = builtinToolRegistry) {
  /** The in-page tools plus the server's MCP tools, once the server has said which it runs. */
  const registry = memoizeLast((server: ServerTools | null | 'unknown'): ToolRegistry =>
    registryWithServerTools(base, server === 'unknown' ? null : server),
  )
  let parsed = new Map<string, { text: string; skill: Skill }>()
  // Parsed ahead by `prepare` (a bulk import), waiting for the render that uses them.
  const prepared = new Map<string, { text: string; skill: Skill }>()
  const workspace = memoizeLast((files: readonly SkillFile[]): Workspace => {
    const next = new Map<string, { text: string; skill: Skill }>()
    const result = loadWorkspace(files, (path, text) => {
      const previous = parsed.get(path)?.text === text ? parsed.get(path) : prepared.get(path)
      prepared.delete(path)
      const skill = previous && previous.text === text ? previous.skill : parseSkill(path, text)
      next.set(path, { text, skill })
      return skill
    })
    parsed = next
    return result
  })
  // Compiled once per keyword set: an edit to a body or a description keeps the router, and so the
  // routing result, and nothing that shows scores re-renders.
  let compiledFor: readonly Skill[] = []
  let compiled: Router = createRouter([])
  const router = (skills: readonly Skill[]): Router => {
    if (skills !== compiledFor && !sameRouting(skills, compiledFor)) compiled = createRouter(skills)
    compiledFor = skills
    return compiled
  }
  const routeWith = memoizeLast((run: Router, utterance: string, threshold: number): RoutingResult => run(utterance, threshold))
  const routing = (files: readonly SkillFile[], utterance: string, threshold: number): RoutingResult =>
    routeWith(router(workspace(files).skills), utterance, threshold)
  // Grouped routing (docs/routing.md): compiled once per parsed skill set, only when that mode is chosen.
  const groupedRouter = memoizeLast((skills: readonly Skill[]) => createGroupedRouter(skills))
  const grouped = memoizeLast((files: readonly SkillFile[], utterance: string, threshold: number): GroupedRouting =>
    groupedRouter(workspace(files).skills)(utterance, threshold),
  )
  /** The routing the page shows: keyword routing's scores, with grouped routing's winner in that mode. */
  const shown = memoizeLast((files: readonly SkillFile[], utterance: string, threshold: number, byGroup: boolean): RoutingResult => {
    const keyword = routing(files, utterance, threshold)
    if (!byGroup) return keyword
    const { winner } = grouped(files, utterance, threshold)
    return winner?.path === keyword.winner?.path ? keyword : { ...keyword, winner }
  })
  const config = memoizeLast((files: readonly SkillFile[], winnerPath: string | null, tools: ToolRegistry = base): EffectiveConfig =>
    effectiveConfig(workspace(files).skills.find((skill) => skill.path === winnerPath) ?? null, tools.names),
  )
  const lintCache = createLintCache()
  // Lints with the same parsed skills as the workspace, so unchanged skills hit the cache.
  const lint = memoizeLast((files: readonly SkillFile[], profile: LintProfile, tools: ToolRegistry = base): LintResult => {
    const parsed = new Map(workspace(files).skills.map((skill) => [skill.path, skill]))
    return lintWorkspace(files, {
      profile,
      toolNames: tools.names,
      cache: lintCache,
      parse: (path, text) => parsed.get(path) ?? parseSkill(path, text),
    })
  })
  const suiteFile = memoizeLast((text: string | undefined) => (text === undefined ? null : parseRoutingTests(text)))
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
  const tests = memoizeLast((files: readonly SkillFile[], threshold: number): RoutingSuite | null => {
    const parsed = suiteFile(files.find((file) => file.path === ROUTING_TESTS_FILE)?.text)
    if (!parsed) return null
    const skills = workspace(files).skills
    const run = router(skills)
    const suite = runRoutingTests(
      parsed.cases,
      (utterance, at) => routeCase(run, utterance, at ?? threshold),
      threshold,
      skills.map((skill) => skill.name),
    )
    return { ...parsed, suite, sweep: sweepFromResults(suite.results) }
  })
  /**
   * Routes the suite's cases that are not routed yet, SLICE_MS at a time with the page free in
   * between; `tests` then only reads them. False when `live` turned false (newer files came).
   */
  const prepareTests = async (files: readonly SkillFile[], threshold: number, live: () => boolean): Promise<boolean> => {
    const parsed = suiteFile(files.find((file) => file.path === ROUTING_TESTS_FILE)?.text)
    if (!parsed) return true
    const run = router(workspace(files).skills)
    let at = 0
    while (at < parsed.cases.length) {
      if (!live()) return false
      const started = performance.now()
      while (at < parsed.cases.length && performance.now() - started < SLICE_MS)
        routeCase(run, parsed.cases[at++]?.utterance ?? '', threshold)
      if (at < parsed.cases.length) await new Promise((resolve) => setTimeout(resolve, 0))
    }
    return live()
  }
  // Only evals.yaml and skill-creator's evals.json matter: a keystroke elsewhere reuses the parse.
  let evalKey: string | null = null
  let evalSuite = workspaceEvals([])
  const evals = (files: readonly SkillFile[]) => {
    const relevant = files.filter((file) => file.path === EVALS_FILE || SKILL_CREATOR_EVALS.test(file.path))
    const key = relevant.map((file) => file.path + '\u0000' + file.text).join('\u0001')
    if (key !== evalKey) {
      evalSuite = workspaceEvals(relevant)
      evalKey = key
    }
    return evalSuite
  }
  /**
   * Parses and lints files not seen yet, a slice of SLICE_MS at a time with the page free in
   * between, so the render that shows a thousand imported skills finds them done instead of
   * holding the page for a second.
   */
  const prepare = async (files: readonly SkillFile[], profile: LintProfile, tools: ToolRegistry = base): Promise<void> => {
    const pending = files.filter((file) => isSkillPath(file.path) && parsed.get(file.path)?.text !== file.text)
    let at = 0
    while (at < pending.length) {
      const started = performance.now()
      while (at < pending.length && performance.now() - started < SLICE_MS) {
        const file = pending[at++] as SkillFile
        const skill = parseSkill(file.path, file.text)
        prepared.set(file.path, { text: file.text, skill })
        primeLintCache([skill], [file], { profile, toolNames: tools.names, cache: lintCache })
      }
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  }
  /** The skills that have code (skill.py / main.py), by skill path: read once per files array. */
  /** Each skill folder's code files, with or without an entry (a public skill's scripts/*.py too). */
  const codeFiles = memoizeLast((files: readonly SkillFile[]) => codeFilesByFolder(files, workspace(files).skills))
  const code = memoizeLast((files: readonly SkillFile[]) => workspaceCode(files, workspace(files).skills, codeFiles(files)))
  return { workspace, routing, grouped, shown, config, lint, tests, prepareTests, registry, evals, prepare, code, codeFiles }
}

export interface RoutingSuite {
  cases: RoutingCase[]
  problems: CaseProblem[]
  suite: SuiteResult
  sweep: SweepPoint[]
}

export type Derivations = ReturnType<typeof createDerivations>

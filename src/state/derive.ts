import { createRouter, effectiveConfig, sameRouting, type EffectiveConfig, type Router, type RoutingResult } from '../core/routing'
import { createLintCache, lintWorkspace, type LintProfile, type LintResult } from '../core/lint'
import {
  parseRoutingTests,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  thresholdSweep,
  type RoutingCase,
  type CaseProblem,
  type SuiteResult,
  type SweepPoint,
} from '../core/routingSuite'
import { EVALS_FILE, SKILL_CREATOR_EVALS, workspaceEvals } from '../core/evals'
import { builtinToolRegistry, registryWithServerTools, type ServerTools, type ToolRegistry } from '../core/tools'
import { loadWorkspace, parseSkill, type Skill, type SkillFile, type Workspace } from '../core/skill'

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
  const workspace = memoizeLast((files: readonly SkillFile[]): Workspace => {
    const next = new Map<string, { text: string; skill: Skill }>()
    const result = loadWorkspace(files, (path, text) => {
      const previous = parsed.get(path)
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
  const tests = memoizeLast((files: readonly SkillFile[], threshold: number): RoutingSuite | null => {
    const parsed = suiteFile(files.find((file) => file.path === ROUTING_TESTS_FILE)?.text)
    if (!parsed) return null
    const skills = workspace(files).skills
    const run = router(skills)
    return {
      ...parsed,
      suite: runRoutingTests(
        parsed.cases,
        run,
        threshold,
        skills.map((skill) => skill.name),
      ),
      sweep: thresholdSweep(parsed.cases, run),
    }
  })
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
  return { workspace, routing, config, lint, tests, registry, evals }
}

export interface RoutingSuite {
  cases: RoutingCase[]
  problems: CaseProblem[]
  suite: SuiteResult
  sweep: SweepPoint[]
}

export type Derivations = ReturnType<typeof createDerivations>

import {
  changedFiles,
  isSkillPath,
  isToolSchemaPath,
  loadWorkspace,
  parseSkill,
  type Skill,
  type SkillFile,
  type Workspace,
} from '../skill'
import { createLintCache, lintWorkspaceInSteps, type LintCache, type LintProfile, type LintResult } from '../lint'
import {
  createDescriptionRouter,
  createDescriptionRouterInSteps,
  createGroupedRouter,
  createRouter,
  createRouterInSteps,
  sameRouting,
  type DescriptionRouting,
  type GroupedRouter,
  type Router,
  type RoutingResult,
} from '../routing'
import {
  parseRoutingTests,
  parseRoutingTestsInSteps,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  sweepFromResults,
  type CaseProblem,
  type ParsedRoutingTests,
  type RoutingCase,
  type SuiteResult,
  type SweepPoint,
} from '../routingSuite'
import { finishSteps } from '../lib/finishSteps'

/**
 * What one edit changed, said by whoever made it (the store's actions): nothing downstream works
 * it out again. A `text` edit replaces the text of a file that exists (a keystroke, a form field);
 * `files` is a wholesale change (an import, an undo, a rename, a restore, a change on disk).
 */
export type WorkspaceEdit =
  | {
      kind: 'text'
      path: string
      text: string
      /** Where in the old text the edit fell, when the editor knows it (offsets); no part needs it yet. */
      range?: { start: number; end: number }
    }
  | { kind: 'files'; files: readonly SkillFile[] }

/** The settings the lint follows besides the files: the profile and the tools that exist. */
export interface LintSettings {
  profile: LintProfile
  /** A tool registry's names (compared by identity, as the lint cache does); the built-in tools when absent. */
  toolNames?: readonly string[]
}

/** The routing-test suite over a snapshot's skills at one threshold. */
export interface RoutingSuite {
  cases: RoutingCase[]
  problems: CaseProblem[]
  suite: SuiteResult
  sweep: SweepPoint[]
}

/**
 * The workspace after an edit: its files, and what is derived from them (each skill parsed, the
 * workspace, the lint, the keyword and description routers, the routing-test suite), each part
 * built the first time it is read and then kept. `apply` makes the next snapshot from this one and
 * an edit, and every part the edit cannot have changed is the previous snapshot's, the same object.
 * A snapshot never changes once made; the caches it shares with the snapshots it was applied from
 * (the lint cache, the last compiled routers) are only where reuse is looked for, and a build from
 * scratch gives the same values (workspaceSnapshot.test.ts). See docs/architecture.md.
 */
export interface WorkspaceSnapshot {
  readonly files: readonly SkillFile[]
}

/** Edits a lazy part may reach back over before a build from the files is as cheap (a keystroke is one path). */
const CHANGED_LIMIT = 32

/** Caches shared along one line of snapshots (each made by `apply` from the last): reuse only, never a result by itself. */
interface Lineage {
  /** The last parse of each path, and the one before it (a text that comes back, by undo, is not parsed again). */
  parsed: Map<string, { text: string; skill: Skill }>
  parsedBefore: Map<string, { text: string; skill: Skill }>
  lintCache: LintCache
  keyword: { skills: readonly Skill[]; router: Router } | null
  description: { skills: readonly Skill[]; router: DescriptionRouter } | null
  grouped: { skills: readonly Skill[]; router: GroupedRouter } | null
  /** Each case's routing, kept while the router is the same: a body or description edit re-runs the suite from here. */
  caseRoutes: { router: Router; routes: Map<string, RoutingResult> } | null
  /** The last suites run, by what they were run from. */
  suites: { parsed: ParsedRoutingTests; router: Router; threshold: number; result: RoutingSuite }[]
}

type DescriptionRouter = (message: string) => DescriptionRouting

interface Built {
  workspace: Workspace
  /** Each skill's place in load order, by path: the same map while the paths are. */
  order: ReadonlyMap<string, number>
}

let serials = 0

class Snapshot implements WorkspaceSnapshot {
  /** The snapshot this one was applied to and the paths the edit changed (null: paths moved), until this one's workspace is built. */
  from: { previous: Snapshot; changed: readonly string[] | null; depth: number } | null
  /** Which snapshot this one was applied to (by serial: the earlier one is not kept alive) and the paths the edit changed (null: paths moved). */
  readonly step: { before: number; changed: readonly string[] | null } | null
  readonly serial = ++serials
  index: ReadonlyMap<string, number> | undefined
  built: Built | undefined
  lints: { settings: LintSettings; result: LintResult }[] = []
  router: Router | undefined
  descriptionRouter: DescriptionRouter | undefined
  groupedRouter: GroupedRouter | undefined

  constructor(
    readonly files: readonly SkillFile[],
    readonly lineage: Lineage,
    from: Snapshot['from'],
    step: Snapshot['step'],
    index: ReadonlyMap<string, number> | undefined,
  ) {
    this.from = from
    this.step = step
    this.index = index
  }
}

function newLineage(): Lineage {
  return {
    parsed: new Map(),
    parsedBefore: new Map(),
    lintCache: createLintCache(),
    keyword: null,
    description: null,
    grouped: null,
    caseRoutes: null,
    suites: [],
  }
}

const inner = (snapshot: WorkspaceSnapshot): Snapshot => {
  if (!(snapshot instanceof Snapshot)) throw new TypeError('not a workspace snapshot: make one with snapshotOf or apply')
  return snapshot
}

/** A snapshot of no files. */
export function emptySnapshot(): WorkspaceSnapshot {
  return snapshotOf([])
}

/** A snapshot of `files`, sharing nothing: what any line of edits ending in these files must equal. */
export function snapshotOf(files: readonly SkillFile[]): WorkspaceSnapshot {
  return new Snapshot(files, newLineage(), null, null, undefined)
}

/**
 * The snapshot after `edit`. Cheap: the files are replaced (for a `text` edit, one file in a copy of
 * the array) and every derived part is built when first read, from the nearest earlier snapshot
 * that has it and the paths changed since. The same snapshot when nothing changed.
 */
export function apply(snapshot: WorkspaceSnapshot, edit: WorkspaceEdit): WorkspaceSnapshot {
  const previous = inner(snapshot)
  if (edit.kind === 'text') {
    const index = indexOf(previous)
    const at = index.get(edit.path)
    // A text for a path that is not there adds a file: that is a change of paths.
    if (at === undefined) return apply(previous, { kind: 'files', files: [...previous.files, { path: edit.path, text: edit.text }] })
    if (previous.files[at]?.text === edit.text) return previous
    const files = previous.files.slice()
    files[at] = { path: edit.path, text: edit.text }
    return next(previous, files, [edit.path], index)
  }
  const files = edit.files
  if (files === previous.files) return previous
  // A wholesale change says only the new files: which of them changed is found once here, by
  // identity (`changedFiles`), and every part reads it from the snapshot.
  const changed = changedFiles(previous.files, files)
  return next(previous, files, changed && changed.map((file) => file.path), changed ? previous.index : undefined)
}

function next(
  previous: Snapshot,
  files: readonly SkillFile[],
  changed: readonly string[] | null,
  index: ReadonlyMap<string, number> | undefined,
): Snapshot {
  const depth = (previous.from?.depth ?? 0) + 1
  // A long line of edits nobody read the workspace of is not kept alive: it is built from the files (parses reused).
  const from = depth > CHANGED_LIMIT ? null : { previous, changed, depth }
  return new Snapshot(files, previous.lineage, from, { before: previous.serial, changed }, index)
}

/**
 * The paths the edit from `before` to `snapshot` changed, when `snapshot` was applied to `before`
 * (the edit said them); null when the paths moved, undefined when `snapshot` was not made from
 * `before` (a reader that skipped snapshots compares the files itself).
 */
export function changedSince(snapshot: WorkspaceSnapshot, before: WorkspaceSnapshot): readonly string[] | null | undefined {
  const step = inner(snapshot).step
  return step && step.before === inner(before).serial ? step.changed : undefined
}

/** Each file's place in the files array, by path: the same map while the paths are. */
export function fileIndexOf(snapshot: WorkspaceSnapshot): ReadonlyMap<string, number> {
  return indexOf(inner(snapshot))
}

function indexOf(snapshot: Snapshot): ReadonlyMap<string, number> {
  snapshot.index ??= new Map(snapshot.files.map((file, place) => [file.path, place]))
  return snapshot.index
}

/** One file's text (undefined when there is no such file). */
export function textOf(snapshot: WorkspaceSnapshot, path: string): string | undefined {
  const at = fileIndexOf(snapshot).get(path)
  return at === undefined ? undefined : snapshot.files[at]?.text
}

/** The skills, parsed once per text, in load order (`loadWorkspace`). */
export function workspaceOf(snapshot: WorkspaceSnapshot): Workspace {
  return built(inner(snapshot)).workspace
}

/** Each skill's place in load order, by path: the same map while the paths are. */
export function skillOrderOf(snapshot: WorkspaceSnapshot): ReadonlyMap<string, number> {
  return built(inner(snapshot)).order
}

/** The parsed skill at `path`, looked up rather than searched for; undefined when it is no skill. */
export function skillAt(snapshot: WorkspaceSnapshot, path: string | null): Skill | undefined {
  if (path === null) return undefined
  const { workspace, order } = built(inner(snapshot))
  const at = order.get(path)
  return at === undefined ? undefined : workspace.skills[at]
}

function parseOnce(lineage: Lineage, path: string, text: string): Skill {
  const known = [lineage.parsed.get(path), lineage.parsedBefore.get(path)].find((entry) => entry?.text === text)
  const skill = known?.skill ?? parseSkill(path, text)
  const last = lineage.parsed.get(path)
  if (last && last.text !== text) lineage.parsedBefore.set(path, last)
  lineage.parsed.set(path, { text, skill })
  return skill
}

function built(snapshot: Snapshot): Built {
  if (snapshot.built) return snapshot.built
  // Back to the nearest snapshot with its workspace built, gathering the paths each edit said it changed.
  const changed = new Set<string>()
  let at: Snapshot = snapshot
  while (!at.built && at.from?.changed && changed.size <= CHANGED_LIMIT) {
    for (const path of at.from.changed) changed.add(path)
    at = at.from.previous
  }
  const result = at.built && changed.size <= CHANGED_LIMIT ? rebuilt(snapshot, at.built, changed) : fromFiles(snapshot, at.built)
  snapshot.built = result
  // Built: the earlier snapshots are not needed any more (the lineage's caches hold what reuse needs).
  snapshot.from = null
  return result
}

/** `base` with the skills at `changed` parsed again (the paths the same): a keystroke parses one skill and copies the array. */
function rebuilt(snapshot: Snapshot, base: Built, changed: ReadonlySet<string>): Built {
  let skills: Skill[] | null = null
  for (const path of changed) {
    const at = base.order.get(path)
    // Not a skill's file (a test file, a script): no skill changed. Whether a path is a skill
    // depends on the paths alone, and they are the same.
    if (at === undefined) continue
    const text = textOf(snapshot, path) ?? ''
    const skill = parseOnce(snapshot.lineage, path, text)
    if (skill === base.workspace.skills[at]) continue
    skills ??= base.workspace.skills.slice()
    skills[at] = skill
  }
  return skills ? { workspace: { skills }, order: base.order } : base
}

/** The workspace from the files, each skill's parse reused when its text was parsed before. */
function fromFiles(snapshot: Snapshot, nearest: Built | undefined): Built {
  const lineage = snapshot.lineage
  const parsed = new Map<string, { text: string; skill: Skill }>()
  const workspace = loadWorkspace(snapshot.files, (path, text) => {
    const skill = parseOnce(lineage, path, text)
    parsed.set(path, { text, skill })
    return skill
  })
  // What the old files parsed stays one more build (an undo brings it back); the rest is let go.
  lineage.parsedBefore = lineage.parsed
  lineage.parsed = parsed
  const order = new Map(workspace.skills.map((skill, place) => [skill.path, place]))
  // The same paths in the same order keep the map (a wholesale edit of texts).
  const sameOrder = nearest && nearest.order.size === order.size && [...order].every(([path, place]) => nearest.order.get(path) === place)
  return { workspace, order: sameOrder ? nearest.order : order }
}

/**
 * Builds the workspace a skill per step (a thousand imported skills), reporting how many of how
 * many are parsed; `workspaceOf` then finds it. Stops early, building nothing, when `aborted` says so.
 */
export function* workspaceInSteps(
  snapshot: WorkspaceSnapshot,
  { onProgress, aborted }: { onProgress?: (done: number, total: number) => void; aborted?: () => boolean } = {},
): Generator<void, boolean> {
  const own = inner(snapshot)
  if (own.built) return true
  const lineage = own.lineage
  const pending = own.files.filter(
    (file) =>
      isSkillText(file) && ![lineage.parsed.get(file.path), lineage.parsedBefore.get(file.path)].some((entry) => entry?.text === file.text),
  )
  let done = 0
  for (const file of pending) {
    if (aborted?.()) return false
    // Parsed into the lineage: the build below (or a render's, should it come first) finds it.
    parseOnce(lineage, file.path, file.text)
    onProgress?.(++done, pending.length)
    yield
  }
  if (aborted?.()) return false
  built(own)
  return true
}

// A tool folder's schema.json is a skill only without a SKILL.md beside it (the load order's
// question): parsed ahead either way, a needless parse being the worst case.
const isSkillText = (file: SkillFile) => isSkillPath(file.path) || isToolSchemaPath(file.path)

/** The lint of the workspace under `settings` (`lintWorkspace`, incremental through the lineage's lint cache). */
export function lintOf(snapshot: WorkspaceSnapshot, settings: LintSettings): LintResult {
  return finishSteps(lintInSteps(snapshot, settings))
}

/** `lintOf` in steps of LINT_STEP skills or findings (an import); `lintOf` then finds it. */
export function* lintInSteps(snapshot: WorkspaceSnapshot, settings: LintSettings): Generator<void, LintResult> {
  const own = inner(snapshot)
  const kept = own.lints.find((entry) => sameSettings(entry.settings, settings))
  if (kept) return kept.result
  const { skills } = built(own).workspace
  const result = yield* lintWorkspaceInSteps(own.files, {
    profile: settings.profile,
    ...(settings.toolNames ? { toolNames: settings.toolNames } : {}),
    cache: own.lineage.lintCache,
    skills,
  })
  // A render may have linted meanwhile: the first result stays, so readers see one object.
  const first = own.lints.find((entry) => sameSettings(entry.settings, settings))
  if (first) return first.result
  own.lints = [{ settings, result }, ...own.lints].slice(0, 2)
  return result
}

const sameSettings = (a: LintSettings, b: LintSettings) => a.profile === b.profile && a.toolNames === b.toolNames

/** The keyword router, compiled again only when a name, path, keyword or entry mode changed (`sameRouting`). */
export function routerOf(snapshot: WorkspaceSnapshot): Router {
  const own = inner(snapshot)
  if (own.router) return own.router
  const { skills } = built(own).workspace
  const last = own.lineage.keyword
  own.router = last && (last.skills === skills || sameRouting(skills, last.skills)) ? last.router : createRouter(skills)
  own.lineage.keyword = { skills, router: own.router }
  return own.router
}

/** `routerOf` compiled a step at a time, ahead of the render that then finds it. */
export function* routerInSteps(snapshot: WorkspaceSnapshot): Generator<void, Router> {
  const own = inner(snapshot)
  if (own.router) return own.router
  const lineage = own.lineage
  const { skills } = built(own).workspace
  const last = lineage.keyword
  let router: Router
  if (last && (last.skills === skills || sameRouting(skills, last.skills))) router = last.router
  else router = yield* createRouterInSteps(skills)
  // A render may have compiled for these skills meanwhile: its router stays, and the routing it showed with it.
  own.router ??= router
  lineage.keyword = { skills, router: own.router }
  return own.router
}

/** The description router (docs/routing.md, "Description match"), compiled again only when a name, description, keyword or entry mode changed. */
export function descriptionRouterOf(snapshot: WorkspaceSnapshot): DescriptionRouter {
  const own = inner(snapshot)
  if (own.descriptionRouter) return own.descriptionRouter
  const { skills } = built(own).workspace
  const last = own.lineage.description
  own.descriptionRouter =
    last && (last.skills === skills || sameDescriptions(skills, last.skills)) ? last.router : createDescriptionRouter(skills)
  own.lineage.description = { skills, router: own.descriptionRouter }
  return own.descriptionRouter
}

/** `descriptionRouterOf` compiled a step at a time. */
export function* descriptionRouterInSteps(snapshot: WorkspaceSnapshot): Generator<void, DescriptionRouter> {
  const own = inner(snapshot)
  if (own.descriptionRouter) return own.descriptionRouter
  const lineage = own.lineage
  const { skills } = built(own).workspace
  const last = lineage.description
  let router: DescriptionRouter
  if (last && (last.skills === skills || sameDescriptions(skills, last.skills))) router = last.router
  else router = yield* createDescriptionRouterInSteps(skills)
  own.descriptionRouter ??= router
  lineage.description = { skills, router: own.descriptionRouter }
  return own.descriptionRouter
}

/** Grouped routing's routers (docs/routing.md), compiled once per parsed skill set, only when that mode is read. */
export function groupedRouterOf(snapshot: WorkspaceSnapshot): GroupedRouter {
  const own = inner(snapshot)
  if (own.groupedRouter) return own.groupedRouter
  const { skills } = built(own).workspace
  const last = own.lineage.grouped
  own.groupedRouter = last?.skills === skills ? last.router : createGroupedRouter(skills)
  own.lineage.grouped = { skills, router: own.groupedRouter }
  return own.groupedRouter
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

/** routing-tests.yaml parsed (core keeps recent suites, so the same text gives the same object); null when there is none. */
export function routingTestsOf(snapshot: WorkspaceSnapshot): ParsedRoutingTests | null {
  const text = textOf(snapshot, ROUTING_TESTS_FILE)
  return text === undefined ? null : parseRoutingTests(text)
}

/** `routingTestsOf` parsed a few list items a step (a suite of hundreds of cases). */
export function* routingTestsInSteps(snapshot: WorkspaceSnapshot): Generator<void, ParsedRoutingTests | null> {
  const text = textOf(snapshot, ROUTING_TESTS_FILE)
  return text === undefined ? null : yield* parseRoutingTestsInSteps(text)
}

/**
 * The suite's results at `threshold`: the same object while the suite's text, the router and the
 * threshold are (an edit to a body or a description keeps it); null when there is no suite.
 */
export function suiteOf(snapshot: WorkspaceSnapshot, threshold: number): RoutingSuite | null {
  const parsed = routingTestsOf(snapshot)
  if (!parsed) return null
  const own = inner(snapshot)
  const router = routerOf(own)
  const lineage = own.lineage
  const kept = lineage.suites.find((entry) => entry.parsed === parsed && entry.router === router && entry.threshold === threshold)
  if (kept) return kept.result
  const suite = runRoutingTests(
    parsed.cases,
    (utterance, at) => routeCase(lineage, router, utterance, at),
    threshold,
    workspaceOf(own).skills,
  )
  const result = { ...parsed, suite, sweep: sweepFromResults(suite.results) }
  lineage.suites = [{ parsed, router, threshold, result }, ...lineage.suites].slice(0, 3)
  return result
}

/**
 * Routes every case of the suite a step at a time (compiling the router first, in steps, when it
 * is not yet), so `suiteOf` only reads them; false when `live` turned false (newer files came).
 * The suite is parsed here in one piece: parse a long one ahead with `routingTestsInSteps`.
 */
export function* routeCasesInSteps(
  snapshot: WorkspaceSnapshot,
  threshold: number,
  live: () => boolean = () => true,
): Generator<void, boolean> {
  const parsed = routingTestsOf(snapshot)
  if (!parsed) return true
  const router = yield* routerInSteps(snapshot)
  if (!live()) return false
  yield
  for (const { utterance } of parsed.cases) {
    if (!live()) return false
    routeCase(inner(snapshot).lineage, router, utterance, threshold)
    yield
  }
  return live()
}

function routeCase(lineage: Lineage, router: Router, utterance: string, threshold: number): RoutingResult {
  if (lineage.caseRoutes?.router !== router) lineage.caseRoutes = { router, routes: new Map() }
  const key = `${threshold}\u0000${utterance}`
  let routed = lineage.caseRoutes.routes.get(key)
  if (!routed) {
    routed = router(utterance, threshold)
    lineage.caseRoutes.routes.set(key, routed)
  }
  return routed
}

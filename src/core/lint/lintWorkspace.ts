import { LineIndex } from '../lib/text'
import { changedPlaces } from '../lib/changedPlaces'
import { finishSteps } from '../lib/finishSteps'
import { formatMessage, message, type MessageKey } from '../messages'
import {
  isToolSchemaPath,
  loadWorkspace,
  splitSkillFile,
  type Diagnostic,
  type Severity,
  type Skill,
  type SkillFile,
  type Span,
} from '../skill'
import { BUILTIN_TOOL_NAMES } from '../tools'
import { clientOfLintProfile } from '../clients'
import { FindingsByPath } from './findingsByPath'
import { LINT_RULES } from './lintRules'
import { LINT_STEP, severityIn, type Finding, type LintProfile, type LintRule, type Reporter, type SkillContext } from './types'

/** How parse problems (from parseSkill) are graded per profile; their explanations are in the message catalog. */
const PARSE_CODES: Record<string, { severity?: Partial<Record<LintProfile, Severity | 'off'>> }> = {
  'frontmatter-syntax': {},
  'frontmatter-shape': {},
  'field-type': {},
  'field-value': {},
  'field-coerced': { severity: { strict: 'error', lenient: 'info' } },
  'max-rounds-range': {},
}
const REPLACED_BY_RULES = new Set(['unknown-field'])

export interface LintResult {
  skills: Skill[]
  /** Findings per skill path, in file order. */
  findings: ReadonlyMap<string, Finding[]>
  /** How many findings of each severity, over every skill (a badge reads it without a pass over thousands). */
  totals: Record<Severity, number>
}

export interface LintOptions {
  profile?: LintProfile
  /** Only these rules (by id); all when absent. For tests. */
  rules?: readonly LintRule[]
  parse?: (path: string, text: string) => Skill
  /** The files' skills already loaded (`loadWorkspace(files)`): not loaded again. */
  skills?: Skill[]
  /** The tools that exist (a registry's names); the built-in ones unless given. */
  toolNames?: readonly string[]
  /** The workspace's files (set by lintWorkspace itself: rules that read a skill's other files use them). */
  files?: readonly SkillFile[]
  /**
   * Results from the previous call, kept by the caller between calls: per-skill findings are
   * reused while a skill is unchanged, and the workspace rules' findings while no name,
   * keyword or entry mode changed (one keystroke in a body then re-lints one skill only).
   */
  cache?: LintCache
}

export interface LintCache {
  skills: Map<string, CachedSkillLint>
  workspace?: { keys: string[]; profile: LintProfile; findings: Map<string, Finding[]> }
  /**
   * Each skill's final list and the two lists it was made from: while both are reused, the same
   * array comes back, so the editor can tell "unchanged" by identity instead of comparing text.
   */
  final: Map<string, { own: Finding[]; across: Finding[] | undefined; list: Finding[] }>
  /** The last result and what it was computed from: a keystroke re-lints one skill against it. */
  last?: { skills: readonly Skill[]; profile: LintProfile; toolNames: readonly string[] | undefined; keys: string[]; result: LintResult }
}

export function createLintCache(): LintCache {
  return { skills: new Map(), final: new Map() }
}

export interface CachedSkillLint {
  skill: Skill
  profile: LintProfile
  /** The tool names the skill was checked against (a registry's names change when the server answers). */
  toolNames: readonly string[] | undefined
  context: SkillContext
  findings: Finding[]
}

/** Lints every skill of a workspace under a profile: parse problems plus the rule registry. */
export function lintWorkspace(files: readonly SkillFile[], options: LintOptions = {}): LintResult {
  return finishSteps(lintWorkspaceInSteps(files, options))
}

/**
 * `lintWorkspace` as a generator that yields every LINT_STEP skills or findings: a caller with a
 * thousand skills to lint (an import) runs it a few steps per task and keeps the page responsive.
 */
export function* lintWorkspaceInSteps(files: readonly SkillFile[], options: LintOptions = {}): Generator<void, LintResult> {
  const profile = options.profile ?? 'app'
  const rules = options.rules ?? LINT_RULES
  const cache = options.cache
  const skills = options.skills ?? loadWorkspace(files, options.parse).skills
  const textOf = textLookup(files)
  options = { ...options, files }
  const quick = cache && !options.rules ? relintChanged(skills, textOf, options, cache) : null
  if (quick) return quick
  const findings = new Map<string, Finding[]>()
  const owned = new Map<string, Finding[]>()
  const contexts: SkillContext[] = []

  for (const [index, skill] of skills.entries()) {
    const { context, findings: own } = lintSkill(skill, textOf, options)
    contexts.push(context)
    owned.set(skill.path, own)
    if (index % LINT_STEP === LINT_STEP - 1) yield
  }
  if (cache) for (const path of cache.skills.keys()) if (!owned.has(path)) cache.skills.delete(path)

  // Workspace rules read names, keywords and entry modes (and positions, which move with the
  // frontmatter text): reuse their findings while none of that changed.
  const keys = contexts.map(workspaceKey)
  const previous = cache?.workspace
  let across = previous && previous.profile === profile && !options.rules && sameStrings(previous.keys, keys) ? previous.findings : null
  if (!across) {
    const computed = yield* workspaceFindings(contexts, rules, profile)
    across = computed
    if (cache) cache.workspace = { keys, profile, findings: computed }
  }
  const totals = { error: 0, warning: 0, info: 0 }
  let merged = 0
  for (const [path, own] of owned) {
    if (++merged % LINT_STEP === 0) yield
    const list = mergeFindings(path, own, across.get(path), cache)
    findings.set(path, list)
    count(list, totals, 1)
  }
  if (cache) for (const path of cache.final.keys()) if (!owned.has(path)) cache.final.delete(path)
  const result = { skills, findings, totals }
  if (cache && !options.rules) cache.last = { skills, profile, toolNames: options.toolNames, keys, result }
  return result
}

/**
 * The last result with the skills that changed since (the same paths in the same places) linted
 * again, when none of them changed what the workspace rules read: a keystroke in one skill of
 * thousands costs that skill. Null when the full pass is needed.
 */
function relintChanged(
  skills: readonly Skill[],
  textOf: (path: string) => string | undefined,
  options: LintOptions,
  cache: LintCache,
): LintResult | null {
  const profile = options.profile ?? 'app'
  const last = cache.last
  if (!last || last.profile !== profile || last.toolNames !== options.toolNames || last.skills.length !== skills.length) return null
  const changed = changedPlaces(last.skills, skills, QUICK_RELINT_LIMIT)
  if (!changed || changed.some((i) => skills[i]?.path !== last.skills[i]?.path)) return null
  if (changed.length === 0) return last.result
  const across = cache.workspace?.findings
  if (!across) return null
  const linted = changed.map((i) => lintSkill(skills[i] as Skill, textOf, options))
  const keys = linted.map((lint) => workspaceKey(lint.context))
  const moved = new Set<string>()
  for (const [n, key] of keys.entries()) {
    const before = last.keys[changed[n] as number] as string
    if (key === before) continue
    if (withoutPlace(key) !== withoutPlace(before)) return null
    moved.add(linted[n]?.skill.path as string)
  }
  let acrossNow = across
  let keysNow = last.keys
  if (moved.size > 0) {
    // The same names, keywords and entry modes at new places (an edit above them in the
    // frontmatter: typing a description). The workspace rules' findings do not change, only where
    // they point: reported again for these skills alone, not formatted again for thousands.
    const contexts: SkillContext[] = []
    for (const skill of skills) {
      const context = cache.skills.get(skill.path)?.context
      if (!context || context.skill !== skill) return null
      contexts.push(context)
    }
    const relocated = finishSteps(workspaceFindings(contexts, LINT_RULES, profile, moved))
    acrossNow = new Map(across)
    for (const path of moved) {
      const list = relocated.get(path)
      if (list) acrossNow.set(path, list)
      else acrossNow.delete(path)
    }
    keysNow = [...last.keys]
    for (const [n, i] of changed.entries()) keysNow[i] = keys[n] as string
    cache.workspace = { keys: keysNow, profile, findings: acrossNow }
  }
  let findings = FindingsByPath.over(last.result.findings)
  const totals = { ...last.result.totals }
  for (const { skill, findings: own } of linted) {
    count(findings.get(skill.path) ?? [], totals, -1)
    const list = mergeFindings(skill.path, own, acrossNow.get(skill.path), cache)
    findings = findings.with(skill.path, list)
    count(list, totals, 1)
  }
  const result = { skills: skills as Skill[], findings, totals }
  cache.last = { ...last, skills, keys: keysNow, result }
  return result
}

const SILENT: Reporter = { at: () => {}, silent: true }

/**
 * The workspace rules' findings by path: for every skill, or only for the paths in `only` (the
 * rules still read every skill; the others' findings are not built).
 */
function* workspaceFindings(
  contexts: readonly SkillContext[],
  rules: readonly LintRule[],
  profile: LintProfile,
  only?: ReadonlySet<string>,
): Generator<void, Map<string, Finding[]>> {
  const computed = new Map<string, Finding[]>()
  const byPath = new Map(
    contexts.filter((context) => !only || only.has(context.skill.path)).map((context) => [context.skill.path, context]),
  )
  for (const rule of rules) {
    if (!rule.checkWorkspace || severityIn(rule.severity, profile) === 'off') continue
    const steps = rule.checkWorkspace(contexts, (path) => {
      const context = byPath.get(path)
      if (!context) return SILENT
      const list = computed.get(path) ?? []
      computed.set(path, list)
      return reporter(rule, context, profile, list)
    })
    if (steps) yield* steps
    yield
  }
  return computed
}

/** Skills a keystroke's re-lint takes on at most before a full pass is cheaper. */
const QUICK_RELINT_LIMIT = 32

/** A skill's own findings and the workspace rules' in file order; the same array while both are. */
function mergeFindings(path: string, own: Finding[], across: Finding[] | undefined, cache: LintCache | undefined): Finding[] {
  const previous = cache?.final.get(path)
  if (previous && previous.own === own && previous.across === across) return previous.list
  const list = [...own, ...(across ?? [])].sort(
    (a, b) => a.range.startLine - b.range.startLine || a.range.startColumn - b.range.startColumn,
  )
  cache?.final.set(path, { own, across, list })
  return list
}

function count(list: readonly Finding[], totals: Record<Severity, number>, by: 1 | -1): void {
  for (const finding of list) totals[finding.severity] += by
}

/**
 * A file's text by path. Only skills the cache does not hold need theirs (a keystroke re-lints
 * one skill of thousands): the first few are found by a scan, and a map is built only for many.
 */
function textLookup(files: readonly SkillFile[]): (path: string) => string | undefined {
  let scans = 0
  let texts: Map<string, string> | null = null
  return (path) => {
    if (!texts && scans++ < 8) return files.find((file) => file.path === path)?.text
    texts ??= new Map(files.map((file) => [file.path, file.text]))
    return texts.get(path)
  }
}

/** One skill's own findings (parse problems and per-skill rules), from the cache while the skill is unchanged. */
function lintSkill(skill: Skill, textOf: (path: string) => string | undefined, options: LintOptions): CachedSkillLint {
  const profile = options.profile ?? 'app'
  const cache = options.cache
  const cached = cache?.skills.get(skill.path)
  if (cached && cached.skill === skill && cached.profile === profile && cached.toolNames === options.toolNames && !options.rules)
    return cached
  const file = { path: skill.path, text: textOf(skill.path) ?? '' }
  const context: SkillContext = {
    skill,
    file,
    lines: new LineIndex(file.text),
    split: splitSkillFile(file.text),
    profile,
    knownTools: new Set([...(options.toolNames ?? BUILTIN_TOOL_NAMES), ...Object.keys(skill.tools)]),
    fileText: textOf,
    ...(options.files ? { workspaceFiles: options.files } : {}),
  }
  const own: Finding[] = parseFindings(context, profile)
  // A tool folder's schema.json (seed 001) has no frontmatter or body for the SKILL.md rules to read.
  const ownRules = isToolSchemaPath(skill.path) ? [] : (options.rules ?? LINT_RULES)
  for (const rule of ownRules)
    if (rule.check && severityIn(rule.severity, profile) !== 'off') rule.check(context, reporter(rule, context, profile, own))
  const result = { skill, profile, toolNames: options.toolNames, context, findings: own }
  cache?.skills.set(skill.path, result)
  return result
}

// What the workspace rules read of a skill, kept per (cached) context so an unchanged skill costs a
// lookup; its last part is where the frontmatter ends, which moves the places findings point to.
const workspaceKeys = new WeakMap<SkillContext, string>()
function workspaceKey(context: SkillContext): string {
  let key = workspaceKeys.get(context)
  if (key === undefined) {
    const { skill, split } = context
    // A client's listing budget (catalog-cut) reads descriptions too.
    const listed = clientOfLintProfile(context.profile)
      ? `${skill.description}\u0002${String(skill.extraFields['disable-model-invocation'])}`
      : ''
    key = `${skill.path}\u0001${skill.name}\u0001${skill.entryMode}\u0001${skill.triggerKeywords.join('\u0002')}\u0001${listed}\u0001${split.frontmatterSpan[1]}`
    workspaceKeys.set(context, key)
  }
  return key
}

/** A workspace key without its place: what the workspace rules decide from. */
function withoutPlace(key: string): string {
  return key.slice(0, key.lastIndexOf('\u0001'))
}

function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** A rule's explanation in English (the catalog's `lint.<id>.explanation`). */
export function explanationOf(id: string): string {
  // Formatted once per rule: a keyword a thousand skills share is a thousand findings of one rule.
  let text = explanations.get(id)
  if (text === undefined) {
    text = formatMessage(message(`lint.${id}.explanation` as MessageKey))
    explanations.set(id, text)
  }
  return text
}
const explanations = new Map<string, string>()

function parseFindings(context: SkillContext, profile: LintProfile): Finding[] {
  const result: Finding[] = []
  for (const diagnostic of context.skill.diagnostics) {
    if (REPLACED_BY_RULES.has(diagnostic.code)) continue
    const known = PARSE_CODES[diagnostic.code]
    const severity = known?.severity?.[profile] ?? diagnostic.severity
    if (severity === 'off') continue
    result.push({ ...diagnostic, severity, explanation: known ? explanationOf(diagnostic.code) : '', ...quoteFix(context, diagnostic) })
  }
  return result
}

function reporter(rule: LintRule, context: SkillContext, profile: LintProfile, into: Finding[]): Reporter {
  const severity = severityIn(rule.severity, profile)
  return {
    at: (span, message, fix) => {
      if (severity === 'off') return
      const lines = context.lines
      into.push({
        code: rule.id,
        severity,
        message: formatMessage(message),
        text: message,
        range: lines.range(span[0], span[1]),
        explanation: explanationOf(rule.id),
        ...(fix
          ? {
              fix: {
                title: formatMessage(fix.title),
                label: fix.title,
                edits: fix.edits.map((edit) => ({ range: lines.range(edit.span[0], edit.span[1]), text: edit.text })),
              },
            }
          : {}),
      })
    },
  }
}

/** For a YAML error on a `key: value` line whose value is unquoted: offer to quote it. */
function quoteFix(context: SkillContext, diagnostic: Diagnostic): Pick<Finding, 'fix'> | Record<string, never> {
  if (diagnostic.code !== 'frontmatter-syntax') return {}
  const line = diagnostic.range.startLine
  const range = context.lines.lineRange(line)
  const start = offsetOf(context.lines, range.startLine, range.startColumn)
  const end = offsetOf(context.lines, range.endLine, range.endColumn)
  const text = context.file.text.slice(start, end)
  const match = /^(\s*[\w-]+:\s+)(.+?)\s*$/.exec(text)
  if (!match || /^["'|>[{]/.test(match[2] ?? '')) return {}
  const valueStart = start + (match[1]?.length ?? 0)
  const span: Span = [valueStart, valueStart + (match[2]?.length ?? 0)]
  const label = message('lint.frontmatter-syntax.fix')
  return {
    fix: { title: formatMessage(label), label, edits: [{ range: context.lines.range(span[0], span[1]), text: JSON.stringify(match[2]) }] },
  }
}

function offsetOf(lines: LineIndex, line: number, column: number): number {
  const text = lines.text
  let offset = 0
  for (let current = 1; current < line; current++) offset = text.indexOf('\n', offset) + 1
  return offset + column - 1
}

/** Applies a fix's edits to a text (edits must not overlap). */
export function applyFix(text: string, fix: Finding['fix']): string {
  if (!fix) return text
  const lines = new LineIndex(text)
  const edits = fix.edits
    .map((edit) => ({
      start: offsetOf(lines, edit.range.startLine, edit.range.startColumn),
      end: offsetOf(lines, edit.range.endLine, edit.range.endColumn),
      text: edit.text,
    }))
    .sort((a, b) => b.start - a.start)
  let result = text
  for (const edit of edits) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
  return result
}

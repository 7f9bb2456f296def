import type { LineIndex, TextRange } from '../lib/text'
import type { Message } from '../messages'
import type { Diagnostic, Severity, Skill, SkillFile, SplitSkillFile, Span } from '../skill'

/** The profiles every rule grades itself in: this app's format, the strict Agent Skills standard, or lenient. */
export type BaseProfile = 'app' | 'strict' | 'lenient'
/** A client's profile (docs/clients.md): the standard's rules, with what the client reads and refuses. */
export type ClientLintProfile = 'claude-code' | 'codex' | 'copilot' | 'claude-api'
/** Which rules apply and how hard. */
export type LintProfile = BaseProfile | ClientLintProfile
export const LINT_PROFILES: { value: LintProfile; label: string }[] = [
  { value: 'app', label: 'Skill Playground format' },
  { value: 'strict', label: 'Strict Agent Skills' },
  { value: 'lenient', label: 'Lenient (only what breaks)' },
  { value: 'claude-code', label: 'Claude Code' },
  { value: 'codex', label: 'Codex' },
  { value: 'copilot', label: 'GitHub Copilot in VS Code' },
  { value: 'claude-api', label: 'Claude API upload' },
]
export const LINT_PROFILE_VALUES: readonly LintProfile[] = LINT_PROFILES.map((profile) => profile.value)

export interface TextEdit {
  range: TextRange
  text: string
}

export interface LintFix {
  /** In English (the CLI, logs); `label` puts it in the reader's language. */
  title: string
  label: Message
  edits: TextEdit[]
}

/** A lint result: a diagnostic with the rule's explanation and, where obvious, a fix. */
export interface Finding extends Diagnostic {
  /** The message as a catalog entry (src/core/messages), for the reader's language; `message` is its English. */
  text?: Message
  /** Why the rule exists, in English; the catalog has it as `lint.<code>.explanation`. */
  explanation: string
  fix?: LintFix
}

export interface SkillContext {
  skill: Skill
  file: SkillFile
  lines: LineIndex
  split: SplitSkillFile
  profile: LintProfile
  /** Every tool name the skill may require: the built-in catalog plus its own declared tools. */
  knownTools: ReadonlySet<string>
  /** Another workspace file's text by path (Codex's agents/openai.yaml beside SKILL.md), when the caller gave the files. */
  fileText?: (path: string) => string | undefined
  /** Every file of the workspace as given to the lint (a skill folder's size for the Claude API). */
  workspaceFiles?: readonly SkillFile[]
}

export interface Reporter {
  /** Reports at a file span; `fix` edits are spans too. */
  at: (span: Span, message: Message, fix?: { title: Message; edits: { span: Span; text: string }[] }) => void
  /** Nothing reported here is kept (a skill the pass does not report for): a rule may skip building it. */
  silent?: true
}

export type RuleSeverity = Severity | 'off'

/** A rule's severity per profile: the three base profiles always, a client's where it differs from the standard's (`strict`). */
export type RuleSeverities = Record<BaseProfile, RuleSeverity> & Partial<Record<ClientLintProfile, RuleSeverity>>

/** A rule's severity in `profile`: a client profile without its own takes the standard's. */
export function severityIn(severity: RuleSeverities, profile: LintProfile): RuleSeverity {
  return severity[profile] ?? severity.strict
}

export interface LintRule {
  /** Also the rule's key in the message catalog (`lint.<id>.explanation`, `.message`, `.fix`). */
  id: string
  severity: RuleSeverities
  check?: (context: SkillContext, report: Reporter) => void
  /**
   * Rules about several skills at once report per file path. One that may report thousands of
   * times (a keyword a thousand skills share) is a generator that yields now and then, so a
   * caller can spread it over several tasks (`lintWorkspaceInSteps`).
   */
  checkWorkspace?: (skills: readonly SkillContext[], report: (path: string) => Reporter) => void | Iterable<void>
}

/**
 * How many skills (or findings) one step of `lintWorkspaceInSteps` covers. A skill's lint is short
 * but not free (the first ones, before the engine has optimised it, the slowest): 25 keep a step
 * small, so a slice that starts one near its end stays short. At 100 an import's slice ran into a
 * long task.
 */
export const LINT_STEP = 25

/** The same severity in every profile. */
export const always = (severity: RuleSeverity): RuleSeverities => ({
  app: severity,
  strict: severity,
  lenient: severity,
})

import type { TextRange } from '../lib/text'

export type Severity = 'error' | 'warning' | 'info'

/** A problem found in one file, anchored to a 1-based range in that file's text. */
export interface Diagnostic {
  /** Stable rule id, e.g. `yaml-syntax`, `field-type`. */
  code: string
  severity: Severity
  message: string
  range: TextRange
}

export type EntryMode = 'auto' | 'manual'

/** A JSON Schema object, kept as written. */
export type JsonSchema = Record<string, unknown>

/** A tool declared by the skill itself, answered from its mock (docs/skill-format.md, `tools`). */
export interface SkillToolDeclaration {
  description: string
  parameters: JsonSchema
  mock: unknown
}

/** A workspace file as the user edits it: its path relative to the skills root, and its text. */
export interface SkillFile {
  path: string
  text: string
}

/** One parsed SKILL.md. Parsing never fails: problems land in `diagnostics`. */
export interface Skill {
  path: string
  name: string
  description: string
  triggerKeywords: string[]
  requiredTools: string[]
  maxRounds: number
  entryMode: EntryMode
  tags: string[]
  parameters: JsonSchema | undefined
  tools: Record<string, SkillToolDeclaration>
  version: string | undefined
  /** Its group for grouped routing: the `group` field, else the folder above its own (`<group>/<skill>/SKILL.md`). */
  group: string | undefined
  /** The skill the agent switches to when this one's tools fail twice in a run (`fallback`). */
  fallback: string | undefined
  /** Keys this app does not know (e.g. Agent Skills `license`), kept for round trips. */
  extraFields: Record<string, unknown>
  /** The Markdown after the frontmatter: the system prompt while the skill is active. */
  body: string
  /** Where each top-level frontmatter field's value sits in the file, for precise remarks. */
  fieldRanges: Record<string, TextRange>
  /** 1-based file line where `body` starts. */
  bodyStartLine: number
  diagnostics: Diagnostic[]
}

export const SKILL_DEFAULTS = {
  /** Keywords per skill, and characters per keyword, that routing and lint take in. */
  maxKeywords: 200,
  maxKeywordLength: 100,
  description: 'No description',
  maxRounds: 5,
  minRounds: 1,
  maxRoundsLimit: 50,
  entryMode: 'auto' as EntryMode,
} as const

/**
 * The clients that read SKILL.md files, as far as their published documents and sources say: which
 * frontmatter fields each reads, and how each cuts the skill listing its model sees. Every number
 * is sourced, with its date, in docs/clients.md; each can be changed in the catalog budget view,
 * because clients change them often.
 */

import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from '../skill/fieldLimits'

/** A client, or the public Agent Skills standard itself. */
export type ClientId = 'agent-skills' | 'claude-code' | 'codex' | 'copilot' | 'claude-api'

export const CLIENT_IDS: readonly ClientId[] = ['agent-skills', 'claude-code', 'codex', 'copilot', 'claude-api']

/**
 * How a client lays out its listing when it overflows:
 * - `none`: no budget (the standard only recommends about 100 tokens a skill);
 * - `claude-code`: every name stays; descriptions are dropped, whole, from the end of the list;
 * - `codex`: every name and path stays while they fit; descriptions are shortened a character at a
 *   time, round-robin, so short ones keep all of theirs; past that, skills are left out;
 * - `copilot`: full entries while they fit, then names only in a second, smaller budget, then
 *   "and N more";
 * - `claude-api`: a request carries a few skills (`maxSkills`); the others are not in it.
 */
export type CatalogLayoutKind = 'none' | 'claude-code' | 'codex' | 'copilot' | 'claude-api'

/** The numbers of a client's listing budget. A zero turns its rule off. */
export interface BudgetNumbers {
  /** The model's context window in tokens; 0: the budget is `budgetChars`. */
  contextTokens: number
  /** The share of the context window the listing may take, in percent. */
  percent: number
  /** Characters per token, to turn a share of the window into characters (Claude Code). */
  charsPerToken: number
  /** The listing's budget in characters when no context window is set. */
  budgetChars: number
  /** Characters of each description the listing keeps at most. */
  descriptionChars: number
  /** Characters of the names-only list after the budget (Copilot). */
  namesChars: number
  /** Skills one request carries at most (the Claude API). */
  maxSkills: number
}

export type BudgetNumberKey = keyof BudgetNumbers

export interface ClientProfile {
  id: ClientId
  /** The client's own name, the same in every language. */
  label: string
  /** The lint profile that grades a workspace for this client (the standard's is `strict`). */
  lintProfile: 'strict' | 'claude-code' | 'codex' | 'copilot' | 'claude-api'
  /** Frontmatter fields this client reads beyond the standard's. */
  extraFields: readonly string[]
  layout: CatalogLayoutKind
  numbers: BudgetNumbers
  /** Which numbers mean something for this client, in the order the view shows them. */
  editable: readonly BudgetNumberKey[]
  /** The folders (relative to a repository) where this client looks for skills. */
  folders: readonly string[]
}

/** The fields of the public Agent Skills standard (agentskills.io specification). */
export const STANDARD_FIELDS: readonly string[] = ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools']

const NO_BUDGET: BudgetNumbers = {
  contextTokens: 0,
  percent: 0,
  charsPerToken: 0,
  budgetChars: 0,
  descriptionChars: 0,
  namesChars: 0,
  maxSkills: 0,
}

export const CLIENT_PROFILES: Record<ClientId, ClientProfile> = {
  'agent-skills': {
    id: 'agent-skills',
    label: 'Agent Skills standard',
    lintProfile: 'strict',
    extraFields: [],
    layout: 'none',
    numbers: { ...NO_BUDGET, descriptionChars: MAX_DESCRIPTION_CHARS },
    editable: ['descriptionChars'],
    folders: ['.agents/skills'],
  },
  'claude-code': {
    id: 'claude-code',
    label: 'Claude Code',
    lintProfile: 'claude-code',
    extraFields: [
      'when_to_use',
      'argument-hint',
      'arguments',
      'disable-model-invocation',
      'user-invocable',
      'model',
      'effort',
      'context',
      'agent',
      'hooks',
      'paths',
      'shell',
    ],
    layout: 'claude-code',
    numbers: { ...NO_BUDGET, contextTokens: 200_000, percent: 1, charsPerToken: 4, budgetChars: 8000, descriptionChars: 1536 },
    editable: ['contextTokens', 'percent', 'charsPerToken', 'budgetChars', 'descriptionChars'],
    folders: ['.claude/skills'],
  },
  codex: {
    id: 'codex',
    label: 'Codex',
    lintProfile: 'codex',
    extraFields: [],
    layout: 'codex',
    numbers: { ...NO_BUDGET, contextTokens: 0, percent: 2, budgetChars: 8000, descriptionChars: MAX_DESCRIPTION_CHARS },
    editable: ['contextTokens', 'percent', 'budgetChars', 'descriptionChars'],
    folders: ['.agents/skills', '.codex/skills'],
  },
  copilot: {
    id: 'copilot',
    label: 'GitHub Copilot in VS Code',
    lintProfile: 'copilot',
    extraFields: ['argument-hint', 'user-invocable', 'disable-model-invocation', 'context'],
    layout: 'copilot',
    numbers: { ...NO_BUDGET, budgetChars: 15_000, namesChars: 5000 },
    editable: ['budgetChars', 'namesChars'],
    folders: ['.github/skills', '.claude/skills', '.agents/skills'],
  },
  'claude-api': {
    id: 'claude-api',
    label: 'Claude API',
    lintProfile: 'claude-api',
    extraFields: [],
    layout: 'claude-api',
    numbers: { ...NO_BUDGET, descriptionChars: MAX_DESCRIPTION_CHARS, maxSkills: 8 },
    editable: ['maxSkills', 'descriptionChars'],
    folders: [],
  },
}

/** The Claude API's upload rules (docs/clients.md). */
export const CLAUDE_API_RULES = {
  /** Words a skill's name must not contain. */
  reservedWords: ['anthropic', 'claude'] as readonly string[],
  nameChars: MAX_NAME_CHARS,
  descriptionChars: MAX_DESCRIPTION_CHARS,
  /** An upload's files together, uncompressed. */
  uploadBytes: 30 * 1024 * 1024,
}

/** Codex's sidecar beside SKILL.md, and the keys it reads (docs/clients.md). */
export const CODEX_SIDECAR = 'agents/openai.yaml'
export const CODEX_SIDECAR_KEYS: Readonly<Record<string, readonly string[]>> = {
  interface: ['display_name', 'short_description', 'icon_small', 'icon_large', 'brand_color', 'default_prompt'],
  policy: ['allow_implicit_invocation'],
  dependencies: ['tools'],
}

/** The clients (other than `except`) that define `field` beyond the standard. */
export function clientsDefining(field: string, except?: ClientId): ClientProfile[] {
  return CLIENT_IDS.map((id) => CLIENT_PROFILES[id]).filter((client) => client.id !== except && client.extraFields.includes(field))
}

/** The client a lint profile stands for, or null for this app's own profiles. */
export function clientOfLintProfile(profile: string): ClientProfile | null {
  return CLIENT_IDS.map((id) => CLIENT_PROFILES[id]).find((client) => client.lintProfile === profile) ?? null
}

/** Whether `value` names a client (`--client`, a saved choice). */
export function isClientId(value: unknown): value is ClientId {
  return typeof value === 'string' && (CLIENT_IDS as readonly string[]).includes(value)
}

/**
 * A client's numbers with edits applied: each edit must be a whole number from 0 to 10,000,000
 * (anything else keeps the client's own number), so a typed value never breaks the layout.
 */
export function budgetNumbers(client: ClientId, edits: Partial<Record<BudgetNumberKey, unknown>> = {}): BudgetNumbers {
  const numbers = { ...CLIENT_PROFILES[client].numbers }
  for (const key of Object.keys(numbers) as BudgetNumberKey[]) {
    const value = edits[key]
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_BUDGET_NUMBER)
      numbers[key] = key === 'percent' || key === 'charsPerToken' ? value : Math.floor(value)
  }
  return numbers
}

/** The largest number a budget takes (a context window of ten million tokens). */
export const MAX_BUDGET_NUMBER = 10_000_000

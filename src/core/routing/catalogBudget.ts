/**
 * The skill listing as a chosen client would lay it out for its model: which descriptions stay
 * whole, which are shortened, which skills keep only their name and which are left out. Each
 * client's rule is described, with its source, in docs/clients.md; the numbers are
 * `BudgetNumbers`, so the view can try others.
 */
import { CLIENT_PROFILES, CODEX_SIDECAR, type BudgetNumbers, type ClientId } from '../clients/clientProfiles'
import { codePointLength } from '../lib/text'
import { parseYamlText, type Skill } from '../skill'

/** What the listing keeps of one skill. */
export type EntryState = 'full' | 'shortened' | 'name-only' | 'omitted'

export interface CatalogEntry {
  path: string
  name: string
  state: EntryState
  /** Characters of the description (with Claude Code's `when_to_use`) as written. */
  descriptionChars: number
  /** Characters of it the listing shows. */
  shownChars: number
  /** The skill's line (or block) in the listing; empty when it is left out. */
  text: string
}

export interface CatalogLayout {
  client: ClientId
  /** What `budget` and `used` count: characters, or tokens as the client estimates them (UTF-8 bytes / 4). */
  unit: 'chars' | 'tokens'
  /** The listing's budget; 0 when the client sets none. */
  budget: number
  /** What the laid-out listing costs, in `unit`. */
  used: number
  /** What the listing would cost with every description whole. */
  wanted: number
  /** One entry per skill the model may pick, in listing order. */
  entries: CatalogEntry[]
  /**
   * Skills the client never lists for its model (`disable-model-invocation: true`; in Codex,
   * `policy.allow_implicit_invocation: false` in agents/openai.yaml): they run only when asked by name.
   */
  manualOnly: string[]
  /** The listing as the client would send it. */
  text: string
}

/** The budget in the layout's unit. */
export function budgetOf(client: ClientId, numbers: BudgetNumbers): { unit: 'chars' | 'tokens'; budget: number } {
  switch (CLIENT_PROFILES[client].layout) {
    case 'claude-code':
      return {
        unit: 'chars',
        budget:
          numbers.contextTokens > 0
            ? Math.floor((numbers.contextTokens * numbers.percent * numbers.charsPerToken) / 100)
            : numbers.budgetChars,
      }
    case 'codex':
      return numbers.contextTokens > 0
        ? { unit: 'tokens', budget: Math.max(1, Math.floor((numbers.contextTokens * numbers.percent) / 100)) }
        : { unit: 'chars', budget: numbers.budgetChars }
    case 'copilot':
      return { unit: 'chars', budget: numbers.budgetChars }
    case 'claude-api':
    case 'none':
      return { unit: 'chars', budget: 0 }
  }
}

interface Listed {
  skill: Skill
  name: string
  description: string
  path: string
}

/** Has a surrogate pair: its UTF-16 length is not its length in code points. */
const ASTRAL = /[\uD800-\uDFFF]/
const chars = (text: string): number => (ASTRAL.test(text) ? codePointLength(text) : text.length)
const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length
/** UTF-8 bytes of the first n code points of `text`, for every n. */
function cumulativeBytes(text: string): number[] {
  const sums = [0]
  let total = 0
  for (const char of text) {
    const point = char.codePointAt(0) as number
    total += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4
    sums.push(total)
  }
  return sums
}
/** The first `n` code points of `text`. */
const firstChars = (text: string, n: number): string =>
  n <= 0 ? '' : ASTRAL.test(text) ? Array.from(text).slice(0, n).join('') : text.slice(0, n)

const isTrue = (value: unknown) => value === true || value === 'true'

/** A description as a listing shows it: whitespace runs as one space, like catalogListing. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Whether Codex's agents/openai.yaml beside the skill at `path` turns implicit invocation off. */
function codexExplicitOnly(path: string, fileText: (path: string) => string | undefined): boolean {
  const slash = path.lastIndexOf('/')
  const text = slash < 0 ? undefined : fileText(`${path.slice(0, slash)}/${CODEX_SIDECAR}`)
  if (text === undefined) return false
  const { value } = parseYamlText(text)
  const policy = typeof value === 'object' && value !== null ? (value as { policy?: unknown }).policy : undefined
  return (
    typeof policy === 'object' && policy !== null && (policy as { allow_implicit_invocation?: unknown }).allow_implicit_invocation === false
  )
}

/**
 * Lays out `skills`' listing as `client` would with `numbers` (the client's own when not given).
 * `fileText` reads the workspace's other files (Codex's agents/openai.yaml), when there are any.
 */
export function catalogBudget(
  skills: readonly Skill[],
  client: ClientId,
  numbers: BudgetNumbers = CLIENT_PROFILES[client].numbers,
  fileText?: (path: string) => string | undefined,
): CatalogLayout {
  const profile = CLIENT_PROFILES[client]
  const usesManual = profile.extraFields.includes('disable-model-invocation')
  const manualOnly: string[] = []
  const listed: Listed[] = []
  for (const skill of skills) {
    if (
      (usesManual && isTrue(skill.extraFields['disable-model-invocation'])) ||
      (client === 'codex' && fileText !== undefined && codexExplicitOnly(skill.path, fileText))
    ) {
      manualOnly.push(skill.name)
      continue
    }
    const written = skill.fieldRanges.description ? oneLine(skill.description) : ''
    const whenToUse =
      client === 'claude-code' && typeof skill.extraFields.when_to_use === 'string' ? oneLine(skill.extraFields.when_to_use) : ''
    listed.push({ skill, name: skill.name, description: [written, whenToUse].filter(Boolean).join(' '), path: skill.path })
  }
  const { unit, budget } = budgetOf(client, numbers)
  const base = { client, unit, budget, manualOnly }
  switch (profile.layout) {
    case 'claude-code':
      return { ...base, ...claudeCodeLayout(listed, budget, numbers.descriptionChars) }
    case 'codex':
      return { ...base, ...codexLayout(listed, unit, budget, numbers.descriptionChars) }
    case 'copilot':
      return { ...base, ...copilotLayout(listed, budget, numbers.namesChars) }
    case 'claude-api':
      return { ...base, ...claudeApiLayout(listed, numbers.maxSkills, numbers.descriptionChars) }
    case 'none':
      return { ...base, ...wholeLayout(listed) }
  }
}

type Laid = Pick<CatalogLayout, 'used' | 'wanted' | 'entries' | 'text'>

function entry(item: Listed, state: EntryState, shown: number, text: string): CatalogEntry {
  return { path: item.path, name: item.name, state, descriptionChars: chars(item.description), shownChars: shown, text }
}

function finish(entries: CatalogEntry[], wanted: number, cost: (text: string) => number, separator = '\n'): Laid {
  const text = entries
    .filter((e) => e.text !== '')
    .map((e) => e.text)
    .join(separator)
  return { used: text === '' ? 0 : cost(text), wanted, entries, text }
}

/** A description cut to `cap` characters, marked with an ellipsis; the whole one when it fits or `cap` is 0. */
function capped(description: string, cap: number): { text: string; shown: number } {
  const length = chars(description)
  if (cap <= 0 || length <= cap) return { text: description, shown: length }
  return { text: `${firstChars(description, Math.max(0, cap - 1))}…`, shown: Math.max(0, cap - 1) }
}

function wholeLayout(listed: readonly Listed[]): Laid {
  const entries = listed.map((item) => entry(item, 'full', chars(item.description), `- ${item.name}: ${item.description}`))
  const laid = finish(entries, 0, chars)
  return { ...laid, wanted: laid.used }
}

/**
 * Claude Code: `- name: description` lines, each description capped; when they overflow the
 * budget, descriptions are dropped whole (the names stay). Claude Code drops those of the skills
 * invoked least; the playground has no usage to go by, so it drops from the end of the list.
 */
function claudeCodeLayout(listed: readonly Listed[], budget: number, cap: number): Laid {
  const lines = listed.map((item) => {
    const shown = capped(item.description, cap)
    return { item, full: `- ${item.name}: ${shown.text}`, bare: `- ${item.name}`, shown: shown.shown }
  })
  const cost = (line: string) => chars(line) + 1
  const wanted = lines.reduce((sum, line) => sum + cost(line.full), 0)
  let used = wanted
  let keep = lines.length
  while (budget > 0 && used > budget && keep > 0) {
    keep--
    const line = lines[keep] as (typeof lines)[number]
    used -= cost(line.full) - cost(line.bare)
  }
  const entries = lines.map((line, i) => {
    if (i >= keep) return entry(line.item, line.shown > 0 ? 'name-only' : 'full', 0, line.bare)
    const state = line.shown < chars(line.item.description) ? 'shortened' : 'full'
    return entry(line.item, state, line.shown, line.full)
  })
  return finish(entries, wanted, (text) => chars(text) + 1)
}

/**
 * Codex (codex-rs/core-skills/src/render.rs): `- name: description (file: path)` lines. When they
 * overflow, every line keeps its name and path and the room left is shared out a character at a
 * time, round-robin, so short descriptions stay whole; when even names and paths overflow, lines
 * are kept in order while they fit and the rest are left out.
 */
function codexLayout(listed: readonly Listed[], unit: 'chars' | 'tokens', budget: number, cap: number): Laid {
  const cost = unit === 'chars' ? (text: string) => chars(text) : (text: string) => Math.ceil(utf8Bytes(text) / 4)
  const items = listed.map((item) => {
    // Codex marks a capped description with "..." inside the cap: 1,021 characters and the dots.
    const whole = chars(item.description)
    const description = cap > 0 && whole > cap ? `${firstChars(item.description, Math.max(0, cap - 3))}...` : item.description
    return { item, description, length: chars(description) }
  })
  const line = (name: string, description: string, path: string) =>
    description === '' ? `- ${name}: (file: ${path})` : `- ${name}: ${description} (file: ${path})`
  const lineCost = (text: string) => cost(`${text}\n`)
  const full = items.map(({ item, description }) => line(item.name, description, item.path))
  const wanted = full.reduce((sum, text) => sum + lineCost(text), 0)
  const described = (i: number, n: number) => {
    const it = items[i] as (typeof items)[number]
    return line(it.item.name, firstChars(it.description, n), it.item.path)
  }
  const state = (i: number, n: number): EntryState => {
    const it = items[i] as (typeof items)[number]
    if (n >= chars(it.item.description)) return 'full'
    return n === 0 && it.length > 0 ? 'name-only' : 'shortened'
  }
  // Characters of the written description a line shows (a capped one's dots are not the author's).
  const shownOf = (i: number, n: number) => {
    const it = items[i] as (typeof items)[number]
    return it.description === it.item.description ? n : Math.min(n, Math.max(0, it.length - 3))
  }
  const joined = (entries: CatalogEntry[]) => finish(entries, wanted, (text) => cost(`${text}\n`))
  if (wanted <= budget || budget <= 0)
    return joined(items.map(({ item, length }, i) => entry(item, state(i, length), shownOf(i, length), full[i] as string)))

  const minimum = items.map((_, i) => lineCost(described(i, 0)))
  const minimumTotal = minimum.reduce((sum, value) => sum + value, 0)
  if (minimumTotal <= budget) {
    // The cost of each next character of each description, as Codex counts it (a space comes with the first).
    const allocation = items.map(() => 0)
    const spent = items.map(() => 0)
    let remaining = budget - minimumTotal
    // In tokens, UTF-8 bytes of each description's first n characters, counted once.
    const prefixBytes = unit === 'tokens' ? items.map((it) => cumulativeBytes(it.description)) : []
    const minimumBytes = items.map((_, i) => (unit === 'tokens' ? utf8Bytes(described(i, 0)) + 1 : 0))
    const extra = (i: number, n: number) => {
      if (n === 0) return 0
      if (unit === 'chars') return n + 1
      const bytes = (minimumBytes[i] as number) + ((prefixBytes[i] as number[])[n] as number) + 1
      return Math.ceil(bytes / 4) - Math.ceil((minimumBytes[i] as number) / 4)
    }
    for (let changed = true; changed;) {
      changed = false
      for (let i = 0; i < items.length; i++) {
        if ((allocation[i] as number) >= (items[i] as (typeof items)[number]).length) continue
        const next = extra(i, (allocation[i] as number) + 1)
        const delta = next - (spent[i] as number)
        if (delta <= remaining) {
          allocation[i] = (allocation[i] as number) + 1
          spent[i] = next
          remaining -= delta
          changed = true
        }
      }
    }
    return joined(
      items.map(({ item }, i) =>
        entry(item, state(i, allocation[i] as number), shownOf(i, allocation[i] as number), described(i, allocation[i] as number)),
      ),
    )
  }
  let used = 0
  return joined(
    items.map(({ item }, i) => {
      const lineMinimum = minimum[i] as number
      if (used + lineMinimum <= budget) {
        used += lineMinimum
        return entry(item, state(i, 0), 0, described(i, 0))
      }
      return entry(item, 'omitted', 0, '')
    }),
  )
}

/**
 * Copilot in VS Code: `<skill>` blocks while they fit the budget; the rest as a comma-separated
 * list of names in a second budget; past that, "... and N more".
 */
function copilotLayout(listed: readonly Listed[], budget: number, namesBudget: number): Laid {
  const blocks = listed.map((item) =>
    [
      '<skill>',
      `<name>${item.name}</name>`,
      ...(item.description ? [`<description>${item.description}</description>`] : []),
      `<file>${item.path}</file>`,
      '</skill>',
    ].join('\n'),
  )
  const wanted = blocks.reduce((sum, block) => sum + chars(block) + 1, 0)
  let used = 0
  let cut = listed.length
  for (let i = 0; i < blocks.length; i++) {
    const length = chars(blocks[i] as string) + 1
    if (budget > 0 && used + length > budget) {
      cut = i
      break
    }
    used += length
  }
  const entries: CatalogEntry[] = listed.slice(0, cut).map((item, i) => entry(item, 'full', chars(item.description), blocks[i] as string))
  const names: string[] = []
  let namesLength = 0
  for (const item of listed.slice(cut)) {
    const addition = (names.length > 0 ? 2 : 0) + chars(item.name)
    if (namesLength + addition > namesBudget) {
      entries.push(entry(item, 'omitted', 0, ''))
      continue
    }
    namesLength += addition
    names.push(item.name)
    entries.push(entry(item, item.description ? 'name-only' : 'full', 0, ''))
  }
  const more = listed.length - cut - names.length
  let text = entries
    .filter((e) => e.text !== '')
    .map((e) => e.text)
    .join('\n')
  if (cut < listed.length) {
    const list = `Additional skills available (invoke by name): ${names.join(', ')}${more > 0 ? `... and ${more} more` : ''}`
    text = text === '' ? list : `${text}\n${list}`
  }
  return { used: text === '' ? 0 : chars(text), wanted, entries, text }
}

/** The Claude API: a request carries at most `maxSkills` skills; each description at most `cap` characters (a longer one is refused at upload). */
function claudeApiLayout(listed: readonly Listed[], maxSkills: number, cap: number): Laid {
  const entries = listed.map((item, i) => {
    if (maxSkills > 0 && i >= maxSkills) return entry(item, 'omitted', 0, '')
    const shown = capped(item.description, cap)
    const state = shown.shown < chars(item.description) ? 'shortened' : 'full'
    return entry(item, state, shown.shown, `- ${item.name}: ${shown.text}`)
  })
  const wanted = listed.reduce((sum, item) => sum + chars(`- ${item.name}: ${item.description}`) + 1, 0)
  return finish(entries, wanted, (text) => chars(text) + 1)
}

import { LineIndex } from '../lib/text'
import { splitSkillFile, type FieldLocation, type Span } from '../yaml'
import { SKILL_FOLDERS } from './skillFolders'
import { readParameters } from './parametersSchema'
import { isToolSchemaPath, parseToolSchema } from './toolFolderSkill'
import {
  SKILL_DEFAULTS,
  type Diagnostic,
  type EntryMode,
  type JsonSchema,
  type Severity,
  type Skill,
  type SkillToolDeclaration,
} from './types'

/** Fields of the public Agent Skills format: loaded and kept without any remark. */
export const AGENT_SKILLS_FIELDS = new Set(['license', 'allowed-tools', 'metadata', 'compatibility'])

export const KNOWN_FIELDS = [
  'name',
  'description',
  'trigger_keywords',
  'required_tools',
  'max_rounds',
  'entry_mode',
  'tags',
  'parameters',
  'tools',
  'version',
  'group',
  'fallback',
] as const

/** The name a skill gets when its frontmatter has none: its folder for `SKILL.md`, else the file stem. */
export function defaultSkillName(path: string): string {
  const parts = path.split('/')
  const file = parts[parts.length - 1] ?? path
  if ((file === 'SKILL.md' || file === 'skill.md') && parts.length > 1) return parts[parts.length - 2] ?? file
  return file.replace(/\.md$/i, '')
}

/**
 * `<group>/<skill>/SKILL.md` puts the skill in `<group>` (seed 001's grouped layout). A client's
 * skills folder (`.claude/skills/<skill>/`, `skills/<skill>/`: docs/clients.md) is no group.
 */
function folderGroup(path: string): string | undefined {
  const parts = path.split('/')
  if (parts.length < 3) return undefined
  const above = parts.slice(0, -2).join('/')
  return (SKILL_FOLDERS as readonly string[]).includes(above) ? undefined : parts[parts.length - 3]
}

/**
 * Parses one SKILL.md (docs/skill-format.md). Pure and synchronous; never throws. Every problem becomes a
 * diagnostic anchored in the file, and the skill still gets usable defaults.
 */
export function parseSkill(path: string, text: string): Skill {
  // Seed 001's tool folder (schema.json + main.py, no SKILL.md): the workspace loads its schema.json as the skill's file.
  if (isToolSchemaPath(path)) return parseToolSchema(path, text)
  const lines = new LineIndex(text)
  const split = splitSkillFile(text)
  const diagnostics: Diagnostic[] = []
  const report = (severity: Severity, code: string, message: string, span: Span) =>
    diagnostics.push({ severity, code, message, range: lines.range(span[0], span[1]) })

  for (const problem of split.errors) report('error', 'frontmatter-syntax', problem.message, problem.span)
  for (const problem of split.warnings) report('warning', 'frontmatter-syntax', problem.message, problem.span)

  let data: Record<string, unknown> = {}
  if (split.data !== undefined && split.data !== null) {
    if (isRecord(split.data)) data = split.data
    else report('error', 'frontmatter-shape', 'The frontmatter must be a list of "field: value" lines.', [0, split.bodyOffset])
  }

  const reader = new FieldReader(data, split.fields, report, [0, Math.max(split.bodyOffset, 3)])
  const name = reader.string('name') ?? defaultSkillName(path)
  const skill: Skill = {
    path,
    name,
    description: reader.string('description') ?? SKILL_DEFAULTS.description,
    triggerKeywords: reader.keywords(),
    requiredTools: reader.stringList('required_tools') ?? [],
    maxRounds: reader.maxRounds(),
    entryMode: reader.entryMode(),
    tags: reader.tags(),
    parameters: reader.schema('parameters'),
    tools: reader.tools(),
    version: reader.string('version'),
    group: reader.string('group')?.trim() || folderGroup(path),
    fallback: reader.string('fallback')?.trim() || undefined,
    extraFields: {},
    fieldRanges: Object.fromEntries([...split.fields].map(([key, location]) => [key, lines.range(location.value[0], location.value[1])])),
    body: split.body,
    bodyStartLine: lines.position(split.bodyOffset).line,
    diagnostics,
  }
  for (const [key, value] of Object.entries(data)) {
    if ((KNOWN_FIELDS as readonly string[]).includes(key)) continue
    // Defined, not assigned: a `__proto__` field must stay a field, not become the prototype.
    Object.defineProperty(skill.extraFields, key, { value, enumerable: true, writable: true, configurable: true })
    if (!AGENT_SKILLS_FIELDS.has(key)) {
      reader.remark('info', 'unknown-field', key, `Unknown field "${key}": kept as written, not used by the playground.`, 'key')
    }
  }
  return skill
}

type Report = (severity: Severity, code: string, message: string, span: Span) => void

/** Reads typed fields out of parsed frontmatter, coercing what is safe and reporting the rest. */
class FieldReader {
  constructor(
    private readonly data: Record<string, unknown>,
    private readonly locations: Map<string, FieldLocation>,
    private readonly report: Report,
    private readonly fallback: Span,
  ) {}

  remark(severity: Severity, code: string, key: string, message: string, part: 'key' | 'value' = 'value', item?: number): void {
    const location = this.locations.get(key)
    const span = !location ? this.fallback : item !== undefined ? (location.items?.[item] ?? location.value) : location[part]
    this.report(severity, code, message, span)
  }

  private has(key: string): boolean {
    return this.data[key] !== undefined && this.data[key] !== null
  }

  string(key: string): string | undefined {
    if (!this.has(key)) return undefined
    const value = this.data[key]
    if (typeof value === 'string') return value
    if (typeof value === 'number' || typeof value === 'boolean') {
      this.remark(
        'warning',
        'field-coerced',
        key,
        `"${key}" was read as the ${typeof value} ${String(value)}; quote it to keep it as text.`,
      )
      return String(value)
    }
    this.remark('error', 'field-type', key, `"${key}" must be text, not ${describe(value)}.`)
    return undefined
  }

  /**
   * trigger_keywords, bounded: every keystroke searches every keyword and the lint compares them
   * pairwise, so a list of thousands (or a keyword the size of a page) would stall typing.
   */
  keywords(): string[] {
    const all = this.stringList('trigger_keywords') ?? []
    const kept = all.slice(0, SKILL_DEFAULTS.maxKeywords).filter((keyword) => keyword.length <= SKILL_DEFAULTS.maxKeywordLength)
    if (all.length > SKILL_DEFAULTS.maxKeywords)
      this.remark(
        'warning',
        'field-value',
        'trigger_keywords',
        `Only the first ${SKILL_DEFAULTS.maxKeywords} of ${all.length} keywords are used; a skill needs a handful.`,
      )
    if (kept.length < Math.min(all.length, SKILL_DEFAULTS.maxKeywords))
      this.remark(
        'warning',
        'field-value',
        'trigger_keywords',
        `Keywords longer than ${SKILL_DEFAULTS.maxKeywordLength} characters are ignored: a keyword is a word or a phrase.`,
      )
    return kept
  }

  stringList(key: string): string[] | undefined {
    if (!this.has(key)) return undefined
    const value = this.data[key]
    if (typeof value === 'string' || typeof value === 'number') {
      this.remark('warning', 'field-coerced', key, `"${key}" should be a list; the single value was read as a one-item list.`)
      return [String(value)]
    }
    if (!Array.isArray(value)) {
      this.remark('error', 'field-type', key, `"${key}" must be a list of text, not ${describe(value)}.`)
      return undefined
    }
    const result: string[] = []
    value.forEach((item: unknown, index) => {
      if (typeof item === 'string') result.push(item)
      else if (typeof item === 'number' || typeof item === 'boolean') {
        this.remark(
          'warning',
          'field-coerced',
          key,
          `Item ${index + 1} of "${key}" was read as the ${typeof item} ${String(item)}; quote it.`,
          'value',
          index,
        )
        result.push(String(item))
      } else {
        this.remark(
          'error',
          'field-type',
          key,
          `Item ${index + 1} of "${key}" must be text, not ${describe(item)}; it is ignored.`,
          'value',
          index,
        )
      }
    })
    return result
  }

  maxRounds(): number {
    const key = 'max_rounds'
    if (!this.has(key)) return SKILL_DEFAULTS.maxRounds
    let value = this.data[key]
    if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) {
      this.remark('warning', 'field-coerced', key, `"max_rounds" is text; write it as a number.`)
      value = Number(value)
    }
    if (typeof value !== 'number' || !Number.isInteger(value)) {
      this.remark(
        'error',
        'field-type',
        key,
        `"max_rounds" must be a whole number from ${SKILL_DEFAULTS.minRounds} to ${SKILL_DEFAULTS.maxRoundsLimit}; using ${SKILL_DEFAULTS.maxRounds}.`,
      )
      return SKILL_DEFAULTS.maxRounds
    }
    if (value < SKILL_DEFAULTS.minRounds || value > SKILL_DEFAULTS.maxRoundsLimit) {
      const clamped = Math.min(Math.max(value, SKILL_DEFAULTS.minRounds), SKILL_DEFAULTS.maxRoundsLimit)
      this.remark(
        'error',
        'max-rounds-range',
        key,
        `"max_rounds" must be from ${SKILL_DEFAULTS.minRounds} to ${SKILL_DEFAULTS.maxRoundsLimit}; using ${clamped}.`,
      )
      return clamped
    }
    return value
  }

  entryMode(): EntryMode {
    const value = this.string('entry_mode')
    if (value === undefined) return SKILL_DEFAULTS.entryMode
    if (value === 'auto' || value === 'manual') return value
    this.remark('error', 'field-value', 'entry_mode', `"entry_mode" must be auto or manual, not "${value}"; using auto.`)
    return SKILL_DEFAULTS.entryMode
  }

  tags(): string[] {
    const value = this.data.tags
    if (typeof value === 'string')
      return value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    return this.stringList('tags') ?? []
  }

  schema(key: string): JsonSchema | undefined {
    if (!this.has(key)) return undefined
    const value = this.data[key]
    // Seed 004's shorthand is read as the schema it means; lint offers the full form (parameters-shorthand).
    if (isRecord(value)) return readParameters(value).schema
    this.remark(
      'error',
      'field-type',
      key,
      `"${key}" must be a JSON Schema object (type: object, properties: ...), not ${describe(value)}.`,
    )
    return undefined
  }

  tools(): Record<string, SkillToolDeclaration> {
    const key = 'tools'
    if (!this.has(key)) return {}
    const value = this.data[key]
    if (!isRecord(value)) {
      this.remark('error', 'field-type', key, `"tools" must map tool names to {description, parameters, mock}, not ${describe(value)}.`)
      return {}
    }
    const tools: Record<string, SkillToolDeclaration> = {}
    for (const [name, declaration] of Object.entries(value)) {
      if (!isRecord(declaration)) {
        this.remark('error', 'field-type', key, `Tool "${name}" must be a mapping with description, parameters and mock.`)
        continue
      }
      const parameters = declaration.parameters
      if (parameters !== undefined && !isRecord(parameters)) {
        this.remark('error', 'field-type', key, `Tool "${name}": "parameters" must be a JSON Schema object.`)
      }
      tools[name] = {
        description: typeof declaration.description === 'string' ? declaration.description : '',
        parameters: isRecord(parameters) ? parameters : { type: 'object', properties: {} },
        mock: declaration.mock ?? null,
      }
    }
    return tools
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list'
  if (value === null) return 'empty'
  if (typeof value === 'object') return 'a mapping'
  return `the ${typeof value} ${JSON.stringify(value)}`
}

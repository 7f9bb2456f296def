/**
 * What each client reads and refuses (docs/clients.md): a field one client defines is a warning in
 * the others, never an error; Claude Code's own fields are checked in its profile; the Claude
 * API's upload rules; Codex's `agents/openai.yaml`; `metadata` as a map of strings; and the
 * listing budget that may cut a skill's description in the chosen client.
 */
import { CLAUDE_API_RULES, clientOfLintProfile, clientsDefining, CODEX_SIDECAR, CODEX_SIDECAR_KEYS, type ClientProfile } from '../clients'
import { message as m } from '../messages'
import { catalogBudget } from '../routing/catalogBudget'
import { parseYamlText, skillFolderFiles, type SkillFile } from '../skill'
import { fieldsRead } from './fieldRules'
import type { LintRule, SkillContext } from './types'

const valueSpan = (context: SkillContext, key: string) => context.split.fields.get(key)?.value ?? ([0, 3] as const)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const frontmatter = (context: SkillContext): Record<string, unknown> => (isRecord(context.split.data) ? context.split.data : {})
const clientOf = (context: SkillContext): ClientProfile | null => clientOfLintProfile(context.profile)
const names = (clients: readonly ClientProfile[]) => clients.map((client) => client.label).join(', ')
/** An XML-like tag: `<name>`, `</name>`, `<name attr="…">`. */
const XML_TAG = /<\/?[A-Za-z][\w.-]*(\s[^<>]*)?\/?>/

/** Claude Code's fields and the values it takes (code.claude.com/docs/en/skills; docs/clients.md). */
const CLAUDE_CODE_VALUES: Record<string, (value: unknown) => boolean> = {
  'disable-model-invocation': (value) => typeof value === 'boolean',
  'user-invocable': (value) => typeof value === 'boolean',
  context: (value) => value === 'fork',
  effort: (value) => typeof value === 'string' && ['low', 'medium', 'high', 'max'].includes(value),
  shell: (value) => value === 'bash' || value === 'powershell',
  model: (value) => typeof value === 'string' && value.trim() !== '',
  agent: (value) => typeof value === 'string' && value.trim() !== '',
  'argument-hint': (value) => typeof value === 'string',
  when_to_use: (value) => typeof value === 'string',
  hooks: isRecord,
  paths: (value) => typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string')),
}
const EXPECTED: Record<string, string> = {
  'disable-model-invocation': 'true or false (unquoted)',
  'user-invocable': 'true or false (unquoted)',
  context: 'fork',
  effort: 'low, medium, high or max',
  shell: 'bash or powershell',
  model: 'a model name',
  agent: 'a subagent name',
  'argument-hint': 'text (quote it: [file] is a YAML list)',
  when_to_use: 'text',
  hooks: 'a mapping of hook events',
  paths: 'a glob or a list of globs',
}

/** Bytes of each skill folder, per workspace file list (built once per list, for the Claude API's upload size). */
const folderBytes = new WeakMap<readonly SkillFile[], Map<string, number>>()
const encoder = new TextEncoder()
function uploadBytes(files: readonly SkillFile[], path: string): number {
  let sizes = folderBytes.get(files)
  if (!sizes) {
    sizes = new Map()
    folderBytes.set(files, sizes)
  }
  let size = sizes.get(path)
  if (size === undefined) {
    size = skillFolderFiles(files, path).reduce((sum, file) => sum + encoder.encode(file.text).length, 0)
    sizes.set(path, size)
  }
  return size
}

const CUT_MESSAGES = {
  shortened: 'lint.catalog-cut.shortened',
  'name-only': 'lint.catalog-cut.name-only',
  omitted: 'lint.catalog-cut.omitted',
} as const

/** The quick fix for `metadata.key: 1.0`: quote the value as written, when it is a plain one-line scalar. */
function quoteMetadataValue(context: SkillContext, key: string, value: unknown) {
  if (value !== null && typeof value === 'object') return undefined
  const location = context.split.fields.get('metadata')
  if (!location) return undefined
  const text = context.file.text
  const block = text.slice(location.value[0], location.value[1])
  const line = new RegExp(`^([ \\t]+${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:[ \\t]+)([^\\s"'#][^\\n#]*?)[ \\t]*$`, 'm').exec(block)
  if (!line || line[2] === undefined) return undefined
  const start = location.value[0] + line.index + (line[1]?.length ?? 0)
  return {
    title: m('lint.metadata-value.fix'),
    edits: [{ span: [start, start + line[2].length] as [number, number], text: JSON.stringify(line[2]) }],
  }
}

export const clientRules: LintRule[] = [
  {
    // The rule: a field one client defines is a warning, not an error, in the others.
    id: 'client-field',
    severity: { app: 'off', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const client = clientOf(context)
      for (const [key, location] of context.split.fields) {
        if (client?.extraFields.includes(key)) continue
        const owners = clientsDefining(key, client?.id)
        if (owners.length > 0)
          report.at(
            location.key,
            m('lint.client-field.message', { key, owners: names(owners), client: client?.label ?? 'The Agent Skills standard' }),
          )
      }
    },
  },
  {
    id: 'claude-code-field-value',
    severity: { app: 'off', strict: 'off', lenient: 'off', 'claude-code': 'warning', copilot: 'warning' },
    check: (context, report) => {
      const client = clientOf(context)
      if (!client || !fieldsRead(context)) return
      const data = frontmatter(context)
      for (const key of client.extraFields) {
        const valid = CLAUDE_CODE_VALUES[key]
        if (!(key in data) || !valid || valid(data[key])) continue
        const fix =
          (key === 'disable-model-invocation' || key === 'user-invocable') && (data[key] === 'true' || data[key] === 'false')
            ? {
                title: m('lint.claude-code-field-value.fix', { value: String(data[key]) }),
                edits: [{ span: valueSpan(context, key), text: String(data[key]) }],
              }
            : undefined
        report.at(
          valueSpan(context, key),
          m('lint.claude-code-field-value.message', { key, client: client.label, expected: EXPECTED[key] ?? '' }),
          fix,
        )
      }
    },
  },
  {
    id: 'name-reserved-word',
    severity: { app: 'off', strict: 'info', lenient: 'off', 'claude-api': 'error' },
    check: (context, report) => {
      const name = context.skill.name.toLowerCase()
      const word = CLAUDE_API_RULES.reservedWords.find((reserved) => name.includes(reserved))
      if (word) report.at(valueSpan(context, 'name'), m('lint.name-reserved-word.message', { name: context.skill.name, word }))
    },
  },
  {
    id: 'xml-tag',
    severity: { app: 'off', strict: 'off', lenient: 'off', 'claude-api': 'error' },
    check: (context, report) => {
      for (const key of ['name', 'description']) {
        const value = frontmatter(context)[key]
        const tag = typeof value === 'string' ? XML_TAG.exec(value)?.[0] : undefined
        if (tag) report.at(valueSpan(context, key), m('lint.xml-tag.message', { key, tag }))
      }
    },
  },
  {
    id: 'upload-size',
    severity: { app: 'off', strict: 'off', lenient: 'off', 'claude-api': 'error' },
    check: (context, report) => {
      const files = context.workspaceFiles
      if (!files) return
      const bytes = uploadBytes(files, context.skill.path)
      if (bytes > CLAUDE_API_RULES.uploadBytes)
        report.at(
          [0, 3],
          m('lint.upload-size.message', { megabytes: (bytes / 1024 / 1024).toFixed(1), limit: CLAUDE_API_RULES.uploadBytes / 1024 / 1024 }),
        )
    },
  },
  {
    id: 'metadata-map',
    severity: { app: 'info', strict: 'error', lenient: 'off', 'claude-code': 'warning', codex: 'warning', copilot: 'warning' },
    check: (context, report) => {
      const data = frontmatter(context)
      if ('metadata' in data && data.metadata !== null && !isRecord(data.metadata))
        report.at(valueSpan(context, 'metadata'), m('lint.metadata-map.message'))
    },
  },
  {
    // The reference validator reads every value as text, so an unquoted 1.0 passes there; other
    // readers get a number (1.10 becomes 1.1): a warning with the quoting fix.
    id: 'metadata-value',
    severity: { app: 'off', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const data = frontmatter(context)
      if (!isRecord(data.metadata)) return
      const location = context.split.fields.get('metadata')
      for (const [key, value] of Object.entries(data.metadata)) {
        if (typeof value === 'string') continue
        const fix = quoteMetadataValue(context, key, value)
        report.at(location?.value ?? [0, 3], m('lint.metadata-value.message', { key }), fix)
      }
    },
  },
  {
    id: 'codex-sidecar',
    severity: { app: 'off', strict: 'off', lenient: 'off', codex: 'warning' },
    check: (context, report) => {
      const folder = context.skill.path.includes('/') ? context.skill.path.slice(0, context.skill.path.lastIndexOf('/')) : null
      const text = folder === null ? undefined : context.fileText?.(`${folder}/${CODEX_SIDECAR}`)
      if (text === undefined) return
      const at = context.split.fields.get('name')?.key ?? ([0, 3] as const)
      const say = (problem: string) => report.at(at, m('lint.codex-sidecar.message', { file: CODEX_SIDECAR, problem }))
      const parsed = parseYamlText(text)
      if (parsed.errors.length > 0) return say(parsed.errors.map((error) => error.message).join('; '))
      if (parsed.value === undefined || parsed.value === null) return
      if (!isRecord(parsed.value)) return say('it is not a mapping')
      for (const [key, value] of Object.entries(parsed.value)) {
        const known = CODEX_SIDECAR_KEYS[key]
        if (!known) {
          say(`"${key}" is not a key Codex reads (${Object.keys(CODEX_SIDECAR_KEYS).join(', ')})`)
          continue
        }
        if (!isRecord(value)) {
          say(`"${key}" is not a mapping`)
          continue
        }
        for (const inner of Object.keys(value))
          if (!known.includes(inner)) say(`"${key}.${inner}" is not a key Codex reads (${known.join(', ')})`)
      }
      const ui = parsed.value.interface
      if (isRecord(ui) && ui.brand_color !== undefined && !(typeof ui.brand_color === 'string' && /^#[0-9a-fA-F]{6}$/.test(ui.brand_color)))
        say('interface.brand_color is not a colour like "#3B82F6"')
      const policy = parsed.value.policy
      if (isRecord(policy) && policy.allow_implicit_invocation !== undefined && typeof policy.allow_implicit_invocation !== 'boolean')
        say('policy.allow_implicit_invocation is not true or false')
      const dependencies = parsed.value.dependencies
      if (isRecord(dependencies) && dependencies.tools !== undefined && !Array.isArray(dependencies.tools))
        say('dependencies.tools is not a list')
    },
  },
  {
    id: 'catalog-cut',
    severity: { app: 'off', strict: 'off', lenient: 'off', 'claude-code': 'warning', codex: 'warning', copilot: 'warning' },
    checkWorkspace: (contexts, report) => {
      const client = contexts[0] ? clientOf(contexts[0]) : null
      if (!client || client.layout === 'none') return
      const layout = catalogBudget(
        contexts.map((context) => context.skill),
        client.id,
        undefined,
        contexts[0]?.fileText,
      )
      const byPath = new Map(contexts.map((context) => [context.skill.path, context]))
      const budget = `${layout.budget.toLocaleString('en')} ${layout.unit === 'chars' ? 'characters' : 'tokens'}`
      for (const entry of layout.entries) {
        if (entry.state === 'full') continue
        const context = byPath.get(entry.path)
        if (!context) continue
        const span = context.split.fields.get('description')?.value ?? ([0, 3] as const)
        const params = {
          client: client.label,
          shown: entry.shownChars,
          total: entry.descriptionChars,
          budget,
          skills: layout.entries.length,
        }
        report(entry.path).at(span, m(CUT_MESSAGES[entry.state], params))
      }
    },
  },
]

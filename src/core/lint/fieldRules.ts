import { clientOfLintProfile, clientsDefining } from '../clients'
import { codePointLength } from '../lib/text'
import { formatMessage, message as m, type Message } from '../messages'
import { AGENT_SKILLS_FIELDS, KNOWN_FIELDS, parametersYaml, readParameters } from '../skill'
import { MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS } from '../skill/fieldLimits'
import { always, type LintRule, type SkillContext } from './types'

// The fields each format reads are defined once, by the parser (src/core/skill/parseSkill.ts).
const AGENT_SKILLS_KEYS = new Set(['name', 'description', ...AGENT_SKILLS_FIELDS])
const APP_KEYS = new Set<string>([...KNOWN_FIELDS, ...AGENT_SKILLS_FIELDS])
const NEGATIVE = /(do not|don't|not for|never use|not use|skip (it|this)|instead|不适用|不用于|不要用|请勿|不要调用|勿用|而不是)/i

const valueSpan = (context: SkillContext, key: string) => context.split.fields.get(key)?.value ?? ([0, 3] as const)
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)

const description = (context: SkillContext) => (context.split.fields.has('description') ? context.skill.description : '')

/**
 * Whether the skill has a frontmatter block that was read. A block the YAML parser could not read
 * (or that is never closed) is reported once, where it breaks (frontmatter-syntax): its fields
 * are there, so they are not reported missing as well.
 */
export const fieldsRead = (context: SkillContext): boolean => context.split.hasFrontmatter && context.split.errors.length === 0

/**
 * Whether a frontmatter block that is never closed took the rest of the file: its span then runs to
 * the end. That is the problem to report, once; a closed block leaves the body where it was, so an
 * empty body is still reported even when the block's YAML does not parse.
 */
const bodySwallowed = (context: SkillContext): boolean =>
  context.split.hasFrontmatter && context.split.frontmatterSpan[1] === context.file.text.length

/** name, description and the other fields of docs/skill-format.md and of the public Agent Skills format. */
export const fieldRules: LintRule[] = [
  {
    id: 'name-missing',
    // Claude Code names a skill after its folder when `name` is missing.
    severity: { app: 'info', strict: 'error', lenient: 'off', 'claude-code': 'info' },
    check: (context, report) => {
      if (fieldsRead(context) && !context.split.fields.has('name'))
        report.at([0, 3], m('lint.name-missing.message', { name: context.skill.name }))
    },
  },
  {
    id: 'name-format',
    severity: { app: 'off', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      // As the reference validator reads it: lowercase letters of any script (or letters without
      // case, like Chinese), digits, single hyphens; compared after NFKC normalisation.
      const name = context.skill.name.normalize('NFKC')
      if (/^[\p{Ll}\p{Lo}\p{Nd}]+(-[\p{Ll}\p{Lo}\p{Nd}]+)*$/u.test(name) && [...name].length <= MAX_NAME_CHARS) return
      const fixed = name
        .toLowerCase()
        .replace(/[^\p{Ll}\p{Lo}\p{Nd}]+/gu, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, MAX_NAME_CHARS)
      report.at(
        valueSpan(context, 'name'),
        m('lint.name-format.message', { name }),
        context.split.fields.has('name') && fixed
          ? { title: m('lint.name-format.fix', { fixed }), edits: [{ span: valueSpan(context, 'name'), text: fixed }] }
          : undefined,
      )
    },
  },
  {
    id: 'name-matches-folder',
    severity: { app: 'warning', strict: 'error', lenient: 'off', 'claude-code': 'warning', codex: 'warning' },
    check: (context, report) => {
      const parts = context.skill.path.split('/')
      if (parts.length < 2 || !context.split.fields.has('name')) return
      const folder = parts[parts.length - 2] ?? ''
      if (folder.normalize('NFKC') !== context.skill.name.normalize('NFKC'))
        report.at(valueSpan(context, 'name'), m('lint.name-matches-folder.message', { name: context.skill.name, folder }), {
          title: m('lint.name-matches-folder.fix', { folder }),
          edits: [{ span: valueSpan(context, 'name'), text: folder }],
        })
    },
  },
  {
    id: 'description-missing',
    // Claude Code falls back to the body's first paragraph.
    severity: { app: 'warning', strict: 'error', lenient: 'off', 'claude-code': 'warning' },
    check: (context, report) => {
      if (fieldsRead(context) && description(context).trim() === '')
        report.at(
          context.split.fields.has('description') ? valueSpan(context, 'description') : [0, 3],
          m('lint.description-missing.message'),
        )
    },
  },
  {
    id: 'description-too-long',
    // Claude Code and Codex load the skill and cut the description in their listing (docs/clients.md).
    severity: { app: 'warning', strict: 'error', lenient: 'error', 'claude-code': 'warning', codex: 'warning' },
    check: (context, report) => {
      const length = codePointLength(description(context))
      if (length > MAX_DESCRIPTION_CHARS) report.at(valueSpan(context, 'description'), m('lint.description-too-long.message', { length }))
    },
  },
  {
    id: 'description-length',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const text = description(context).trim()
      const length = codePointLength(text)
      if (text === '' || length > MAX_DESCRIPTION_CHARS) return
      if (length < 200) report.at(valueSpan(context, 'description'), m('lint.description-length.short', { length }))
      else if (length > 400) report.at(valueSpan(context, 'description'), m('lint.description-length.long', { length }))
    },
  },
  {
    id: 'description-when-not',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const text = description(context)
      if (text.trim() !== '' && !NEGATIVE.test(text)) report.at(valueSpan(context, 'description'), m('lint.description-when-not.message'))
    },
  },
  {
    id: 'description-point-of-view',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      if (/^\s*(I|I'm|I am|my|我|我的)\b/u.test(description(context)) || /^\s*我/.test(description(context)))
        report.at(valueSpan(context, 'description'), m('lint.description-point-of-view.message'))
    },
  },
  {
    // Anthropic's upload check, not the Agent Skills standard: a warning even in the strict profile.
    id: 'description-angle-brackets',
    severity: { app: 'off', strict: 'warning', lenient: 'off', 'claude-api': 'off' },
    check: (context, report) => {
      if (/[<>]/.test(description(context))) report.at(valueSpan(context, 'description'), m('lint.description-angle-brackets.message'))
    },
  },
  {
    id: 'required-tool-unknown',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const location = context.split.fields.get('required_tools')
      context.skill.requiredTools.forEach((tool, index) => {
        if (context.knownTools.has(tool)) return
        const span = location?.items?.[index] ?? location?.value ?? ([0, 3] as const)
        const close = [...context.knownTools].find((known) => editDistance(known, tool.toLowerCase().replace(/-/g, '_')) <= 2)
        report.at(
          span,
          m('lint.required-tool-unknown.message', { tool, known: [...context.knownTools].join(', ') }),
          close ? { title: m('lint.required-tool-unknown.fix', { tool: close }), edits: [{ span, text: close }] } : undefined,
        )
      })
    },
  },
  {
    id: 'unknown-key',
    severity: { app: 'info', strict: 'error', lenient: 'off', 'claude-code': 'warning', codex: 'warning', copilot: 'warning' },
    check: (context, report) => {
      const client = clientOfLintProfile(context.profile)
      const allowed =
        context.profile === 'app' || context.profile === 'lenient'
          ? APP_KEYS
          : client
            ? new Set([...AGENT_SKILLS_KEYS, ...client.extraFields])
            : AGENT_SKILLS_KEYS
      for (const [key, location] of context.split.fields) {
        if (allowed.has(key)) continue
        // A field another client defines is client-field's warning (docs/clients.md), never an error here.
        if (allowed !== APP_KEYS && clientsDefining(key).length > 0) continue
        if (client && client.lintProfile !== 'strict' && client.id !== 'claude-api')
          report.at(location.key, m('lint.unknown-key.client', { key, client: client.label }))
        else report.at(location.key, m(allowed === APP_KEYS ? 'lint.unknown-key.app' : 'lint.unknown-key.strict', { key }))
      }
    },
  },
  {
    id: 'version-under-metadata',
    severity: { app: 'off', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const location = context.split.fields.get('version')
      if (!location || context.split.fields.has('metadata')) return
      const lineStart = context.file.text.lastIndexOf('\n', location.key[0]) + 1
      const lineEnd = context.file.text.indexOf('\n', location.value[1])
      const raw = context.file.text.slice(location.value[0], location.value[1])
      report.at(location.key, m('lint.version-under-metadata.message'), {
        title: m('lint.version-under-metadata.fix'),
        edits: [
          {
            span: [lineStart, lineEnd < 0 ? context.file.text.length : lineEnd],
            text: `metadata:\n  version: ${raw.startsWith('"') || raw.startsWith("'") ? raw : JSON.stringify(raw)}`,
          },
        ],
      })
    },
  },
  {
    id: 'allowed-tools-form',
    // Claude Code also takes a YAML list.
    severity: { app: 'info', strict: 'warning', lenient: 'off', 'claude-code': 'off' },
    check: (context, report) => {
      const value = context.skill.extraFields['allowed-tools']
      if (value !== undefined && typeof value !== 'string')
        report.at(
          valueSpan(context, 'allowed-tools'),
          m('lint.allowed-tools-form.message'),
          Array.isArray(value)
            ? {
                title: m('lint.allowed-tools-form.fix'),
                edits: [{ span: valueSpan(context, 'allowed-tools'), text: JSON.stringify(value.join(' ')) }],
              }
            : undefined,
        )
    },
  },
  {
    id: 'compatibility-length',
    severity: { app: 'warning', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      const raw = context.skill.extraFields.compatibility
      if (raw !== undefined && typeof raw !== 'string') {
        report.at(valueSpan(context, 'compatibility'), m('lint.compatibility-length.notText'))
        return
      }
      const value = context.skill.extraFields.compatibility
      if (typeof value === 'string' && codePointLength(value) > 500)
        report.at(valueSpan(context, 'compatibility'), m('lint.compatibility-length.message', { length: codePointLength(value) }))
    },
  },
  {
    id: 'parameters-schema',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const schema = context.skill.parameters
      if (!schema) return
      const span = valueSpan(context, 'parameters')
      const types = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']
      // Each problem is a message of its own; the finding lists them in the reader's language.
      const problems: Message[] = []
      if (schema.type !== undefined && schema.type !== 'object')
        problems.push(m('lint.parameters-schema.topType', { type: String(schema.type) }))
      const properties = schema.properties
      if (properties !== undefined && (typeof properties !== 'object' || properties === null || Array.isArray(properties)))
        problems.push(m('lint.parameters-schema.propertiesNotMapping'))
      for (const [name, property] of Object.entries((properties ?? {}) as Record<string, unknown>)) {
        if (typeof property !== 'object' || property === null || Array.isArray(property))
          problems.push(m('lint.parameters-schema.propertyNotSchema', { name }))
        else {
          const type = (property as { type?: unknown }).type
          if (type !== undefined && ![type].flat().every((t) => types.includes(String(t))))
            problems.push(m('lint.parameters-schema.propertyType', { name, type: String(type) }))
          const items = (property as { items?: unknown }).items
          if (typeof items === 'string') problems.push(m('lint.parameters-schema.itemsString', { name, items }))
        }
      }
      const required = schema.required
      if (required !== undefined) {
        if (!Array.isArray(required)) problems.push(m('lint.parameters-schema.requiredNotList'))
        else
          for (const name of required)
            if (!(typeof properties === 'object' && properties !== null && String(name) in properties))
              problems.push(m('lint.parameters-schema.requiredMissing', { name: String(name) }))
      }
      if (problems.length > 0)
        report.at(span, m('lint.parameters-schema.message', { problems: problems.map((problem) => formatMessage(problem)).join('; ') }))
    },
  },
  {
    // Seed 004's shorthand is not a mistake: it is read as the schema it means (docs/skill-format.md).
    id: 'parameters-shorthand',
    severity: always('info'),
    check: (context, report) => {
      const raw = isRecord(context.split.data) ? context.split.data.parameters : undefined
      if (!isRecord(raw) || !fieldsRead(context)) return
      const { schema, shorthand } = readParameters(raw)
      if (!shorthand) return
      // The key's line to the end of its value become the full schema, in block YAML.
      const location = context.split.fields.get('parameters')
      const text = context.file.text
      const edit = location && {
        span: [location.key[0], location.value[1]] as [number, number],
        text:
          parametersYaml(schema, text.includes('\r\n') ? '\r\n' : '\n') +
          (/\r?\n$/.exec(text.slice(location.key[0], location.value[1]))?.[0] ?? ''),
      }
      report.at(
        valueSpan(context, 'parameters'),
        m('lint.parameters-shorthand.message', { schema: JSON.stringify(schema) }),
        edit ? { title: m('lint.parameters-shorthand.fix'), edits: [edit] } : undefined,
      )
    },
  },
  {
    id: 'body-empty',
    severity: { app: 'warning', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.body.trim() === '' && !bodySwallowed(context))
        report.at([context.file.text.length, context.file.text.length], m('lint.body-empty.message'))
    },
  },
  {
    id: 'body-too-long',
    severity: { app: 'info', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const lines = context.skill.body.split('\n').length
      if (lines > 500) report.at([context.file.text.length, context.file.text.length], m('lint.body-too-long.message', { lines }))
    },
  },
]

/** Levenshtein distance, for "did you mean" suggestions between short names. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
    previous = current
  }
  return previous[b.length] ?? 0
}

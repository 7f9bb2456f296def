import { codePointLength } from '../lib/text'
import type { LintRule, SkillContext } from './types'

const AGENT_SKILLS_KEYS = new Set(['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility'])
const APP_KEYS = new Set([
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
  'license',
  'allowed-tools',
  'metadata',
  'compatibility',
])
const NEGATIVE = /(do not|don't|not for|never use|not use|skip (it|this)|instead|不适用|不用于|不要用|请勿|不要调用|勿用|而不是)/i

const valueSpan = (context: SkillContext, key: string) => context.split.fields.get(key)?.value ?? ([0, 3] as const)
const description = (context: SkillContext) => (context.split.fields.has('description') ? context.skill.description : '')

/** name, description and the other fields of docs/skill-format.md and of the public Agent Skills format. */
export const fieldRules: LintRule[] = [
  {
    id: 'name-missing',
    explanation:
      'Without `name` the skill is named after its folder. Public Agent Skills require a name, and it must equal the folder name.',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      if (context.split.hasFrontmatter && !context.split.fields.has('name'))
        report.at([0, 3], `No "name": the skill is called "${context.skill.name}" after its file.`)
    },
  },
  {
    id: 'name-format',
    explanation:
      'Agent Skills names are 1–64 characters of lowercase a–z, 0–9 and single hyphens (no leading/trailing hyphen). Clients skip skills whose names do not fit.',
    severity: { app: 'off', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      const { name } = context.skill
      if (/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name) && name.length <= 64) return
      const fixed = name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 64)
      report.at(
        valueSpan(context, 'name'),
        `"${name}" is not a valid Agent Skills name (lowercase letters, digits and single hyphens, at most 64).`,
        context.split.fields.has('name') && fixed
          ? { title: `Rename to "${fixed}"`, edits: [{ span: valueSpan(context, 'name'), text: fixed }] }
          : undefined,
      )
    },
  },
  {
    id: 'name-matches-folder',
    explanation:
      'The Agent Skills specification requires `name` to equal the parent folder; VS Code and other clients look skills up by folder.',
    severity: { app: 'warning', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      const parts = context.skill.path.split('/')
      if (parts.length < 2 || !context.split.fields.has('name')) return
      const folder = parts[parts.length - 2] ?? ''
      if (folder !== context.skill.name)
        report.at(valueSpan(context, 'name'), `The name "${context.skill.name}" differs from its folder "${folder}".`, {
          title: `Set name to "${folder}"`,
          edits: [{ span: valueSpan(context, 'name'), text: folder }],
        })
    },
  },
  {
    id: 'description-missing',
    explanation:
      'The description is what a model reads to decide whether to use the skill (progressive disclosure, LLM routing). Clients skip skills without one.',
    severity: { app: 'warning', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      if (context.split.hasFrontmatter && description(context).trim() === '')
        report.at(
          context.split.fields.has('description') ? valueSpan(context, 'description') : [0, 3],
          'No description: a model has nothing to decide on.',
        )
    },
  },
  {
    id: 'description-too-long',
    explanation:
      'Descriptions over 1,024 characters are rejected by Claude Desktop and skipped by Claude Code ("Skill description is too long").',
    severity: { app: 'warning', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const length = codePointLength(description(context))
      if (length > 1024) report.at(valueSpan(context, 'description'), `The description is ${length} characters; the limit is 1,024.`)
    },
  },
  {
    id: 'description-length',
    explanation:
      '200–400 characters is the sweet spot — long enough to say when and when not to use the skill, short enough to keep many skills in one prompt.',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const text = description(context).trim()
      const length = codePointLength(text)
      if (text === '' || length > 1024) return
      if (length < 200)
        report.at(
          valueSpan(context, 'description'),
          `The description is ${length} characters; 200–400 tells a model more about when to use it.`,
        )
      else if (length > 400)
        report.at(
          valueSpan(context, 'description'),
          `The description is ${length} characters; above 400 it crowds the prompt when many skills are listed.`,
        )
    },
  },
  {
    id: 'description-when-not',
    explanation: 'Saying when NOT to use a skill ("Do not use for …", "不适用于 …") is what stops a model from picking it at the edges.',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const text = description(context)
      if (text.trim() !== '' && !NEGATIVE.test(text))
        report.at(valueSpan(context, 'description'), 'The description never says when not to use the skill.')
    },
  },
  {
    id: 'description-point-of-view',
    explanation:
      'Descriptions are read by a model choosing among skills: third person or imperative ("Summarises …", "Use when …") works best; "I" and "my" read as the user talking.',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      if (/^\s*(I|I'm|I am|my|我|我的)\b/u.test(description(context)) || /^\s*我/.test(description(context)))
        report.at(
          valueSpan(context, 'description'),
          'The description is written in the first person; describe the skill instead ("Summarises …, use when …").',
        )
    },
  },
  {
    id: 'description-angle-brackets',
    explanation:
      'Anthropic\'s validator rejects "<" and ">" in descriptions, and Claude Code escapes them; XML-like tags are banned on the platform.',
    severity: { app: 'off', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      if (/[<>]/.test(description(context))) report.at(valueSpan(context, 'description'), 'The description contains "<" or ">".')
    },
  },
  {
    id: 'required-tool-unknown',
    explanation:
      'A tool in `required_tools` that is neither built in nor declared under `tools` will be missing when the skill runs (docs/agent-loop.md).',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const location = context.split.fields.get('required_tools')
      context.skill.requiredTools.forEach((tool, index) => {
        if (context.knownTools.has(tool)) return
        const span = location?.items?.[index] ?? location?.value ?? ([0, 3] as const)
        const close = [...context.knownTools].find((known) => editDistance(known, tool.toLowerCase().replace(/-/g, '_')) <= 2)
        report.at(
          span,
          `"${tool}" is not a tool here. Known: ${[...context.knownTools].join(', ')}.`,
          close ? { title: `Change to "${close}"`, edits: [{ span, text: close }] } : undefined,
        )
      })
    },
  },
  {
    id: 'unknown-key',
    explanation:
      'Public Agent Skills accept only name, description, license, compatibility, metadata and allowed-tools; packaging fails on any other key ("Unexpected key(s) in SKILL.md frontmatter").',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      const allowed = context.profile === 'strict' ? AGENT_SKILLS_KEYS : APP_KEYS
      for (const [key, location] of context.split.fields) {
        if (allowed.has(key)) continue
        report.at(
          location.key,
          context.profile === 'strict'
            ? `"${key}" is not an Agent Skills field.`
            : `"${key}" is not a field this app reads; it is kept as written.`,
        )
      }
    },
  },
  {
    id: 'version-under-metadata',
    explanation: 'The Agent Skills specification has no top-level `version`; its example keeps it under `metadata`.',
    severity: { app: 'off', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const location = context.split.fields.get('version')
      if (!location || context.split.fields.has('metadata')) return
      const lineStart = context.file.text.lastIndexOf('\n', location.key[0]) + 1
      const lineEnd = context.file.text.indexOf('\n', location.value[1])
      const raw = context.file.text.slice(location.value[0], location.value[1])
      report.at(location.key, '`version` belongs under `metadata` in Agent Skills.', {
        title: 'Move version under metadata',
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
    explanation: 'Agent Skills `allowed-tools` is one space-separated string ("Read Bash(git:*)"); strict validators reject a YAML list.',
    severity: { app: 'info', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const value = context.skill.extraFields['allowed-tools']
      if (value !== undefined && typeof value !== 'string')
        report.at(
          valueSpan(context, 'allowed-tools'),
          '`allowed-tools` should be a space-separated string, not a list.',
          Array.isArray(value)
            ? {
                title: 'Join into one string',
                edits: [{ span: valueSpan(context, 'allowed-tools'), text: JSON.stringify(value.join(' ')) }],
              }
            : undefined,
        )
    },
  },
  {
    id: 'compatibility-length',
    explanation: 'Agent Skills `compatibility` is 1–500 characters.',
    severity: { app: 'warning', strict: 'error', lenient: 'off' },
    check: (context, report) => {
      const value = context.skill.extraFields.compatibility
      if (typeof value === 'string' && codePointLength(value) > 500)
        report.at(valueSpan(context, 'compatibility'), `compatibility is ${codePointLength(value)} characters; the limit is 500.`)
    },
  },
  {
    id: 'parameters-schema',
    explanation:
      '`parameters` is a JSON Schema: an object with `type: object`, `properties` that are schemas, and `required` naming existing properties. A broken schema makes every call fail validation.',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const schema = context.skill.parameters
      if (!schema) return
      const span = valueSpan(context, 'parameters')
      const types = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']
      const problems: string[] = []
      if (schema.type !== undefined && schema.type !== 'object')
        problems.push(`the top-level type is "${String(schema.type)}", not "object"`)
      const properties = schema.properties
      if (properties !== undefined && (typeof properties !== 'object' || properties === null || Array.isArray(properties)))
        problems.push('"properties" is not a mapping')
      for (const [name, property] of Object.entries((properties ?? {}) as Record<string, unknown>)) {
        if (typeof property !== 'object' || property === null || Array.isArray(property))
          problems.push(`property "${name}" is not a schema`)
        else {
          const type = (property as { type?: unknown }).type
          if (type !== undefined && ![type].flat().every((t) => types.includes(String(t))))
            problems.push(`property "${name}" has an unknown type "${String(type)}"`)
          const items = (property as { items?: unknown }).items
          if (typeof items === 'string') problems.push(`property "${name}": "items" must be a schema like {type: ${items}}, not "${items}"`)
        }
      }
      const required = schema.required
      if (required !== undefined) {
        if (!Array.isArray(required)) problems.push('"required" is not a list')
        else
          for (const name of required)
            if (!(typeof properties === 'object' && properties !== null && String(name) in properties))
              problems.push(`"${String(name)}" is required but not in properties`)
      }
      if (problems.length > 0) report.at(span, `parameters is not a valid JSON Schema: ${problems.join('; ')}.`)
    },
  },
  {
    id: 'body-empty',
    explanation: 'The body becomes the system prompt while the skill is active; an empty one falls back to the default prompt.',
    severity: { app: 'warning', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.body.trim() === '')
        report.at([context.file.text.length, context.file.text.length], 'The body is empty: the skill has no instructions.')
    },
  },
  {
    id: 'body-too-long',
    explanation: 'Agent Skills guidance: keep SKILL.md under 500 lines; move details to referenced files the model reads when needed.',
    severity: { app: 'info', strict: 'warning', lenient: 'off' },
    check: (context, report) => {
      const lines = context.skill.body.split('\n').length
      if (lines > 500) report.at([context.file.text.length, context.file.text.length], `The body is ${lines} lines; keep it under 500.`)
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

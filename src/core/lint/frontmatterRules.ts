import type { LintRule } from './types'

const quote = (text: string) => JSON.stringify(text)

/** YAML that other tools read differently from this one (research: cross-parser probe). */
export const frontmatterRules: LintRule[] = [
  {
    id: 'yaml-comment-cuts-value',
    explanation:
      'In YAML, " #" starts a comment. An unquoted value with " #" in it is silently cut there by every parser (PyYAML, js-yaml, yaml).',
    severity: { app: 'warning', strict: 'error', lenient: 'warning' },
    check: ({ split, file }, report) => {
      for (const [key, location] of split.fields) {
        if (location.scalarType !== 'PLAIN') continue
        const lineEnd = file.text.indexOf('\n', location.value[1])
        const rest = file.text.slice(location.value[1], lineEnd < 0 ? undefined : lineEnd).replace(/\r$/, '')
        if (!/^\s+#/.test(rest)) continue
        const whole = file.text.slice(location.value[0], location.value[1]) + rest
        report.at(
          [location.value[0], location.value[1] + rest.length],
          `"${key}" is cut at " #": everything after it is a YAML comment, not part of the value.`,
          {
            title: `Quote the whole value of ${key}`,
            edits: [{ span: [location.value[0], location.value[1] + rest.length], text: quote(whole.trimEnd()) }],
          },
        )
      }
    },
  },
  {
    id: 'yaml-boolean-word',
    explanation:
      'YAML 1.1 parsers such as PyYAML read unquoted yes/no/on/off as booleans, so a skill that loads here may get `true` as its name elsewhere.',
    severity: { app: 'warning', strict: 'error', lenient: 'info' },
    check: ({ split, file }, report) => {
      const check = (span: readonly [number, number], type: string | undefined, what: string) => {
        const raw = file.text.slice(span[0], span[1])
        if (type === 'PLAIN' && /^(yes|no|on|off|y|n)$/i.test(raw)) {
          report.at(span, `${what} "${raw}" is a boolean to YAML 1.1 parsers (PyYAML); quote it.`, {
            title: `Quote "${raw}"`,
            edits: [{ span, text: quote(raw) }],
          })
        }
      }
      for (const [key, location] of split.fields) {
        check(location.value, location.scalarType, `"${key}"`)
        location.items?.forEach((span, i) => check(span, location.itemTypes?.[i], `An item of "${key}"`))
      }
    },
  },
  {
    id: 'yaml-number-as-text',
    explanation:
      'Unquoted numbers lose their written form: `version: 1.10` is the number 1.1, `012` is 12 or 10 depending on the parser. Quote values that are text.',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: ({ split, file }, report) => {
      for (const key of ['name', 'description', 'version']) {
        const location = split.fields.get(key)
        if (!location || location.scalarType !== 'PLAIN') continue
        const raw = file.text.slice(location.value[0], location.value[1])
        if (/^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?$/.test(raw) && /\d/.test(raw)) {
          report.at(location.value, `"${key}: ${raw}" is read as a number (${Number(raw.replace(/_/g, ''))}); quote it to keep "${raw}".`, {
            title: `Quote "${raw}"`,
            edits: [{ span: location.value, text: quote(raw) }],
          })
        }
      }
    },
  },
  {
    id: 'yaml-date',
    explanation:
      'PyYAML and js-yaml 3 (gray-matter) turn an unquoted 2025-01-15 into a date object, which is not text and does not survive JSON.',
    severity: { app: 'info', strict: 'warning', lenient: 'off' },
    check: ({ split, file }, report) => {
      for (const [key, location] of split.fields) {
        const raw = file.text.slice(location.value[0], location.value[1])
        if (location.scalarType === 'PLAIN' && /^\d{4}-\d{2}-\d{2}([Tt ].*)?$/.test(raw)) {
          report.at(location.value, `"${key}: ${raw}" becomes a date in other YAML parsers; quote it.`, {
            title: `Quote "${raw}"`,
            edits: [{ span: location.value, text: quote(raw) }],
          })
        }
      }
    },
  },
  {
    id: 'file-starts-with-bom',
    explanation:
      'The public validators (quick_validate.py, skills-ref) require the file to start with "---"; a byte-order mark makes them report "No YAML frontmatter found".',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: ({ file }, report) => {
      if (file.text.charCodeAt(0) === 0xfeff)
        report.at([0, 1], 'The file starts with a byte-order mark; other tools will not find the frontmatter.', {
          title: 'Remove the byte-order mark',
          edits: [{ span: [0, 1], text: '' }],
        })
    },
  },
  {
    id: 'frontmatter-missing',
    explanation:
      'Without frontmatter a skill has no description and no keywords: it can only be picked by hand. Public Agent Skills require name and description.',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: ({ split, file, skill }, report) => {
      if (split.hasFrontmatter) return
      report.at([0, 0], 'This file has no frontmatter (--- name, description … ---).', {
        title: 'Add a frontmatter block',
        edits: [
          {
            span: [0, 0],
            text: `---\nname: ${skill.name}\ndescription: What this skill does and when to use it.\ntrigger_keywords: []\n---\n${file.text.startsWith('\n') ? '' : '\n'}`,
          },
        ],
      })
    },
  },
]

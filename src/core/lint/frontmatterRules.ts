import { message as m } from '../messages'
import type { LintRule } from './types'

const quote = (text: string) => JSON.stringify(text)

/** YAML that other tools read differently from this one (research: cross-parser probe). */
export const frontmatterRules: LintRule[] = [
  {
    id: 'yaml-comment-cuts-value',
    severity: { app: 'warning', strict: 'error', lenient: 'warning' },
    check: ({ split, file }, report) => {
      for (const [key, location] of split.fields) {
        if (location.scalarType !== 'PLAIN') continue
        const lineEnd = file.text.indexOf('\n', location.value[1])
        const rest = file.text.slice(location.value[1], lineEnd < 0 ? undefined : lineEnd).replace(/\r$/, '')
        if (!/^\s+#/.test(rest)) continue
        const whole = file.text.slice(location.value[0], location.value[1]) + rest
        report.at([location.value[0], location.value[1] + rest.length], m('lint.yaml-comment-cuts-value.message', { key }), {
          title: m('lint.yaml-comment-cuts-value.fix', { key }),
          edits: [{ span: [location.value[0], location.value[1] + rest.length], text: quote(whole.trimEnd()) }],
        })
      }
    },
  },
  {
    id: 'yaml-boolean-word',
    severity: { app: 'warning', strict: 'error', lenient: 'info' },
    check: ({ split, file }, report) => {
      const check = (span: readonly [number, number], type: string | undefined, key: string, item: boolean) => {
        const raw = file.text.slice(span[0], span[1])
        if (type === 'PLAIN' && /^(yes|no|on|off|y|n)$/i.test(raw)) {
          report.at(span, m(item ? 'lint.yaml-boolean-word.item' : 'lint.yaml-boolean-word.message', { key, raw }), {
            title: m('lint.yaml-boolean-word.fix', { raw }),
            edits: [{ span, text: quote(raw) }],
          })
        }
      }
      for (const [key, location] of split.fields) {
        check(location.value, location.scalarType, key, false)
        location.items?.forEach((span, i) => check(span, location.itemTypes?.[i], key, true))
      }
    },
  },
  {
    id: 'yaml-number-as-text',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: ({ split, file }, report) => {
      for (const key of ['name', 'description', 'version']) {
        const location = split.fields.get(key)
        if (!location || location.scalarType !== 'PLAIN') continue
        const raw = file.text.slice(location.value[0], location.value[1])
        if (/^[-+]?(\d[\d_]*)?(\.\d*)?([eE][-+]?\d+)?$/.test(raw) && /\d/.test(raw)) {
          report.at(location.value, m('lint.yaml-number-as-text.message', { key, raw, number: Number(raw.replace(/_/g, '')) }), {
            title: m('lint.yaml-number-as-text.fix', { raw }),
            edits: [{ span: location.value, text: quote(raw) }],
          })
        }
      }
    },
  },
  {
    id: 'yaml-date',
    severity: { app: 'info', strict: 'warning', lenient: 'off' },
    check: ({ split, file }, report) => {
      for (const [key, location] of split.fields) {
        const raw = file.text.slice(location.value[0], location.value[1])
        if (location.scalarType === 'PLAIN' && /^\d{4}-\d{2}-\d{2}([Tt ].*)?$/.test(raw)) {
          report.at(location.value, m('lint.yaml-date.message', { key, raw }), {
            title: m('lint.yaml-date.fix', { raw }),
            edits: [{ span: location.value, text: quote(raw) }],
          })
        }
      }
    },
  },
  {
    id: 'yaml-fullwidth-colon',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: ({ split, file }, report) => {
      if (!split.hasFrontmatter) return
      const [start, end] = split.frontmatterSpan
      const pattern = /^([A-Za-z_][\w-]*)[ \t]*：[ \t]*/gm
      const block = file.text.slice(start, end)
      for (const match of block.matchAll(pattern)) {
        const key = match[1] ?? ''
        const colon = start + (match.index ?? 0) + match[0].indexOf('：')
        const after = start + (match.index ?? 0) + match[0].length
        report.at([colon, colon + 1], m('lint.yaml-fullwidth-colon.message', { key }), {
          title: m('lint.yaml-fullwidth-colon.fix', { key }),
          edits: [{ span: [colon, after], text: ': ' }],
        })
      }
    },
  },
  {
    // The reference validator rejects these; our own forms write `[a, b]`, so only strict cares.
    id: 'yaml-flow-style',
    // The reference validator's strict YAML refuses it; the clients read full YAML (docs/clients.md).
    severity: { app: 'off', strict: 'error', lenient: 'off', 'claude-code': 'off', codex: 'off', copilot: 'off', 'claude-api': 'off' },
    check: ({ split }, report) => {
      for (const use of split.outsideStrictYaml) if (use.kind === 'flow') report.at(use.span, m('lint.yaml-flow-style.message'))
    },
  },
  {
    id: 'yaml-anchor-or-tag',
    severity: {
      app: 'info',
      strict: 'error',
      lenient: 'info',
      'claude-code': 'info',
      codex: 'info',
      copilot: 'info',
      'claude-api': 'info',
    },
    check: ({ split }, report) => {
      for (const use of split.outsideStrictYaml) {
        if (use.kind === 'anchor') report.at(use.span, m('lint.yaml-anchor-or-tag.anchor'))
        else if (use.kind === 'alias') report.at(use.span, m('lint.yaml-anchor-or-tag.alias'))
        else if (use.kind === 'tag') report.at(use.span, m('lint.yaml-anchor-or-tag.tag'))
      }
    },
  },
  {
    id: 'file-starts-with-bom',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: ({ file }, report) => {
      if (file.text.charCodeAt(0) === 0xfeff)
        report.at([0, 1], m('lint.file-starts-with-bom.message'), {
          title: m('lint.file-starts-with-bom.fix'),
          edits: [{ span: [0, 1], text: '' }],
        })
    },
  },
  {
    id: 'frontmatter-missing',
    severity: { app: 'info', strict: 'error', lenient: 'off' },
    check: ({ split, file, skill }, report) => {
      if (split.hasFrontmatter) return
      report.at([0, 0], m('lint.frontmatter-missing.message'), {
        title: m('lint.frontmatter-missing.fix'),
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

import { codePointLength } from '../lib/text'
import { splitKeywordList, type Span } from '../skill'
import { message as m, type Message } from '../messages'
import { LINT_STEP, type LintRule, type SkillContext } from './types'
import { fieldsRead } from './fieldRules'

interface KeywordAt {
  keyword: string
  lower: string
  index: number
  span: Span
}

function keywordsOf(context: SkillContext): KeywordAt[] {
  const location = context.split.fields.get('trigger_keywords')
  return context.skill.triggerKeywords.map((keyword, index) => ({
    keyword,
    lower: keyword.toLowerCase(),
    index,
    span: location?.items?.[index] ?? location?.value ?? [0, 3],
  }))
}

/** Removes a list item: in flow style `[a, b]` with its comma, in block style its whole line. */
function removeItem(context: SkillContext, item: KeywordAt): { span: Span; text: string } {
  const text = context.file.text
  const location = context.split.fields.get('trigger_keywords')
  const flow = location && text[location.value[0]] === '['
  if (flow) {
    const after = /^\s*,\s*/.exec(text.slice(item.span[1]))
    if (after) return { span: [item.span[0], item.span[1] + after[0].length], text: '' }
    const before = /\s*,\s*$/.exec(text.slice(location.value[0], item.span[0]))
    return { span: [item.span[0] - (before?.[0].length ?? 0), item.span[1]], text: '' }
  }
  const lineStart = text.lastIndexOf('\n', item.span[0]) + 1
  const lineEnd = text.indexOf('\n', item.span[1])
  return { span: [lineStart, lineEnd < 0 ? text.length : lineEnd + 1], text: '' }
}

/** Full-width punctuation that Chinese input produces where an ASCII comma was meant. */
const FULLWIDTH_SEPARATOR = /[，、；：\u3000]/

/** A keyword as a YAML list item: plain when that reads back the same, quoted otherwise. */
function quoteKeyword(keyword: string): string {
  return /^[^\s,[\]{}#&*!|>'"%@`:?-][^,[\]{}#:]*$/u.test(keyword) && !/\s$/.test(keyword) ? keyword : JSON.stringify(keyword)
}

/**
 * Up to three other skills by name, and how many more (a keyword shared by hundreds stays readable
 * and cheap), as one message so the whole sentence is translated.
 */
function sharedWith(keyword: string, contexts: readonly SkillContext[], self: SkillContext): Message {
  const names: string[] = []
  for (const other of contexts) {
    if (other === self) continue
    if (names.length === 3) return m('lint.keyword-shared.messageMore', { keyword, names: names.join(', '), count: contexts.length - 4 })
    names.push(other.skill.name)
  }
  return m('lint.keyword-shared.message', { keyword, others: names.join(', ') })
}

/** Keywords that cannot match, match twice, inflate the bonus, clash, or match too much (docs/skill-format.md, Lint). */
export const keywordRules: LintRule[] = [
  {
    id: 'keyword-empty',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: (context, report) => {
      for (const item of keywordsOf(context))
        if (item.keyword.trim() === '')
          report.at(item.span, m('lint.keyword-empty.message'), {
            title: m('lint.keyword-empty.fix'),
            edits: [removeItem(context, item)],
          })
    },
  },
  {
    id: 'keyword-duplicate',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: (context, report) => {
      const seen = new Map<string, string>()
      for (const item of keywordsOf(context)) {
        const first = seen.get(item.lower)
        if (first !== undefined && item.lower !== '')
          report.at(item.span, m('lint.keyword-duplicate.message', { keyword: item.keyword, first }), {
            title: m('lint.keyword-duplicate.fix', { keyword: item.keyword }),
            edits: [removeItem(context, item)],
          })
        else seen.set(item.lower, item.keyword)
      }
    },
  },
  {
    id: 'keyword-fullwidth-separator',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    check: (context, report) => {
      const location = context.split.fields.get('trigger_keywords')
      const flow = location !== undefined && context.file.text[location.value[0]] === '['
      for (const item of keywordsOf(context)) {
        const separator = FULLWIDTH_SEPARATOR.exec(item.keyword)?.[0]
        if (separator === undefined) continue
        const parts = splitKeywordList(item.keyword)
        const lineStart = context.file.text.lastIndexOf('\n', item.span[0]) + 1
        const indent = /^[ \t]*-?[ \t]*/.exec(context.file.text.slice(lineStart))?.[0] ?? '- '
        const text = parts.map(quoteKeyword).join(flow ? ', ' : `\n${indent}`)
        report.at(
          item.span,
          m('lint.keyword-fullwidth-separator.message', { keyword: item.keyword, separator: separator === '\u3000' ? '　' : separator }),
          parts.length > 1
            ? { title: m('lint.keyword-fullwidth-separator.fix', { count: parts.length }), edits: [{ span: item.span, text }] }
            : undefined,
        )
      }
    },
  },
  {
    id: 'keyword-nested',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const items = keywordsOf(context).filter((item) => item.lower !== '')
      for (const inner of items) {
        const outer = items.find((other) => other !== inner && other.lower !== inner.lower && other.lower.includes(inner.lower))
        if (outer) report.at(inner.span, m('lint.keyword-nested.message', { inner: inner.keyword, outer: outer.keyword }))
      }
    },
  },
  {
    id: 'keyword-too-short',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      for (const item of keywordsOf(context)) {
        const length = codePointLength(item.keyword.trim())
        if (length === 0) continue
        if (length === 1 || (length === 2 && /^[\x21-\x7e]+$/.test(item.keyword.trim())))
          report.at(item.span, m('lint.keyword-too-short.message', { keyword: item.keyword }))
      }
    },
  },
  {
    id: 'keywords-missing',
    severity: { app: 'info', strict: 'off', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.entryMode === 'auto' && fieldsRead(context) && context.skill.triggerKeywords.length === 0)
        report.at(context.split.fields.get('name')?.key ?? [0, 3], m('lint.keywords-missing.message'))
    },
  },
  {
    id: 'keywords-few',
    severity: { app: 'info', strict: 'off', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.entryMode === 'auto' && context.skill.triggerKeywords.length === 1)
        report.at(context.split.fields.get('trigger_keywords')?.value ?? [0, 3], m('lint.keywords-few.message'))
    },
  },
  {
    id: 'keyword-shared',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    *checkWorkspace(skills, report) {
      const owners = new Map<string, SkillContext[]>()
      for (const context of skills) {
        if (context.skill.entryMode !== 'auto') continue
        for (const lower of new Set(context.skill.triggerKeywords.map((k) => k.toLowerCase()).filter(Boolean))) {
          // Pushed, not copied: a keyword a thousand skills share would cost a million copies.
          const list = owners.get(lower)
          if (list) list.push(context)
          else owners.set(lower, [context])
        }
      }
      let reported = 0
      for (const [lower, contexts] of owners) {
        if (contexts.length < 2) continue
        for (const context of contexts) {
          if (++reported % LINT_STEP === 0) yield
          const to = report(context.skill.path)
          if (to.silent) continue
          const item = keywordsOf(context).find((k) => k.lower === lower)
          if (item) to.at(item.span, sharedWith(item.keyword, contexts, context))
        }
      }
    },
  },
]

import { codePointLength } from '../lib/text'
import type { Span } from '../skill'
import type { LintRule, SkillContext } from './types'

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

/** Up to three other skills by name, and how many more: a keyword shared by hundreds stays readable (and cheap). */
function namesOfOthers(contexts: readonly SkillContext[], self: SkillContext): string {
  const names: string[] = []
  for (const other of contexts) {
    if (other === self) continue
    if (names.length === 3) return `${names.join(', ')} and ${contexts.length - 4} more`
    names.push(other.skill.name)
  }
  return names.join(', ')
}

/** Keywords that cannot match, match twice, inflate the bonus, clash, or match too much (docs/skill-format.md, Lint). */
export const keywordRules: LintRule[] = [
  {
    id: 'keyword-empty',
    explanation: 'An empty keyword never matches anything (docs/routing.md, step 2).',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: (context, report) => {
      for (const item of keywordsOf(context))
        if (item.keyword.trim() === '')
          report.at(item.span, 'This keyword is empty and never matches.', {
            title: 'Remove the empty keyword',
            edits: [removeItem(context, item)],
          })
    },
  },
  {
    id: 'keyword-duplicate',
    explanation: 'Keywords are compared lowercased; a repeat adds nothing to the score.',
    severity: { app: 'warning', strict: 'warning', lenient: 'info' },
    check: (context, report) => {
      const seen = new Map<string, string>()
      for (const item of keywordsOf(context)) {
        const first = seen.get(item.lower)
        if (first !== undefined && item.lower !== '')
          report.at(item.span, `"${item.keyword}" repeats "${first}".`, {
            title: `Remove the repeated "${item.keyword}"`,
            edits: [removeItem(context, item)],
          })
        else seen.set(item.lower, item.keyword)
      }
    },
  },
  {
    id: 'keyword-nested',
    explanation:
      'A keyword inside another keyword of the same skill ("规划" in "规划一下") matches whenever the longer one does, so it earns the ×1.3 multi-keyword bonus from a single phrase.',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      const items = keywordsOf(context).filter((item) => item.lower !== '')
      for (const inner of items) {
        const outer = items.find((other) => other !== inner && other.lower !== inner.lower && other.lower.includes(inner.lower))
        if (outer)
          report.at(
            inner.span,
            `"${inner.keyword}" is inside "${outer.keyword}": typing "${outer.keyword}" counts as two keywords and earns the ×1.3 bonus.`,
          )
      }
    },
  },
  {
    id: 'keyword-too-short',
    explanation:
      'A one-character keyword (or a two-letter Latin one) matches inside unrelated words and messages, so the skill fires where it should not.',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    check: (context, report) => {
      for (const item of keywordsOf(context)) {
        const length = codePointLength(item.keyword.trim())
        if (length === 0) continue
        if (length === 1 || (length === 2 && /^[\x21-\x7e]+$/.test(item.keyword.trim())))
          report.at(item.span, `"${item.keyword}" is too short to be specific: it matches inside many unrelated messages.`)
      }
    },
  },
  {
    id: 'keywords-missing',
    explanation:
      'An auto skill without trigger_keywords is never chosen by keyword routing; only progressive disclosure or LLM routing can find it.',
    severity: { app: 'info', strict: 'off', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.entryMode === 'auto' && context.split.hasFrontmatter && context.skill.triggerKeywords.length === 0)
        report.at(context.split.fields.get('name')?.key ?? [0, 3], 'No trigger_keywords: keyword routing never picks this skill.')
    },
  },
  {
    id: 'keywords-few',
    explanation: 'With a single keyword the ×1.3 bonus never applies and short messages must be almost entirely that keyword to pass 0.3.',
    severity: { app: 'info', strict: 'off', lenient: 'off' },
    check: (context, report) => {
      if (context.skill.entryMode === 'auto' && context.skill.triggerKeywords.length === 1)
        report.at(
          context.split.fields.get('trigger_keywords')?.value ?? [0, 3],
          'Only one trigger keyword: add synonyms (Chinese and English) users actually type.',
        )
    },
  },
  {
    id: 'keyword-shared',
    explanation:
      'The same keyword in two skills makes them compete: the one with more coverage wins, and ties go to load order — rarely what either author meant.',
    severity: { app: 'warning', strict: 'info', lenient: 'off' },
    checkWorkspace: (skills, report) => {
      const owners = new Map<string, SkillContext[]>()
      for (const context of skills) {
        if (context.skill.entryMode !== 'auto') continue
        for (const lower of new Set(context.skill.triggerKeywords.map((k) => k.toLowerCase()).filter(Boolean)))
          owners.set(lower, [...(owners.get(lower) ?? []), context])
      }
      for (const [lower, contexts] of owners) {
        if (contexts.length < 2) continue
        for (const context of contexts) {
          const item = keywordsOf(context).find((k) => k.lower === lower)
          if (item) report(context.skill.path).at(item.span, `"${item.keyword}" is also a keyword of ${namesOfOthers(contexts, context)}.`)
        }
      }
    },
  },
]

/**
 * How the scripted (offline) model picks a skill from descriptions, in progressive disclosure and
 * LLM routing (docs/agent-loop.md, "The scripted model"): BM25 between the message and each
 * skill's name, description and keywords, with Latin words and Chinese character pairs as terms.
 * The part of a description after "Do not use …" / "不用于 …" counts against the skill: when
 * the message matches it better than the rest, the skill is not picked. Deterministic, documented,
 * and no better than a real model — it only has to be honest.
 */

export interface SkillText {
  name: string
  description: string
  keywords?: readonly string[]
}

const NEGATIVE = /(?:\bdo not use\b|\bdon['’]t use\b|\bnot for\b|\bnever use\b|不用于|不要用|不适用|不适合|不负责|不处理)/i

/** Symbols in a message read as the words a description would use for them. */
const SYMBOLS: [RegExp, string][] = [
  [/\d\s*(?:\^|\*\*)\s*\d/, ' power exponent 幂运算 乘方 '],
  [/\d\s*[*×]\s*\d/, ' multiply 乘法 '],
  [/\d\s*[/÷]\s*\d/, ' divide 除法 '],
  [/\d\s+-\s*\d|\d-\d/, ' subtract 减法 '],
  [/\d\s*\+\s*\d/, ' add 加法 '],
]

const STOP = new Set([
  'the',
  'and',
  'for',
  'use',
  'when',
  'with',
  'this',
  'that',
  'user',
  'asks',
  'from',
  'into',
  'what',
  'how',
  'are',
  'you',
  'can',
  'not',
])

export function terms(text: string): string[] {
  const out: string[] = []
  for (const word of text.toLowerCase().match(/[a-z][a-z0-9]+/g) ?? []) {
    if (word.length < 3 || STOP.has(word)) continue
    out.push(word.length > 4 && word.endsWith('s') ? word.slice(0, -1) : word)
  }
  for (const run of text.match(/[\u3400-\u9fff]+/g) ?? []) {
    if (run.length === 1) out.push(run)
    for (let i = 0; i + 1 < run.length; i++) out.push(run.slice(i, i + 2))
  }
  return out
}

function bm25(query: readonly string[], documents: readonly string[][]): number[] {
  const k1 = 1.2
  const b = 0.75
  const average = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, documents.length) || 1
  const frequency = new Map<string, number>()
  for (const doc of documents) for (const term of new Set(doc)) frequency.set(term, (frequency.get(term) ?? 0) + 1)
  const unique = [...new Set(query)]
  return documents.map((doc) => {
    const counts = new Map<string, number>()
    for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1)
    let score = 0
    for (const term of unique) {
      const tf = counts.get(term) ?? 0
      if (tf === 0) continue
      const n = frequency.get(term) ?? 0
      // +0.5: in a catalog of one or two skills plain BM25 idf is near zero even for a telling word.
      const idf = Math.log(1 + (documents.length - n + 0.5) / (n + 0.5)) + 0.5
      score += (idf * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * doc.length) / average))
    }
    return score
  })
}

/** Below this BM25 score nothing is picked: one shared common word is not a match. */
export const MIN_SIMILARITY = 0.6

/** The skill that fits `message` best, or null when none fits (or the best one says it is not for this). */
export function mostSimilarSkill(message: string, skills: readonly SkillText[]): string | null {
  if (skills.length === 0) return null
  let expanded = message
  for (const [pattern, words] of SYMBOLS) if (pattern.test(message)) expanded += words
  const query = terms(expanded)
  const split = skills.map((skill) => {
    const cut = skill.description.search(NEGATIVE)
    const positive = cut < 0 ? skill.description : skill.description.slice(0, cut)
    const negative = cut < 0 ? '' : skill.description.slice(cut)
    return {
      name: skill.name,
      positive: terms(`${skill.name.replace(/[_-]/g, ' ')} ${positive} ${(skill.keywords ?? []).join(' ')}`),
      negative: terms(negative),
    }
  })
  const positive = bm25(
    query,
    split.map((skill) => skill.positive),
  )
  // Only words the "do not use" part has and the rest lacks speak against a skill: "求和" in both
  // "use for 求和" and "not for 数据库求和" says nothing; "数据库" does.
  const negative = bm25(
    query,
    split.map((skill) => skill.negative.filter((term) => !skill.positive.includes(term))),
  )
  let best: string | null = null
  let bestScore = MIN_SIMILARITY
  split.forEach((skill, index) => {
    const score = positive[index]!
    if (negative[index]! >= score) return
    if (score > bestScore) {
      best = skill.name
      bestScore = score
    }
  })
  return best
}

/** The skills of a progressive-disclosure catalog ("- name: description [tags]" lines). */
export function catalogSkills(systemPrompt: string): SkillText[] {
  return [...systemPrompt.matchAll(/^- ([^:\n]+): (.*)$/gm)].map((match) => ({ name: match[1]!.trim(), description: match[2]! }))
}

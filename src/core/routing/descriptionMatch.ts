/**
 * How a message matches skills' descriptions, the way the offline stand-in model decides (docs/routing.md,
 * "Description match"): BM25 between the message and each skill's name, description and keywords,
 * with Latin words and Chinese character pairs as terms. The part of a description after
 * "Do not use …" / "不用于 …" counts against the skill: when the message matches it better than
 * the rest, the skill is ruled out. Deterministic, documented, and no better than a real model —
 * it only has to be honest. The scripted model's picks (core/agent/skillSimilarity.ts) and the
 * Routing view's simulated column both read this one rule.
 */

import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'

export interface DescribedSkill {
  name: string
  description: string
  keywords?: readonly string[]
}

/** One skill's match with a message. */
export interface DescriptionScore {
  /** The BM25 score of the name, the description before its "do not use" part, and the keywords. */
  score: number
  /** The message's terms found there, in the message's order. */
  matched: string[]
  /** The message's terms found only in the "do not use" part. */
  against: string[]
  /** The "do not use" part matched the message at least as well as the rest: never picked. */
  ruledOut: boolean
}

export interface DescriptionMatches {
  /** One per skill, in the order given. */
  scores: DescriptionScore[]
  /** The index of the skill the stand-in picks: the best score above `MIN_SIMILARITY` not ruled out (the first on a tie), or null. */
  pick: number | null
}

/** Below this BM25 score nothing is picked: one shared common word is not a match. */
export const MIN_SIMILARITY = 0.6

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

/** The terms of a text: Latin words of three letters or more (a plural's s dropped), Chinese character pairs (and lone characters). */
export function descriptionTerms(text: string): string[] {
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

/** BM25's statistics of a set of documents, built once; `score` then reads only the documents that hold a query term. */
interface Index {
  total: number
  /** For each term, the documents (by index) that hold it, in order, and how often each does. */
  postings: Map<string, { docs: number[]; counts: number[] }>
  /** Per document, BM25's length part of the denominator: k1 · (1 − b + b · length / average). */
  norms: Float64Array
}

/** A document's term counts and length. */
interface Document {
  counts: ReadonlyMap<string, number>
  length: number
}

function documentOf(terms: readonly string[]): Document {
  const counts = new Map<string, number>()
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
  return { counts, length: terms.length }
}

const K1 = 1.2
const B = 0.75

function* indexInSteps(documents: readonly Document[]): Generator<void, Index> {
  const postings = new Map<string, { docs: number[]; counts: number[] }>()
  for (let index = 0; index < documents.length; index++) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    const doc = documents[index] as Document
    for (const [term, count] of doc.counts) {
      const list = postings.get(term)
      if (list) {
        list.docs.push(index)
        list.counts.push(count)
      } else postings.set(term, { docs: [index], counts: [count] })
    }
  }
  yield
  const average = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, documents.length) || 1
  const norms = new Float64Array(documents.length)
  documents.forEach((doc, index) => (norms[index] = K1 * (1 - B + (B * doc.length) / average)))
  return { total: documents.length, postings, norms }
}

/** Each document's BM25 score for the (unique) query terms, and which of them it holds. */
function score(index: Index, unique: readonly string[]): { scores: Float64Array; hits: (string[] | undefined)[] } {
  const { total, norms } = index
  const scores = new Float64Array(total)
  // Only the documents that hold a term get a list: most of a large catalog holds none.
  const hits: (string[] | undefined)[] = new Array<string[] | undefined>(total)
  for (const term of unique) {
    const posting = index.postings.get(term)
    if (!posting) continue
    const { docs, counts } = posting
    const n = docs.length
    // +0.5: in a catalog of one or two skills plain BM25 idf is near zero even for a telling word.
    const idf = Math.log(1 + (total - n + 0.5) / (n + 0.5)) + 0.5
    for (let i = 0; i < n; i++) {
      const doc = docs[i]!
      const tf = counts[i]!
      scores[doc]! += (idf * tf * (K1 + 1)) / (tf + norms[doc]!)
      const list = hits[doc]
      if (list) list.push(term)
      else hits[doc] = [term]
    }
  }
  return { scores, hits }
}

// Each skill's documents, kept while the skill is the same object: a workspace re-parses only the
// skill that changed, so compiling again after an edit reads one description, not thousands.
const documents = new WeakMap<DescribedSkill, { positive: Document; negative: Document }>()

function documentsOf(skill: DescribedSkill): { positive: Document; negative: Document } {
  const known = documents.get(skill)
  if (known) return known
  const cut = skill.description.search(NEGATIVE)
  const positiveText = cut < 0 ? skill.description : skill.description.slice(0, cut)
  const negativeText = cut < 0 ? '' : skill.description.slice(cut)
  const positive = descriptionTerms(`${skill.name.replace(/[_-]/g, ' ')} ${positiveText} ${(skill.keywords ?? []).join(' ')}`)
  const held = new Set(positive)
  // Only words the "do not use" part has and the rest lacks speak against a skill: "求和" in both
  // "use for 求和" and "not for 数据库求和" says nothing; "数据库" does.
  const result = {
    positive: documentOf(positive),
    negative: documentOf(descriptionTerms(negativeText).filter((term) => !held.has(term))),
  }
  documents.set(skill, result)
  return result
}

/**
 * Compiles the skills once (their terms and BM25 statistics); the matcher then scores a message
 * against all of them. A catalog of thousands is compiled once per skill set, not per keystroke.
 */
export function createDescriptionMatcher(skills: readonly DescribedSkill[]): (message: string) => DescriptionMatches {
  return finishSteps(createDescriptionMatcherInSteps(skills))
}

/**
 * `createDescriptionMatcher` a few hundred skills a step: the same matcher, compiled over several
 * tasks, so a page adding twenty thousand skills compiles it ahead of the render (docs/bench.md).
 */
export function* createDescriptionMatcherInSteps(
  skills: readonly DescribedSkill[],
): Generator<void, (message: string) => DescriptionMatches> {
  const split: { positive: Document; negative: Document }[] = []
  for (let index = 0; index < skills.length; index++) {
    if (index % BULK_STEP === BULK_STEP - 1) yield
    split.push(documentsOf(skills[index] as DescribedSkill))
  }
  const positive = yield* indexInSteps(split.map((skill) => skill.positive))
  const negative = yield* indexInSteps(split.map((skill) => skill.negative))
  return (message) => {
    let expanded = message
    for (const [pattern, words] of SYMBOLS) if (pattern.test(message)) expanded += words
    const unique = [...new Set(descriptionTerms(expanded))]
    const forSkill = score(positive, unique)
    const againstSkill = score(negative, unique)
    let pick: number | null = null
    let best = MIN_SIMILARITY
    const scores = skills.map((_, index): DescriptionScore => {
      const value = forSkill.scores[index]!
      const against = againstSkill.scores[index]!
      const ruledOut = against > 0 && against >= value
      if (!ruledOut && value > best) {
        pick = index
        best = value
      }
      return { score: value, matched: forSkill.hits[index] ?? [], against: againstSkill.hits[index] ?? [], ruledOut }
    })
    return { scores, pick }
  }
}

/** The name of the skill that fits `message` best, or null when none fits (or the best one says it is not for this). */
export function mostSimilarSkill(message: string, skills: readonly DescribedSkill[]): string | null {
  if (skills.length === 0) return null
  const { pick } = createDescriptionMatcher(skills)(message)
  return pick === null ? null : skills[pick]!.name
}

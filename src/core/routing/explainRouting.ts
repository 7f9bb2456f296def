/**
 * What to change so a skill wins a message: the shortest keywords (substrings of the message)
 * that, added to the skill, make keyword routing pick it, computed exactly with the router's own
 * arithmetic (docs/routing.md) and then checked by running the router with each one added.
 */
import { codePointLength } from '../lib/text'
import {
  createRouter,
  MULTI_KEYWORD_BONUS,
  scoreOf,
  topScores,
  type RoutableSkill,
  type RoutingResult,
  type SkillScore,
} from './scoreRouting'
import { DEFAULT_THRESHOLD } from './threshold'

export interface KeywordSuggestion {
  /** The text to add to trigger_keywords (as written in the message). */
  keyword: string
  /** The skill's final score once it is added. */
  final: number
}

export type ExplanationOutcome =
  /** The skill wins already. */
  | 'wins'
  /** Manual skills are never picked by keywords. */
  | 'manual'
  /** Adding one of `suggestions` makes it win. */
  | 'suggest'
  /** No single keyword can: the message is too long for the threshold, or others score too high. */
  | 'no-single-keyword'
  /** Longer than what is analysed keystroke by keystroke. */
  | 'too-long'

export interface RoutingExplanation {
  input: string
  winner: string | null
  skill: string
  final: number | null
  outcome: ExplanationOutcome
  /** Shortest keywords first (then the highest score). */
  suggestions: KeywordSuggestion[]
  /** The skill's own score now. */
  score: SkillScore | null
  /** Who wins instead (null when nobody does). */
  rival: SkillScore | null
  /** When nobody wins: the skill that came closest. */
  closest: SkillScore | null
}

/** Messages longer than this (code points) are not analysed: the search grows with the square of the length. */
export const MAX_EXPLAINED_LENGTH = 300

export function explainRouting(
  skills: readonly RoutableSkill[],
  skillName: string,
  input: string,
  threshold = DEFAULT_THRESHOLD,
  limit = 5,
  options: { sensibleOnly?: boolean; routing?: RoutingResult } = {},
): RoutingExplanation | null {
  const target = skills.find((skill) => skill.name === skillName)
  if (!target) return null
  // The caller may have routed this input already (the page does on every keystroke).
  const given = options.routing
  const routing = given && given.input === input && given.threshold === threshold ? given : createRouter(skills)(input, threshold)
  const score = scoreOf(routing, target.path)
  const base: RoutingExplanation = {
    input,
    winner: routing.winner?.skill ?? null,
    skill: target.name,
    final: score?.final ?? null,
    outcome: 'suggest',
    suggestions: [],
    score,
    rival: routing.winner && routing.winner.path !== target.path ? routing.winner : null,
    closest: routing.winner ? null : routing.best,
  }
  if (target.entryMode === 'manual') return { ...base, outcome: 'manual' }
  if (routing.winner?.path === target.path) return { ...base, outcome: 'wins' }
  if (codePointLength(input) > MAX_EXPLAINED_LENGTH) return { ...base, outcome: 'too-long' }
  if (!score) return { ...base, outcome: 'no-single-keyword' }

  // Exact answers can be odd ("A", a lone space); a person is better served by words (the CLI gets everything).
  const candidates = candidateKeywords(routing, score, target, input, threshold, options.sensibleOnly ? sensibleIn : anyIn)
  const verified: KeywordSuggestion[] = []
  const beats = beatsOthers(routing, score)
  for (const candidate of candidates) {
    if (verified.length >= limit) break
    // The router has the last word: the skill with the keyword added is scored by the router
    // itself, and wins only by beating every other skill's score (the keyword cannot change those).
    const changed = { ...target, triggerKeywords: [...target.triggerKeywords, candidate.keyword] }
    const final = createRouter([changed])(input, threshold).scores[0]?.final ?? null
    if (final !== null && final > threshold && beats(final)) verified.push({ keyword: candidate.keyword, final })
  }
  return { ...base, outcome: verified.length > 0 ? 'suggest' : 'no-single-keyword', suggestions: verified }
}

/** Whether `keyword`, which is `message` from `at` to `end` (UTF-16 units), may be suggested. */
type Acceptable = (keyword: string, at: number, end: number) => boolean

const anyIn = (): Acceptable => () => true

// The scripts written without spaces, where only a dictionary knows where words end.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`
const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED}]`, 'u')
// Part of a spaced word: anything but spaces, punctuation and those scripts ("2^20" is one word).
const WORD_CHARACTER = new RegExp(String.raw`[^\s\p{P}${UNSPACED}]`, 'u')
// Sentence punctuation, which no keyword starts or ends with ("订单", not "订单："); "C#" and "2^20" keep theirs.
const SENTENCE_PUNCTUATION = /[,.;:!?，。：；！？、…"'“”‘’「」『』（）()【】《》〈〉]/u
// Where one sentence or clause ends and the next begins: a keyword never spans it ("任务，再查询订单").
const CLAUSE_BREAK = /[，。：；！？、]|[,.;:!?]\s/u
// One character of those scripts ("的", "帮") matches nearly every message: too broad to suggest, like a lone Latin letter.
const LONE_CHARACTER = new RegExp(`^(?:[a-z0-9]|[${UNSPACED}])$`, 'iu')
// Chinese particles that only glue words together: a keyword holds none as a word of its own
// ("周报", not "的周报", "42 的" or "42 的周报"; 为了 and 得到 are words, not particles).
const PARTICLE = /^[的地得了吗呢吧啊]$/u
let wordSegmenter: Intl.Segmenter | undefined

/**
 * Where words begin in `message` (UTF-16 offsets, and its end), by ICU's word dictionary, the browser's and
 * Node's own; null where the runtime has no Intl.Segmenter (then Chinese is cut anywhere, as
 * before, rather than the hints failing).
 */
function wordStarts(message: string): Set<number> | null {
  if (typeof Intl.Segmenter !== 'function') return null
  wordSegmenter ??= new Intl.Segmenter('zh', { granularity: 'word' })
  const starts = new Set<number>()
  for (const { index } of wordSegmenter.segment(message)) starts.add(index)
  // The end too, where the last word's following one would begin.
  starts.add(message.length)
  return starts
}

/**
 * A keyword a person would write: no spaces or sentence punctuation around it, within one clause,
 * some letter or digit, more than one letter, and whole words: where the message has spaces ("plan
 * my", never "lan my w"), and in Chinese where the word segmenter puts word ends ("规划一下", never
 * "划 task42 的 report", which cuts 规划 in two).
 */
function sensibleIn(message: string): Acceptable {
  const starts = wordStarts(message)
  const inWord = (i: number) => WORD_CHARACTER.test(message[i] ?? '')
  const unspaced = (i: number) => UNSPACED_CHARACTER.test(message[i] ?? '')
  const cuts = (i: number) => (inWord(i - 1) && inWord(i)) || (starts !== null && unspaced(i - 1) && unspaced(i) && !starts.has(i))
  // A particle that the segmenter makes a word of its own, from `at` to `end`.
  const particle = (i: number) => starts !== null && starts.has(i) && starts.has(i + 1) && PARTICLE.test(message[i] ?? '')
  const holdsParticle = (at: number, end: number) => {
    for (let i = at; i < end; i++) if (particle(i)) return true
    return false
  }
  return (keyword, at, end) =>
    keyword.trim() === keyword &&
    !SENTENCE_PUNCTUATION.test(keyword[0] ?? '') &&
    !SENTENCE_PUNCTUATION.test(keyword.at(-1) ?? '') &&
    !CLAUSE_BREAK.test(keyword) &&
    /[\p{L}\p{N}]/u.test(keyword) &&
    !LONE_CHARACTER.test(keyword) &&
    !cuts(at) &&
    !cuts(end) &&
    !holdsParticle(at, end)
}

/**
 * Whether the skill of `score`, scoring `final`, would beat every other skill (a tie goes to the
 * first in load order). The others' scores do not move, so only the best of them is read.
 */
function beatsOthers(routing: RoutingResult, score: SkillScore): (final: number) => boolean {
  const rival = topScores(routing, 2).find((other) => other.path !== score.path && other.final !== null)
  return (final) => !rival || (rival.final ?? 0) < final || (rival.final === final && rival.order > score.order)
}

/**
 * Every substring of the message that would make the skill win, shortest first. Coverage is
 * counted like the router does: on the lower-cased message, every occurrence (overlapping ones
 * too), a code point counted once.
 */
function candidateKeywords(
  routing: RoutingResult,
  score: SkillScore,
  target: RoutableSkill,
  input: string,
  threshold: number,
  acceptIn: (message: string) => Acceptable,
): KeywordSuggestion[] {
  const lower = input.toLowerCase()
  const accept = acceptIn(lower)
  const n = lower.length
  const continuation = new Uint8Array(n + 1)
  for (let i = 1; i < n; i++) {
    const unit = lower.charCodeAt(i)
    const previous = lower.charCodeAt(i - 1)
    if (unit >= 0xdc00 && unit <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff) continuation[i] = 1
  }
  // What the skill covers now.
  const matchedLower = new Set(score.matched.map((keyword) => keyword.toLowerCase()))
  const covered = new Uint8Array(n)
  for (const keyword of target.triggerKeywords.map((k) => k.toLowerCase())) {
    if (keyword === '' || !matchedLower.has(keyword)) continue
    for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + 1)) covered.fill(1, at, at + keyword.length)
  }
  let coveredNow = 0
  // uncovered[i]: code points before i that no keyword of the skill covers yet.
  const uncovered = new Int32Array(n + 1)
  for (let i = 0; i < n; i++) {
    const counts = continuation[i] === 0
    if (counts && covered[i] === 1) coveredNow++
    uncovered[i + 1] = (uncovered[i] ?? 0) + (counts && covered[i] === 0 ? 1 : 0)
  }
  const beats = beatsOthers(routing, score)
  const wins = (final: number) => final > threshold && beats(final)
  const distinct = score.matched.length + 1
  const length = routing.length
  const keepCase = lower.length === input.length

  const found: (KeywordSuggestion & { size: number; at: number })[] = []
  // Lengths are compared in code points; a code point is one or two UTF-16 units, so search on
  // until the units could no longer make a keyword as short as the shortest found (plus two).
  let shortest = Infinity
  for (let size = 1; size <= n && size <= 2 * (shortest + 2); size++) {
    const starts = new Map<string, number[]>()
    for (let i = 0; i + size <= n; i++) {
      if (continuation[i] === 1 || continuation[i + size] === 1) continue
      const text = lower.slice(i, i + size)
      const list = starts.get(text)
      if (list) list.push(i)
      else starts.set(text, [i])
    }
    for (const [text, at] of starts) {
      // An already matched keyword changes nothing. (Spaces count: the router covers them too.)
      if (matchedLower.has(text)) continue
      let gain = 0
      let reach = 0
      for (const start of at) {
        const from = Math.max(start, reach)
        const to = start + size
        if (to > from) gain += (uncovered[to] ?? 0) - (uncovered[from] ?? 0)
        reach = Math.max(reach, to)
      }
      const base = (coveredNow + gain) / length
      const final = distinct >= 2 ? base * MULTI_KEYWORD_BONUS : base
      if (!wins(final)) continue
      const first = at[0] ?? 0
      const keyword = keepCase ? input.slice(first, first + size) : text
      if (!accept(keyword, first, first + size)) continue
      const points = size - countContinuations(continuation, first, first + size)
      found.push({ keyword, final, size: points, at: first })
      shortest = Math.min(shortest, points)
    }
  }
  return found.sort((a, b) => a.size - b.size || b.final - a.final || a.at - b.at).map(({ keyword, final }) => ({ keyword, final }))
}

function countContinuations(continuation: Uint8Array, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) count += continuation[i] ?? 0
  return count
}

/**
 * What to change so a skill wins a message: keywords taken from the message that, added to the
 * skill, make keyword routing pick it, computed exactly with the router's own arithmetic
 * (docs/routing.md) and then checked by running the router with each one added. A person is
 * offered whole words only, never a function word, the skill's own terms first, and for each the
 * routing test cases it would break, safe ones first.
 */
import { LANGUAGES } from '../messages'
import { codePointLength } from '../lib/text'
import {
  createRouter,
  MULTI_KEYWORD_BONUS,
  scoreOf,
  topScores,
  type RoutableSkill,
  type Router,
  type RoutingResult,
  type SkillScore,
} from './scoreRouting'
import { endsWithFunctionWord, isConjunction, isCountWord, isFunctionWord, isParticle, startsWithFunctionWord } from './functionWords'
import { DEFAULT_THRESHOLD } from './threshold'

/** A routing test case the hints check a keyword against (`routing`: its routing now, when known). */
export interface HintCase {
  utterance: string
  /** The skill that should win, or null for "no skill". */
  expect: string | null
  routing?: RoutingResult
}

/** A routing test case that passes now and would fail with the keyword added. */
export interface CaseBreak {
  utterance: string
  expect: string | null
  /** The skill that would win it instead (the one the keyword is added to). */
  wouldWin: string
}

export interface KeywordSuggestion {
  /** The text to add to trigger_keywords (as written in the message). */
  keyword: string
  /** The skill's final score once it is added. */
  final: number
  /** The test cases it would break: none for a safe keyword. */
  breaks: CaseBreak[]
  /** The skill's own name or description holds it. */
  fromDescription: boolean
}

/** A skill as the hints read it: routing's fields, and the description its own terms come from. */
export type ExplainedSkill = RoutableSkill & { description?: string }

export type ExplanationOutcome =
  /** The skill wins already. */
  | 'wins'
  /** Manual skills are never picked by keywords. */
  | 'manual'
  /** Adding one of `suggestions` makes it win; the first breaks no test case. */
  | 'suggest'
  /** Each of `suggestions` makes it win but breaks a test case: better the description, or a test case. */
  | 'no-safe-keyword'
  /** No single keyword can: the message is too long for the threshold, others score too high, or it holds only function words. */
  | 'no-single-keyword'
  /** Longer than what is analysed keystroke by keystroke. */
  | 'too-long'

export interface RoutingExplanation {
  input: string
  winner: string | null
  skill: string
  final: number | null
  outcome: ExplanationOutcome
  /** Safe ones first, then the skill's own terms, then the shortest (then the highest score). */
  suggestions: KeywordSuggestion[]
  /** The skill's own score now. */
  score: SkillScore | null
  /** Who wins instead (null when nobody does). */
  rival: SkillScore | null
  /** When nobody wins: the skill that came closest. */
  closest: SkillScore | null
  /** How many routing test cases each suggestion was checked against. */
  checkedCases: number
}

/** Messages longer than this (code points) are not analysed: the search grows with the square of the length. */
export const MAX_EXPLAINED_LENGTH = 300

/** A suggested keyword is at most this many words ("衣服不合适", "weather forecast for Paris" is already four). */
const MAX_WORDS = 4

export interface ExplainOptions {
  /** Whole words a person would write (the page and the CLI); without it, every exact answer (tests of the arithmetic). */
  sensibleOnly?: boolean
  /** The input's routing, when the caller has it. */
  routing?: RoutingResult
  /** The routing test cases each suggestion is checked against. */
  cases?: readonly HintCase[]
}

export function explainRouting(
  skills: readonly ExplainedSkill[],
  skillName: string,
  input: string,
  threshold = DEFAULT_THRESHOLD,
  limit = 5,
  options: ExplainOptions = {},
): RoutingExplanation | null {
  const target = skills.find((skill) => skill.name === skillName)
  if (!target) return null
  const cases = options.cases ?? []
  // The caller may have routed this input already (the page does on every keystroke).
  const given = options.routing
  let router: Router | null = null
  const route = (message: string) => (router ??= createRouter(skills))(message, threshold)
  const routing = given && given.input === input && given.threshold === threshold ? given : route(input)
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
    checkedCases: cases.length,
  }
  if (target.entryMode === 'manual') return { ...base, outcome: 'manual' }
  if (routing.winner?.path === target.path) return { ...base, outcome: 'wins' }
  if (codePointLength(input) > MAX_EXPLAINED_LENGTH) return { ...base, outcome: 'too-long' }
  if (!score) return { ...base, outcome: 'no-single-keyword' }

  const candidates = options.sensibleOnly
    ? sensibleCandidates(routing, score, target, input, threshold)
    : candidateKeywords(routing, score, target, input, threshold)
  const order = skills.indexOf(target)
  const breaking = caseChecker(
    target,
    order,
    cases.map((item) => ({
      ...item,
      routing:
        item.routing && item.routing.input === item.utterance && item.routing.threshold === threshold
          ? item.routing
          : route(item.utterance),
    })),
    threshold,
  )
  const inDescription = ownTerms(target)
  const beats = beatsOthers(routing, score)
  // The router has the last word: the skill with the keyword added is scored by the router
  // itself, and wins only by beating every other skill's score (the keyword cannot change those).
  const verify = (candidate: Candidate & { fromDescription: boolean }, breaks: CaseBreak[]): KeywordSuggestion | null => {
    const changed = { ...target, triggerKeywords: [...target.triggerKeywords, candidate.keyword] }
    const final = createRouter([changed])(input, threshold).scores[0]?.final ?? null
    return final !== null && final > threshold && beats(final)
      ? { keyword: candidate.keyword, final, breaks, fromDescription: candidate.fromDescription }
      : null
  }
  // Safe ones first, then the skill's own terms, the shortest, the highest score. What a keyword
  // breaks is found in that order until enough safe ones are found: the rest would not be shown.
  const ranked = candidates
    .map((candidate) => ({ ...candidate, fromDescription: inDescription(candidate.keyword) }))
    .sort((a, b) => Number(b.fromDescription) - Number(a.fromDescription) || a.size - b.size || b.final - a.final || a.at - b.at)
  const verified: KeywordSuggestion[] = []
  const unsafe: ((typeof ranked)[number] & { breaks: CaseBreak[] })[] = []
  for (const candidate of ranked) {
    if (verified.length >= limit) break
    const breaks = breaking(candidate.keyword)
    if (breaks.length > 0) unsafe.push({ ...candidate, breaks })
    else {
      const suggestion = verify(candidate, breaks)
      if (suggestion) verified.push(suggestion)
    }
  }
  // Those that break fewer cases before those that break more, the order above otherwise.
  unsafe.sort((a, b) => a.breaks.length - b.breaks.length)
  for (const candidate of unsafe) {
    if (verified.length >= limit) break
    const suggestion = verify(candidate, candidate.breaks)
    if (suggestion) verified.push(suggestion)
  }
  const outcome: ExplanationOutcome =
    verified.length === 0
      ? 'no-single-keyword'
      : verified.every((suggestion) => suggestion.breaks.length > 0)
        ? 'no-safe-keyword'
        : 'suggest'
  return { ...base, outcome, suggestions: verified }
}

/**
 * Which of `cases` adding a keyword to `target` would break: the cases that pass now, whose
 * message holds the keyword, and that the skill would then win although they expect something
 * else. A keyword only raises its own skill's score, so nothing else can change.
 */
function caseChecker(
  target: ExplainedSkill,
  order: number,
  cases: readonly (HintCase & { routing: RoutingResult })[],
  threshold: number,
): (keyword: string) => CaseBreak[] {
  const open = cases.flatMap((item) => {
    const got = item.routing.winner?.skill ?? null
    if (got !== item.expect || item.expect === target.name || item.routing.winner?.path === target.path) return []
    // The best other score is read only for a case a keyword touches: reading it describes the
    // case's top skills, too much to do for every case of a large suite on every pause.
    let rival: SkillScore | null | undefined
    const beats = (final: number) => {
      if (rival === undefined)
        rival = topScores(item.routing, 2).find((other) => other.path !== target.path && other.final !== null) ?? null
      return !rival || (rival.final ?? 0) < final || (rival.final === final && rival.order > order)
    }
    return [{ ...item, lower: item.utterance.toLowerCase(), beats }]
  })
  return (keyword) => {
    const lower = keyword.toLowerCase()
    const touched = open.filter((item) => item.lower.includes(lower))
    if (touched.length === 0) return []
    const router = createRouter([{ ...target, triggerKeywords: [...target.triggerKeywords, keyword] }])
    return touched.flatMap((item) => {
      const final = router(item.utterance, threshold).scores[0]?.final ?? null
      return final !== null && final > threshold && item.beats(final)
        ? [{ utterance: item.utterance, expect: item.expect, wouldWin: target.name }]
        : []
    })
  }
}

/** Whether a keyword is one of the skill's own terms: its name (`_` and `-` read as spaces) or description holds it as whole words. */
function ownTerms(target: ExplainedSkill): (keyword: string) => boolean {
  const text = `${target.name.replace(/[-_]/g, ' ')}\n${target.description ?? ''}`.toLowerCase()
  const inWord = (char: string | undefined) => WORD_CHARACTER.test(char ?? '')
  return (keyword) => {
    const lower = keyword.toLowerCase()
    if (lower === '') return false
    for (let at = text.indexOf(lower); at >= 0; at = text.indexOf(lower, at + 1)) {
      const end = at + lower.length
      // "plan" in "planning" is not the word plan; in Chinese the words run together anyway.
      const cutsStart = inWord(text[at - 1]) && inWord(lower[0])
      const cutsEnd = inWord(text[end]) && inWord(lower.at(-1))
      if (!cutsStart && !cutsEnd) return true
    }
    return false
  }
}

// The scripts written without spaces, where only a dictionary knows where words end.
const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}`
const UNSPACED_CHARACTER = new RegExp(`[${UNSPACED}]`, 'u')
// Part of a spaced word: anything but spaces, punctuation and those scripts ("2^20" is one word).
const WORD_CHARACTER = new RegExp(String.raw`[^\s\p{P}${UNSPACED}]`, 'u')
// Where one sentence or clause ends and the next begins: a keyword never spans it ("任务，再查询订单").
const CLAUSE_BREAK = /[，。：；！？、]|[,.;:!?]\s/u
// One character of those scripts ("的", "帮") matches nearly every message: too broad to suggest, like a lone Latin letter.
const LONE_CHARACTER = new RegExp(`^(?:[a-z0-9]|[${UNSPACED}])$`, 'iu')
// A word with no letter ("2^20", "42", "100%") or a Chinese number or count (二十, 三天, 一篇) is
// a value of this one message, not a topic: a phrase neither starts nor ends with one ("计算一下
// 2^20", "compute 2^20", "请假三天" are no keywords), except a number of one or two digits after
// a Latin word, which names a thing with it ("task 42", "python 3"; not "order 12345").
const namesSomething = (word: string) => /\p{L}/u.test(word) && !isCountWord(word)
const numbersTheWordBefore = (word: string, before: Word | undefined, inPhrase: boolean) =>
  inPhrase && /^\d{1,2}$/u.test(word) && /^[a-z]+$/iu.test(before?.text ?? '')
// An apostrophe between two Latin letters joins one word (don|t, it|s): "t cancel" or "I don" is
// a piece of a word. Any other quote ("'Q3 roadmap'", ‘退款政策’, “…”) encloses words: a keyword
// holds none.
const CONTRACTION = /[a-z]['\u2019][a-z]/iu
const QUOTE = /['"\u2018\u2019\u201c\u201d\u300c\u300d\u300e\u300f]/u
const inContraction = (message: string, at: number, end: number) =>
  (at >= 2 && CONTRACTION.test(message.slice(at - 2, at + 1))) || (end >= 1 && CONTRACTION.test(message.slice(end - 1, end + 2)))
const holdsQuote = (text: string) => QUOTE.test(text.replace(new RegExp(CONTRACTION.source, 'giu'), (pair) => pair[0]! + pair[2]!))
// Characters that end a word the segmenter splits (销售|额, 订单|量, 增长|率, 报|表).
const WORD_SUFFIX = /^[额量率表费价值数单期性化者]$/u
let wordSegmenter: Intl.Segmenter | undefined
// ICU's word dictionary for the languages written without spaces (the rules above are Chinese ones).
const SEGMENTER_TAG = LANGUAGES.find((language) => language.unspaced)!.code

/**
 * Where words begin in `message` (UTF-16 offsets, and its end), by ICU's word dictionary, the browser's and
 * Node's own; null where the runtime has no Intl.Segmenter (then each Chinese character is a word
 * of its own, rather than the hints failing).
 */
function wordStarts(message: string): Set<number> | null {
  if (typeof Intl.Segmenter !== 'function') return null
  wordSegmenter ??= new Intl.Segmenter(SEGMENTER_TAG, { granularity: 'word' })
  const starts = new Set<number>()
  for (const { index } of wordSegmenter.segment(message)) starts.add(index)
  // The end too, where the last word's following one would begin.
  starts.add(message.length)
  return starts
}

interface Word {
  at: number
  end: number
  text: string
}

/**
 * The words of `message`, in order: Latin and digits by spaces and punctuation ("2^20" is one
 * word), Chinese (and the other scripts written without spaces) as the word segmenter cuts it
 * (帮|我|规划|一下). Spaces and punctuation are no words.
 */
function wordsOf(message: string): Word[] {
  const starts = wordStarts(message)
  const words: Word[] = []
  let i = 0
  while (i < message.length) {
    const point = String.fromCodePoint(message.codePointAt(i) ?? 0)
    let end = i + point.length
    if (UNSPACED_CHARACTER.test(point)) {
      while (end < message.length && UNSPACED_CHARACTER.test(message[end] ?? '') && starts !== null && !starts.has(end)) end++
    } else if (WORD_CHARACTER.test(point)) {
      while (end < message.length && WORD_CHARACTER.test(message[end] ?? '')) end++
    } else {
      i = end
      continue
    }
    words.push({ at: i, end, text: message.slice(i, end) })
    i = end
  }
  return words
}

/**
 * The phrases of the message a person would add as a keyword: one to four whole words within
 * one clause, neither starting nor ending with a function word (帮我, 怎么, please: the one list
 * in functionWords.ts), holding no particle standing as a word (的周报), and more than one
 * letter. Each is scored with the router's arithmetic; those that would make the skill win remain.
 */
function sensibleCandidates(
  routing: RoutingResult,
  score: SkillScore,
  target: RoutableSkill,
  input: string,
  threshold: number,
): Candidate[] {
  const model = coverageModel(routing, score, target, input, threshold)
  const words = wordsOf(model.lower)
  const segmented = typeof Intl.Segmenter === 'function'
  // Without a segmenter each Chinese character is a word: a phrase then takes more of them.
  const maxWords = segmented ? MAX_WORDS : 2 * MAX_WORDS
  const found = new Map<string, Candidate>()
  // Whether the words from `from` to `to` (inclusive) start or end with a function word, or a
  // function phrase the segmenter cuts in two (怎么|样, 能|不能).
  const edgeIsFunction = (from: number, to: number) => {
    for (let count = 1; count <= Math.min(3, to - from + 1); count++) {
      if (isFunctionWord(model.lower.slice(words[from]!.at, words[from + count - 1]!.end))) return true
      if (isFunctionWord(model.lower.slice(words[to - count + 1]!.at, words[to]!.end))) return true
    }
    return startsWithFunctionWord(words[from]!.text) || endsWithFunctionWord(words[to]!.text)
  }
  // A lone Chinese character at either end is mostly a piece the dictionary could not place
  // (太|差, 售|后, 成|三): "成三" or "差我想申请" is no phrase a person would pick. At the end, a
  // few characters make words of what comes before (销售|额, 订单|量): those stay.
  const lone = (word: string) => word.length === 1 && UNSPACED_CHARACTER.test(word)
  const loneAtEdge = (from: number, to: number) => lone(words[from]!.text) || (lone(words[to]!.text) && !WORD_SUFFIX.test(words[to]!.text))
  for (let first = 0; first < words.length; first++) {
    const start = words[first]!
    if (isFunctionWord(start.text)) continue
    for (let last = first; last < words.length && last < first + maxWords; last++) {
      const end = words[last]!
      // Nor does a person's phrase run through a pronoun, a plea (差我想申请) or an "and".
      if (last > first && (isParticle(end.text) || startsWithFunctionWord(end.text) || isConjunction(end.text))) break
      const text = model.lower.slice(start.at, end.end)
      if (CLAUSE_BREAK.test(text) || holdsQuote(text)) break
      if (
        LONE_CHARACTER.test(text) ||
        found.has(text) ||
        edgeIsFunction(first, last) ||
        (segmented && loneAtEdge(first, last)) ||
        !namesSomething(start.text) ||
        !(namesSomething(end.text) || numbersTheWordBefore(end.text, words[last - 1], first < last)) ||
        inContraction(model.lower, start.at, end.end)
      )
        continue
      const final = model.finalOf(text)
      if (final === null) continue
      const keyword = model.keepCase ? input.slice(start.at, end.end) : text
      found.set(text, { keyword, final, size: codePointLength(text), at: start.at })
    }
  }
  return [...found.values()]
}

interface Candidate {
  keyword: string
  final: number
  /** Its length in code points. */
  size: number
  /** Where it first occurs in the message. */
  at: number
}

/**
 * The skill's score with one more keyword, by the router's arithmetic: coverage is counted like
 * the router does, on the lower-cased message, every occurrence (overlapping ones too), a code
 * point counted once. `finalOf` gives null when the keyword would not make the skill win.
 */
function coverageModel(routing: RoutingResult, score: SkillScore, target: RoutableSkill, input: string, threshold: number) {
  const lower = input.toLowerCase()
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
  const distinct = score.matched.length + 1
  const length = routing.length
  /** The final score with `text` added, found at `at` (every occurrence, in order), or null when it would not win. */
  const finalAt = (text: string, at: readonly number[]): number | null => {
    // An already matched keyword changes nothing. (Spaces count: the router covers them too.)
    if (matchedLower.has(text)) return null
    let gain = 0
    let reach = 0
    for (const start of at) {
      const from = Math.max(start, reach)
      const to = start + text.length
      if (to > from) gain += (uncovered[to] ?? 0) - (uncovered[from] ?? 0)
      reach = Math.max(reach, to)
    }
    const base = (coveredNow + gain) / length
    const final = distinct >= 2 ? base * MULTI_KEYWORD_BONUS : base
    return final > threshold && beats(final) ? final : null
  }
  const finalOf = (text: string): number | null => {
    const at: number[] = []
    for (let start = lower.indexOf(text); start >= 0; start = lower.indexOf(text, start + 1)) at.push(start)
    return finalAt(text, at)
  }
  return { lower, n, continuation, finalAt, finalOf, keepCase: lower.length === input.length }
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
 * Every substring of the message that would make the skill win, shortest first: the exact
 * answers of the arithmetic, pieces of words and lone spaces included.
 */
function candidateKeywords(
  routing: RoutingResult,
  score: SkillScore,
  target: RoutableSkill,
  input: string,
  threshold: number,
): Candidate[] {
  const { lower, n, continuation, finalAt, keepCase } = coverageModel(routing, score, target, input, threshold)
  const found: Candidate[] = []
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
      const final = finalAt(text, at)
      if (final === null) continue
      const first = at[0] ?? 0
      const keyword = keepCase ? input.slice(first, first + size) : text
      const points = size - countContinuations(continuation, first, first + size)
      found.push({ keyword, final, size: points, at: first })
      shortest = Math.min(shortest, points)
    }
  }
  return found
}

function countContinuations(continuation: Uint8Array, from: number, to: number): number {
  let count = 0
  for (let i = from; i < to; i++) count += continuation[i] ?? 0
  return count
}

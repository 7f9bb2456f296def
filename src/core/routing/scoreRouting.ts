import { createKeywordMatcherInSteps, type KeywordMatcher } from '../lib/keywordMatcher'
import { BULK_STEP } from '../lib/bulkStep'
import { finishSteps } from '../lib/finishSteps'
import { changedPlaces } from '../lib/changedPlaces'
import { codePointLength } from '../lib/text'
import type { EntryMode } from '../skill'
import { bestScores } from './rankScores'
import { DEFAULT_THRESHOLD } from './threshold'

/** What the keyword router needs of a skill. */
export interface RoutableSkill {
  name: string
  path: string
  triggerKeywords: readonly string[]
  entryMode: EntryMode
}

/** Two or more distinct matched keywords multiply the score by this (docs/routing.md, step 6). */
export const MULTI_KEYWORD_BONUS = 1.3

/** Why a skill did or did not win, for the one-line explanation in the table. */
export type RoutingVerdict =
  | { kind: 'winner' }
  | { kind: 'manual' }
  | { kind: 'no-match' }
  /** `neededCovered` is the smallest covered count that would pass, or null when none can. */
  | { kind: 'below-threshold'; neededCovered: number | null }
  | { kind: 'lost-tie'; winner: string }
  | { kind: 'outscored'; winner: string; winnerFinal: number }

/** A half-open `[start, end)` range of UTF-16 offsets in the original input. */
export type InputSpan = readonly [number, number]

export interface SkillScore {
  skill: string
  path: string
  /** Position in load order. */
  order: number
  /** Distinct matched keywords (compared lowercased), as first written in the skill. */
  matched: string[]
  covered: number
  length: number
  base: number
  bonus: boolean
  /** Null when nothing matched (or the skill is manual): the skill has no score. */
  final: number | null
  activated: boolean
  verdict: RoutingVerdict
}

export interface RoutingResult {
  input: string
  length: number
  threshold: number
  winner: SkillScore | null
  /** The highest-scoring skill whatever the threshold (the first in load order on a tie): the winner when it passes. */
  best: SkillScore | null
  /** How many skills were routed, and how many of them scored. */
  total: number
  scored: number
  /**
   * One entry per skill, in load order. A router's result describes the skills on first read: a
   * keystroke that shows only the best rows (`topScores`) or one skill (`scoreOf`) builds only those.
   */
  readonly scores: SkillScore[]
}

interface CompiledSkill {
  skill: RoutableSkill
  /** Ids (into `CompiledRouter.keywords`) of the skill's distinct non-empty lowercased keywords. */
  keywordIds: number[]
  /** The spelling to report for each id, as first written in this skill. */
  written: string[]
}

interface CompiledRouter {
  skills: CompiledSkill[]
  /** Every distinct lowercased keyword of the workspace. */
  keywords: string[]
  /** Finds all of `keywords` in one pass over the input. */
  matcher: KeywordMatcher
  /** For each keyword id, the skills (by load order) that have it: only they can score. */
  skillsWith: number[][]
  /**
   * The same, flat, for the scoring loop (a CLI routes thousands of inputs cold, mostly before the
   * JIT has optimised anything): skill `order`'s keyword ids are
   * `keywordIds[firstKeyword[order] .. firstKeyword[order + 1])`.
   */
  flat: { firstKeyword: Int32Array; keywordIds: Int32Array; keywordLength: Int32Array; manual: Uint8Array }
  /** Load order by skill path. */
  orderOf: Map<string, number>
}

/** A router over a fixed list of skills; compile once, then route every keystroke. */
export type Router = (input: string, threshold?: number) => RoutingResult

export function createRouter(skills: readonly RoutableSkill[]): Router {
  return finishSteps(createRouterInSteps(skills))
}

/**
 * `createRouter` a few hundred skills (then keywords) a step: the same router, compiled over
 * several tasks, so a page adding twenty thousand skills compiles it ahead of the render that
 * shows them (docs/bench.md).
 */
export function* createRouterInSteps(skills: readonly RoutableSkill[]): Generator<void, Router> {
  const ids = new Map<string, number>()
  const compiled: CompiledRouter = {
    skills: [],
    keywords: [],
    matcher: () => new Map(),
    skillsWith: [],
    flat: flatten([], []),
    orderOf: new Map(),
  }
  for (const skill of skills) {
    if (compiled.skills.length % BULK_STEP === BULK_STEP - 1) yield
    const entry: CompiledSkill = { skill, keywordIds: [], written: [] }
    const seen = new Set<string>()
    for (const written of skill.triggerKeywords) {
      const lower = written.toLowerCase()
      if (lower === '' || seen.has(lower)) continue
      seen.add(lower)
      let id = ids.get(lower)
      if (id === undefined) {
        id = compiled.keywords.push(lower) - 1
        compiled.skillsWith.push([])
        ids.set(lower, id)
      }
      compiled.skillsWith[id]?.push(compiled.skills.length)
      entry.keywordIds.push(id)
      entry.written.push(written)
    }
    compiled.skills.push(entry)
  }
  compiled.matcher = yield* createKeywordMatcherInSteps(compiled.keywords)
  yield
  // Typed arrays over every skill: a few milliseconds at twenty thousand, one step.
  compiled.flat = flatten(compiled.skills, compiled.keywords)
  for (let order = 0; order < compiled.skills.length; order++) {
    if (order % BULK_STEP === BULK_STEP - 1) yield
    const path = (compiled.skills[order] as CompiledSkill).skill.path
    if (!compiled.orderOf.has(path)) compiled.orderOf.set(path, order)
  }
  return (input, threshold = DEFAULT_THRESHOLD) => route(compiled, input, threshold)
}

function flatten(skills: readonly CompiledSkill[], keywords: readonly string[]): CompiledRouter['flat'] {
  const firstKeyword = new Int32Array(skills.length + 1)
  const manual = new Uint8Array(skills.length)
  let total = 0
  for (let order = 0; order < skills.length; order++) {
    const entry = skills[order] as CompiledSkill
    total += entry.keywordIds.length
    firstKeyword[order + 1] = total
    if (entry.skill.entryMode === 'manual') manual[order] = 1
  }
  const keywordIds = new Int32Array(total)
  for (let order = 0; order < skills.length; order++) keywordIds.set((skills[order] as CompiledSkill).keywordIds, firstKeyword[order])
  const keywordLength = new Int32Array(keywords.length)
  for (let id = 0; id < keywords.length; id++) keywordLength[id] = keywords[id]?.length ?? 0
  return { firstKeyword, keywordIds, keywordLength, manual }
}

/** Scores every skill for `input` exactly as docs/routing.md defines it. */
export function scoreRouting(input: string, skills: readonly RoutableSkill[], threshold = DEFAULT_THRESHOLD): RoutingResult {
  return createRouter(skills)(input, threshold)
}

/**
 * Two skill lists the router treats alike (same names, paths, entry modes and keywords), so a
 * compiled router can be kept when only a skill's body or description changed.
 */
export function sameRouting(a: readonly RoutableSkill[], b: readonly RoutableSkill[]): boolean {
  const places = changedPlaces(b, a)
  if (!places) return false
  for (const i of places) {
    const x = a[i] as RoutableSkill
    const y = b[i] as RoutableSkill
    if (x.name !== y.name || x.path !== y.path || x.entryMode !== y.entryMode) return false
    if (x.triggerKeywords === y.triggerKeywords) continue
    if (x.triggerKeywords.length !== y.triggerKeywords.length || x.triggerKeywords.some((keyword, k) => keyword !== y.triggerKeywords[k]))
      return false
  }
  return true
}

/** Every skill's numbers for one input, by load order: what a result describes its skills from, when asked. */
interface Tally {
  length: number
  /** By keyword id: 0 when the keyword does not occur, else 1 + its index in `starts`. */
  slots: Int32Array
  /** Start offsets of every occurrence (overlapping ones included) of each keyword that occurs. */
  starts: number[][]
  /** The final score; meaningless where `matched` is 0. */
  finals: Float64Array
  covered: Int32Array
  /** Distinct matched keywords; 0 where the skill has no score (nothing matched, or manual). */
  matched: Int32Array
  /** Load order of the winner (above the threshold; the first on a tie), or -1. */
  winner: number
  /** Load order of the highest score whatever the threshold, or -1. */
  best: number
  scored: number
}

/** Scores every skill for `input` exactly as docs/routing.md defines it, into numbers only. */
function tally(compiled: CompiledRouter, input: string, threshold: number): Tally {
  const lower = input.toLowerCase()
  // A typed array by keyword id, not the matcher's map: a skill's keywords are looked up in it
  // thousands of times per input.
  const slots = new Int32Array(compiled.keywords.length)
  const starts: number[][] = []
  const occurring = compiled.matcher(lower)
  for (const [id, found] of occurring) slots[id] = starts.push(found)
  const count = compiled.skills.length
  const finals = new Float64Array(count)
  const coveredBy = new Int32Array(count)
  const matchedBy = new Int32Array(count)
  const length = Math.max(codePointLength(input), 1)
  // marks[i] === stamp means position i of `lower` is covered for the skill being scored.
  const marks = new Int32Array(lower.length)
  const continuation = continuationUnits(lower)
  const { firstKeyword, keywordIds, keywordLength, manual } = compiled.flat
  // Only skills with a keyword that occurs can score; each is scored once, whichever keyword found it.
  for (const id of occurring.keys()) {
    for (const order of compiled.skillsWith[id] ?? []) {
      if (matchedBy[order] !== 0 || manual[order] === 1) continue
      const stamp = order + 1
      let covered = 0
      let matched = 0
      for (let k = firstKeyword[order] ?? 0, last = firstKeyword[order + 1] ?? 0; k < last; k++) {
        const keyword = keywordIds[k] ?? 0
        const at = slots[keyword] ?? 0
        if (at === 0) continue
        matched++
        const size = keywordLength[keyword] ?? 0
        const found = starts[at - 1] ?? []
        for (let s = 0; s < found.length; s++) {
          for (let i = found[s] ?? 0, end = i + size; i < end; i++) {
            if (marks[i] === stamp) continue
            marks[i] = stamp
            if (continuation[i] === 0) covered++
          }
        }
      }
      coveredBy[order] = covered
      matchedBy[order] = matched
      const base = covered / length
      finals[order] = matched >= 2 ? base * MULTI_KEYWORD_BONUS : base
    }
  }
  let winner = -1
  let best = -1
  let scored = 0
  for (let order = 0; order < count; order++) {
    if (matchedBy[order] === 0) continue
    const final = finals[order] ?? 0
    scored++
    if (best === -1 || final > (finals[best] ?? 0)) best = order
    if (final > threshold && (winner === -1 || final > (finals[winner] ?? 0))) winner = order
  }
  return { length, slots, starts, finals, covered: coveredBy, matched: matchedBy, winner, best, scored }
}

/** One skill's score as the table describes it; `winner` is the winner's score (null when none). */
function describe(compiled: CompiledRouter, counts: Tally, order: number, winner: SkillScore | null, threshold: number): SkillScore {
  const { skill, keywordIds, written } = compiled.skills[order] as CompiledSkill
  const score: SkillScore = {
    skill: skill.name,
    path: skill.path,
    order,
    matched: [],
    covered: 0,
    length: counts.length,
    base: 0,
    bonus: false,
    final: null,
    activated: false,
    verdict: { kind: skill.entryMode === 'manual' ? 'manual' : 'no-match' },
  }
  if (counts.matched[order] === 0) return score
  for (let k = 0; k < keywordIds.length; k++) if (counts.slots[keywordIds[k] ?? 0] !== 0) score.matched.push(written[k] ?? '')
  score.covered = counts.covered[order] ?? 0
  score.base = score.covered / counts.length
  score.bonus = (counts.matched[order] ?? 0) >= 2
  score.final = counts.finals[order] ?? 0
  score.activated = order === counts.winner
  score.verdict = score.activated ? { kind: 'winner' } : verdictFor(score, winner, threshold)
  return score
}

/** What a router's result keeps to describe skills when they are asked for. */
interface Describer {
  counts: Tally
  scoreAt: (order: number) => SkillScore
  orderOf: Map<string, number>
}
const describers = new WeakMap<RoutingResult, Describer>()

function route(compiled: CompiledRouter, input: string, threshold: number): RoutingResult {
  const counts = tally(compiled, input, threshold)
  const described = new Map<number, SkillScore>()
  let winner: SkillScore | null = null
  const scoreAt = (order: number): SkillScore => {
    let score = described.get(order)
    if (!score) described.set(order, (score = describe(compiled, counts, order, winner, threshold)))
    return score
  }
  // The winner first: every other skill's verdict names it.
  winner = counts.winner === -1 ? null : scoreAt(counts.winner)
  let scores: SkillScore[] | undefined
  const result: RoutingResult = {
    input,
    length: counts.length,
    threshold,
    winner,
    best: counts.best === -1 ? null : scoreAt(counts.best),
    total: compiled.skills.length,
    scored: counts.scored,
    get scores() {
      return (scores ??= compiled.skills.map((_, order) => scoreAt(order)))
    },
  }
  describers.set(result, { counts, scoreAt, orderOf: compiled.orderOf })
  return result
}

/** The same result with another winner (grouped routing's), still describing its skills only when read. */
export function withWinner(result: RoutingResult, winner: SkillScore | null): RoutingResult {
  const { input, length, threshold, best, total, scored } = result
  const copy: RoutingResult = {
    input,
    length,
    threshold,
    winner,
    best,
    total,
    scored,
    get scores() {
      return result.scores
    },
  }
  const describer = describers.get(result)
  if (describer) describers.set(copy, describer)
  return copy
}

/**
 * The first `count` rows of the score table: `rankScores(result.scores).slice(0, count)` (scored
 * skills best first, load order on ties, then the rest in load order). From a router's result it
 * describes only those rows.
 */
export function topScores(result: RoutingResult, count: number): SkillScore[] {
  const describer = describers.get(result)
  if (!describer) return bestScores(result.scores, count)
  const { finals, matched, scored } = describer.counts
  const chosen =
    count <= FEW && count < scored ? bestScored(finals, matched, count) : allScored(finals, matched).slice(0, Math.max(count, 0))
  for (let order = 0; order < matched.length && chosen.length < count; order++) if (matched[order] === 0) chosen.push(order)
  return chosen.map(describer.scoreAt)
}

/** Up to this many best rows are picked in one pass; more are sorted (a pass that keeps them in order would cost rows × skills). */
const FEW = 64

/**
 * The best `count` scored skills (best first, load order on ties) in one pass over the numbers,
 * keeping them in order: a CLI's `--top 5` over thousands of scored skills, or the folded table.
 */
function bestScored(finals: Float64Array, matched: Int32Array, count: number): number[] {
  const top: number[] = []
  if (count <= 0) return top
  for (let order = 0; order < matched.length; order++) {
    if (matched[order] === 0) continue
    const final = finals[order] ?? 0
    // Skills come in load order, so one passes an earlier one only with a higher score.
    if (top.length === count && !(final > (finals[top[count - 1] ?? 0] ?? 0))) continue
    let at = top.length
    while (at > 0 && final > (finals[top[at - 1] ?? 0] ?? 0)) at--
    top.splice(at, 0, order)
    if (top.length > count) top.pop()
  }
  return top
}

/** Every scored skill, best first, load order on ties. */
function allScored(finals: Float64Array, matched: Int32Array): number[] {
  const scored: number[] = []
  for (let order = 0; order < matched.length; order++) if (matched[order] !== 0) scored.push(order)
  return scored.sort((a, b) => (finals[b] ?? 0) - (finals[a] ?? 0) || a - b)
}

/** The score of the skill at `path` (null when there is none), describing only that skill. */
export function scoreOf(result: RoutingResult, path: string): SkillScore | null {
  const describer = describers.get(result)
  if (!describer) return result.scores.find((score) => score.path === path) ?? null
  const order = describer.orderOf.get(path)
  return order === undefined ? null : describer.scoreAt(order)
}

function verdictFor(score: SkillScore, winner: SkillScore | null, threshold: number): RoutingVerdict {
  const final = score.final ?? 0
  if (!(final > threshold)) return { kind: 'below-threshold', neededCovered: neededCovered(score, threshold) }
  const best = winner as SkillScore
  if (final === best.final) return { kind: 'lost-tie', winner: best.skill }
  return { kind: 'outscored', winner: best.skill, winnerFinal: best.final ?? 0 }
}

/** Smallest covered count whose final score, computed the same way, is above the threshold. */
function neededCovered(score: SkillScore, threshold: number): number | null {
  const finalFor = (covered: number) => (score.bonus ? (covered / score.length) * MULTI_KEYWORD_BONUS : covered / score.length)
  const multiplier = score.bonus ? MULTI_KEYWORD_BONUS : 1
  let covered = Math.max(1, Math.floor((threshold * score.length) / multiplier))
  while (covered > 1 && finalFor(covered - 1) > threshold) covered--
  while (!(finalFor(covered) > threshold) && covered <= score.length) covered++
  return covered <= score.length ? covered : null
}

/** 1 at each UTF-16 unit that continues a code point (a low surrogate after a high one). */
function continuationUnits(text: string): Uint8Array {
  const flags = new Uint8Array(text.length)
  for (let i = 1; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    const previous = text.charCodeAt(i - 1)
    if (unit >= 0xdc00 && unit <= 0xdfff && previous >= 0xd800 && previous <= 0xdbff) flags[i] = 1
  }
  return flags
}

/**
 * The stretches of `input` that `keywords` cover (merged, as UTF-16 offsets), for highlighting.
 * Kept out of `route` so a keystroke computes spans only for the one skill on screen.
 */
export function coveredSpans(input: string, keywords: readonly string[]): InputSpan[] {
  const lower = input.toLowerCase()
  const covered = new Uint8Array(lower.length + 1)
  for (const keyword of keywords) {
    const needle = keyword.toLowerCase()
    if (needle === '') continue
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) covered.fill(1, at, at + needle.length)
  }
  const toInput = lower.length === input.length ? null : lowerToInputOffsets(input)
  const spans: [number, number][] = []
  for (let i = 0; i < lower.length; i++) {
    if (covered[i] === 0) continue
    let end = i
    while (covered[end] === 1) end++
    spans.push(toInput ? [toInput[i] ?? input.length, toInput[end] ?? input.length] : [i, end])
    i = end
  }
  return spans
}

/**
 * Where each UTF-16 offset of `input.toLowerCase()` comes from in `input`, for the rare characters
 * whose lower case has another length (e.g. "İ" becomes two units).
 */
function lowerToInputOffsets(input: string): number[] {
  const map: number[] = []
  let offset = 0
  for (const char of input) {
    const lowered = char.toLowerCase()
    for (let k = 0; k < lowered.length; k++) map.push(offset)
    offset += char.length
  }
  map.push(input.length)
  return map
}

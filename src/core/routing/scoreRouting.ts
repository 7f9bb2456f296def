import { createKeywordMatcher, type KeywordMatcher } from '../lib/keywordMatcher'
import { codePointLength } from '../lib/text'
import type { EntryMode } from '../skill'
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
  /** One entry per skill, in load order. */
  scores: SkillScore[]
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
}

/** A router over a fixed list of skills; compile once, then route every keystroke. */
export type Router = (input: string, threshold?: number) => RoutingResult

export function createRouter(skills: readonly RoutableSkill[]): Router {
  const ids = new Map<string, number>()
  const compiled: CompiledRouter = { skills: [], keywords: [], matcher: () => new Map(), skillsWith: [] }
  for (const skill of skills) {
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
  compiled.matcher = createKeywordMatcher(compiled.keywords)
  return (input, threshold = DEFAULT_THRESHOLD) => route(compiled, input, threshold)
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
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as RoutableSkill
    const y = b[i] as RoutableSkill
    if (x === y) continue
    if (x.name !== y.name || x.path !== y.path || x.entryMode !== y.entryMode) return false
    if (x.triggerKeywords === y.triggerKeywords) continue
    if (x.triggerKeywords.length !== y.triggerKeywords.length || x.triggerKeywords.some((keyword, k) => keyword !== y.triggerKeywords[k]))
      return false
  }
  return true
}

function route(compiled: CompiledRouter, input: string, threshold: number): RoutingResult {
  const lower = input.toLowerCase()
  // Start offsets of every occurrence (overlapping ones included) of each keyword that occurs.
  const occurrences = compiled.matcher(lower)
  const candidate = new Uint8Array(compiled.skills.length)
  for (const id of occurrences.keys()) for (const order of compiled.skillsWith[id] ?? []) candidate[order] = 1
  const length = Math.max(codePointLength(input), 1)
  // marks[i] === stamp means position i of `lower` is covered for the skill being scored.
  const marks = new Int32Array(lower.length)
  const continuation = continuationUnits(lower)
  const scores: SkillScore[] = []
  let winner: SkillScore | null = null
  let top: SkillScore | null = null

  compiled.skills.forEach(({ skill, keywordIds, written }, order) => {
    const score: SkillScore = {
      skill: skill.name,
      path: skill.path,
      order,
      matched: [],
      covered: 0,
      length,
      base: 0,
      bonus: false,
      final: null,
      activated: false,
      verdict: { kind: skill.entryMode === 'manual' ? 'manual' : 'no-match' },
    }
    scores.push(score)
    if (skill.entryMode === 'manual' || candidate[order] === 0) return

    const stamp = order + 1
    let covered = 0
    for (let k = 0; k < keywordIds.length; k++) {
      const id = keywordIds[k] ?? 0
      const starts = occurrences.get(id)
      if (!starts) continue
      score.matched.push(written[k] ?? '')
      const size = compiled.keywords[id]?.length ?? 0
      for (const start of starts) {
        for (let i = start, end = start + size; i < end; i++) {
          if (marks[i] === stamp) continue
          marks[i] = stamp
          if (continuation[i] === 0) covered++
        }
      }
    }
    if (score.matched.length === 0) return

    score.covered = covered
    score.base = covered / length
    score.bonus = score.matched.length >= 2
    score.final = score.bonus ? score.base * MULTI_KEYWORD_BONUS : score.base
    if (top === null || score.final > (top.final ?? 0)) top = score
    if (score.final > threshold && (winner === null || score.final > (winner.final ?? 0))) winner = score
  })

  const best = winner as SkillScore | null
  for (const score of scores) {
    if (score.final === null) continue
    score.verdict = verdictFor(score, best, threshold)
    score.activated = score === best
  }
  return { input, length, threshold, winner: best, best: top, scores }
}

function verdictFor(score: SkillScore, winner: SkillScore | null, threshold: number): RoutingVerdict {
  const final = score.final ?? 0
  if (score === winner) return { kind: 'winner' }
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

import type { EntryMode } from '../skill'
import { finishSteps } from '../lib/finishSteps'
import { createDescriptionMatcherInSteps, MIN_SIMILARITY, type DescribedSkill } from './descriptionMatch'

/** What description routing needs of a skill. */
export interface DescribedRoutableSkill {
  name: string
  path: string
  description: string
  triggerKeywords: readonly string[]
  entryMode: EntryMode
}

/** A skill without trigger keywords, as the offline stand-in's description match sees it. */
export interface DescriptionRow {
  skill: string
  path: string
  /** Position in load order. */
  order: number
  score: number
  /** The message's terms its name or description holds. */
  matched: string[]
  /** The message's terms only its "do not use" part holds. */
  against: string[]
  ruledOut: boolean
  /** The stand-in would load this skill for the message. */
  picked: boolean
}

export interface DescriptionRouting {
  input: string
  /** The best `count` auto skills without trigger keywords, best match first (load order on a tie); `withoutKeywords` are there in all. */
  top: (count: number) => DescriptionRow[]
  /** The skill the stand-in picks among every auto skill (keywords count as words of theirs), or null (always null when every skill has keywords: nothing is shown). */
  pick: { skill: string; path: string; keywords: boolean } | null
  /** Auto skills routed by description here, and auto skills keyword routing scores. */
  withoutKeywords: number
  withKeywords: number
  minimum: number
}

// The matcher's view of a skill, one object per skill object: the matcher keeps its terms by it.
const views = new WeakMap<DescribedRoutableSkill, DescribedSkill>()
function described(skill: DescribedRoutableSkill): DescribedSkill {
  let view = views.get(skill)
  if (!view) views.set(skill, (view = { name: skill.name, description: skill.description, keywords: skill.triggerKeywords }))
  return view
}

const hasKeywords = (skill: DescribedRoutableSkill) => skill.triggerKeywords.some((keyword) => keyword.length > 0)

/**
 * Description routing for the skills keyword routing cannot see (docs/routing.md, "Description
 * match"): the catalog the stand-in model sees is every auto skill, as in LLM routing, and the
 * rows are the ones without keywords. Compiled once per skill set.
 */
export function createDescriptionRouter(skills: readonly DescribedRoutableSkill[]): (message: string) => DescriptionRouting {
  return finishSteps(createDescriptionRouterInSteps(skills))
}

/**
 * `createDescriptionRouter` a few hundred skills a step: the same router, compiled over several
 * tasks, so a page adding twenty thousand skills compiles it ahead of the render (docs/bench.md).
 */
export function* createDescriptionRouterInSteps(
  skills: readonly DescribedRoutableSkill[],
): Generator<void, (message: string) => DescriptionRouting> {
  const candidates = skills.map((skill, order) => ({ skill, order })).filter(({ skill }) => skill.entryMode === 'auto')
  const withKeywords = candidates.filter(({ skill }) => hasKeywords(skill)).length
  // Every skill has keywords: nothing to show, and nothing to compile (a keystroke in a description of thousands).
  if (withKeywords === candidates.length)
    return (message) => ({ input: message, top: () => [], pick: null, withoutKeywords: 0, withKeywords, minimum: MIN_SIMILARITY })
  yield
  const match = yield* createDescriptionMatcherInSteps(candidates.map(({ skill }) => described(skill)))
  yield
  const unkeyed = candidates.map((candidate, index) => ({ ...candidate, index })).filter(({ skill }) => !hasKeywords(skill))
  return (message) => {
    const { scores, pick } = match(message)
    const row = (place: number): DescriptionRow => {
      const { skill, order, index } = unkeyed[place]!
      const score = scores[index]!
      return {
        skill: skill.name,
        path: skill.path,
        order,
        score: score.score,
        matched: score.matched,
        against: score.against,
        ruledOut: score.ruledOut,
        picked: pick === index,
      }
    }
    const value = (place: number) => scores[unkeyed[place]!.index]!.score
    // The best `count` places, best first and load order on a tie, kept in a short sorted list as
    // the skills are read once: a keystroke describes the rows shown, not thousands sorted.
    const best = (count: number): number[] => {
      const places: number[] = []
      if (count === 0) return places
      for (let place = 0; place < unkeyed.length; place++) {
        const score = value(place)
        if (places.length === count && score <= value(places[count - 1]!)) continue
        let at = places.length
        while (at > 0 && value(places[at - 1]!) < score) at--
        places.splice(at, 0, place)
        if (places.length > count) places.pop()
      }
      return places
    }
    const kept = new Map<number, DescriptionRow[]>()
    const top = (count: number) => {
      const wanted = Math.max(0, Math.min(Math.floor(count), unkeyed.length))
      let rows = kept.get(wanted)
      if (!rows) kept.set(wanted, (rows = best(wanted).map(row)))
      return rows
    }
    const picked = pick === null ? null : candidates[pick]!.skill
    return {
      input: message,
      top,
      pick: picked && { skill: picked.name, path: picked.path, keywords: hasKeywords(picked) },
      withoutKeywords: unkeyed.length,
      withKeywords,
      minimum: MIN_SIMILARITY,
    }
  }
}

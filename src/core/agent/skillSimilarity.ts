/**
 * How the scripted (offline) model picks a skill from descriptions, in progressive disclosure and
 * LLM routing (docs/agent-loop.md, "The scripted model"). The rule itself lives in
 * core/routing/descriptionMatch.ts, which the Routing view's simulated description match reads too.
 */
import type { DescribedSkill } from '../routing'

export { descriptionTerms as terms, MIN_SIMILARITY, mostSimilarSkill } from '../routing'
export type SkillText = DescribedSkill

/** The skills of a progressive-disclosure catalog ("- name: description [tags]" lines). */
export function catalogSkills(systemPrompt: string): SkillText[] {
  return [...systemPrompt.matchAll(/^- ([^:\n]+): (.*)$/gm)].map((match) => ({ name: match[1]!.trim(), description: match[2]! }))
}

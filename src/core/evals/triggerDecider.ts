import { askModelToLoad } from '../agent/modelRouting'
import type { ModelClient } from '../agent/types'
import type { Skill } from '../skill'
import type { TriggerDecision } from './triggerEvals'

/**
 * "Would the model load this skill?" as progressive disclosure asks it (docs/evals.md, "Trigger
 * evals"): the model sees the default prompt, the catalog of every skill's name and description,
 * and the tools with load_skill; the run triggers when it calls load_skill with this skill's name.
 * Nothing of the skill's body is in the prompt, so the description alone decides. The stand-in
 * model decides by its description match (core/routing/descriptionMatch.ts); a real one by itself.
 */
export function triggerDecider(model: ModelClient, skills: readonly Skill[], skill: string): TriggerDecision {
  return async (query, signal) => (await askModelToLoad({ model, utterance: query, skills, signal })) === skill
}

export {
  coveredSpans,
  createRouter,
  createRouterInSteps,
  sameRouting,
  scoreOf,
  scoreRouting,
  topScores,
  withWinner,
  MULTI_KEYWORD_BONUS,
} from './scoreRouting'
export {
  DEFAULT_THRESHOLD,
  MAX_UTTERANCE_LENGTH,
  normalizeThreshold,
  normalizeUtterance,
  parseThreshold,
  THRESHOLD_MAX,
  THRESHOLD_MIN,
} from './threshold'
export type { InputSpan, RoutableSkill, Router, RoutingResult, RoutingVerdict, SkillScore } from './scoreRouting'
export { bestScores, rankScores } from './rankScores'
export { effectiveConfig, DEFAULT_SYSTEM_PROMPT } from './effectiveConfig'
export type { EffectiveConfig, VisibleTool } from './effectiveConfig'
export { describeVerdict, verdictMessage } from './describeVerdict'
export { catalogListing } from './catalogListing'
export { CATALOG_TOKEN_BUDGET, countedPart, MAX_COUNTED_CHARS } from './tokenBudget'
export type { TokenCount } from './tokenBudget'
export { explainRouting, MAX_EXPLAINED_LENGTH } from './explainRouting'
export type { CaseBreak, ExplainedSkill, ExplanationOutcome, HintCase, KeywordSuggestion, RoutingExplanation } from './explainRouting'
export { isFunctionWord } from './functionWords'
export { createGroupedRouter, groupedRouting, skillGroups } from './groupedRouting'
export type { GroupedRouter, GroupedRouting, GroupedSkill } from './groupedRouting'
export { budgetOf, catalogBudget } from './catalogBudget'
export type { CatalogEntry, CatalogLayout, EntryState } from './catalogBudget'
export {
  createDescriptionMatcher,
  createDescriptionMatcherInSteps,
  descriptionTerms,
  MIN_SIMILARITY,
  mostSimilarSkill,
} from './descriptionMatch'
export type { DescribedSkill, DescriptionMatches, DescriptionScore } from './descriptionMatch'
export { createDescriptionRouter, createDescriptionRouterInSteps } from './descriptionRouting'
export type { DescribedRoutableSkill, DescriptionRouting, DescriptionRow } from './descriptionRouting'

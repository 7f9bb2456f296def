/**
 * How many items (skills, keywords, trie nodes, files) one step of a stepped bulk computation
 * covers: compiling the routers (`createRouterInSteps`, `createDescriptionRouterInSteps`) or
 * placing an import's files (`mergeIncomingInSteps`). A step is a few milliseconds of work, so a
 * page handling twenty thousand skills can let input in between (docs/bench.md).
 */
export const BULK_STEP = 500

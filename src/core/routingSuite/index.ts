export {
  appendRoutingCase,
  hasRoutingCase,
  mergeRoutingSuites,
  NO_SKILL,
  removeRoutingCase,
  updateRoutingCase,
  parseRoutingTests,
  parseRoutingTestsInSteps,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  sweepFromResults,
} from './routingSuite'
export type {
  CaseProblem,
  CaseResult,
  ParsedRoutingTests,
  RoutingCase,
  SuiteConflict,
  SuiteMerge,
  SuiteResult,
  SweepPoint,
  UnreadableSuite,
} from './routingSuite'

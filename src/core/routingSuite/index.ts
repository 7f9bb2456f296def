export {
  appendRoutingCase,
  hasRoutingCase,
  mergeRoutingSuites,
  NO_SKILL,
  removeRoutingCase,
  updateRoutingCase,
  parseRoutingTests,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  sweepFromResults,
} from './routingSuite'
export type { CaseProblem, CaseResult, RoutingCase, SuiteConflict, SuiteResult, SweepPoint } from './routingSuite'

export {
  appendRoutingCase,
  hasRoutingCase,
  NO_SKILL,
  removeRoutingCase,
  updateRoutingCase,
  parseRoutingTests,
  ROUTING_TESTS_FILE,
  runRoutingTests,
  thresholdSweep,
} from './routingSuite'
export type { CaseProblem, CaseResult, RoutingCase, SuiteResult, SweepPoint } from './routingSuite'

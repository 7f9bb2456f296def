export { NO_SKILL, parseRoutingTests, ROUTING_TESTS_FILE, runRoutingTests, thresholdSweep } from './routingTests'
export type { CaseProblem, CaseResult, RoutingCase, SuiteResult, SweepPoint } from './routingTests'

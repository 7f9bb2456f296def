export { compileRegex } from './compileRegex'
export { PATTERN_TIME_LIMIT_MS, patternTimedOut, runPatternCheck } from './patternCheck'
export type { PatternCheck, PatternChecker, PatternVerdict } from './patternCheck'
export { EVALS_FILE, importSkillCreatorEvals, parseEvalSuite, SKILL_CREATOR_EVALS, starterEvals } from './evalSuite'
export type { EvalCase, EvalExpect, EvalProblem, EvalSuite } from './evalSuite'
export { checkExpectations, trialFacts } from './checkExpectations'
export type { AssertionResult, TrialFacts } from './checkExpectations'
export { gradeRubric, transcriptText } from './gradeRubric'
export { intervalsApart, wilsonInterval } from '../lib/statistics'
export { caseReport, DEFAULT_CONCURRENCY, defaultTrials, runEvals } from './runEvals'
export type { CaseReport, EvalOptions, EvalReport, RunTrial, TrialOutcome, TrialResult } from './runEvals'
export { compareReports, evalReportJson, evalReportJUnit, percent } from './evalReports'
export type { ComparisonRow } from './evalReports'
export { isEvalsInput, WAZA_EVAL, workspaceEvals } from './workspaceEvals'
export {
  DEFAULT_TRIGGER_THRESHOLD,
  defaultTriggerRuns,
  MAX_TRIGGER_QUERIES,
  MAX_TRIGGER_RUNS,
  parseTriggerRuns,
  parseTriggerSet,
  parseTriggerThreshold,
  runsToSeparate,
  runTriggerEvals,
  TRIGGER_EVALS_FILE,
  triggerReport,
  triggerReportJson,
} from './triggerEvals'
export type { TriggerDecision, TriggerEvalOptions, TriggerQuery, TriggerQueryResult, TriggerReport, TriggerSet } from './triggerEvals'
export { triggerDecider } from './triggerDecider'
export { evalFormatOf, readEvalFile } from './readEvalFile'
export type { EvalFileContext, EvalFormat } from './readEvalFile'
export { importWazaEval, looksLikeWaza, wazaRegex } from './wazaEval'
export type { WazaFiles } from './wazaEval'
export { unknownSkillProblems } from './unknownSkills'
export type { SkillFolderReader } from './evalSuite'
export {
  fitTrace,
  MAX_KEPT_TRACE_CHARS,
  MAX_KEPT_TRACES,
  MAX_TRACE_CHARS,
  MAX_TRACE_TEXT_CHARS,
  MAX_TRACES_PER_CASE,
  TraceKeeper,
} from './traceKeeper'
export type { CaseTraces, KeptTrace } from './traceKeeper'

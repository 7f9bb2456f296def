/**
 * Runs the workspace's evals in the page (docs/evals.md) with the same engine as the CLI: every
 * case `trials` times, a few at a time, with the run's model, tools and routing mode. A comparison
 * runs the suite twice (a saved version of a skill, or another routing mode, as side A).
 */
import { runConversation, type ModelClient, type RoutingMode } from '../core/agent'
import {
  DEFAULT_CONCURRENCY,
  defaultTrials,
  runEvals,
  TraceKeeper,
  workspaceEvals,
  type EvalReport,
  type PatternChecker,
} from '../core/evals'
import type { SkillFile } from '../core/skill'
import { loadWorkspace, type Skill } from '../core/skill'
import { createVirtualFiles } from '../core/tools/virtualFiles'
import type { RunDependencies } from './agentRunner'
import type { PlaygroundStore } from './createPlaygroundStore'
import type { Derivations } from './derive'
import type { ModelChoice } from '../core/workspace'
import type { EvalComparison, SideTraces } from './evalsSlice'
import { workspaceBundles } from '../core/tools/skillFileTools'

export interface EvalDependencies extends RunDependencies {
  /** Grades rubric statements; null with the scripted model (the simulated grader). */
  grader: ModelClient | null
  /** A fresh model client per trial (a user's script replays from its start each time); `choice`: another model than the Run tab's. */
  newModel: (choice?: ModelChoice) => Promise<ModelClient>
  /** Runs the cases' regexes and answer schemas off the page's thread, stopping a runaway (core/evals/patternCheck.ts). */
  checkPattern: PatternChecker
}

export function startEvalRun(
  store: PlaygroundStore,
  derive: Derivations,
  dependencies: EvalDependencies,
  comparison: EvalComparison | null,
): () => void {
  const state = store.getState()
  const suite = workspaceEvals(state.files)
  if (suite.cases.length === 0 || state.evalProgress) return () => {}
  const simulated = state.model === 'scripted' || state.model === 'script'
  const trials = state.evalTrials ?? suite.trials ?? defaultTrials(simulated)
  const controller = new AbortController()
  const sides = comparison ? 2 : 1
  const total = suite.cases.length * trials * sides
  let finishedBefore = 0
  store.getState().setEvalProgress({ done: 0, total })

  const isScripted = (choice: ModelChoice) => choice === 'scripted' || choice === 'script'
  const runSide = async (
    label: string,
    skills: readonly Skill[],
    mode: RoutingMode,
    choice: ModelChoice = state.model,
    files: readonly SkillFile[] = state.files,
  ): Promise<{ report: EvalReport; traces: SideTraces }> => {
    const other = choice !== state.model
    const grader = other ? (isScripted(choice) ? null : await dependencies.newModel(choice)) : dependencies.grader
    // Each trial's trace, within the keeper's limits, for opening a case's trials and "Share case".
    const keeper = new TraceKeeper()
    const report = await runEvals(
      suite.cases,
      {
        traces: keeper,
        trials,
        concurrency: DEFAULT_CONCURRENCY,
        grader,
        signal: controller.signal,
        label,
        simulated: isScripted(choice),
        checkPattern: dependencies.checkPattern,
        onProgress: (done) => store.getState().setEvalProgress({ done: finishedBefore + done, total }),
        runTrial: async (testCase, _trial, signal) => {
          const started = dependencies.clock()
          const model = await dependencies.newModel(other ? choice : undefined)
          const now = store.getState()
          const events = await runConversation(testCase.turns, {
            skills,
            mode: testCase.mode ?? mode,
            threshold: now.threshold,
            toolProtocol: now.toolProtocol,
            model,
            registry: dependencies.registry,
            skillCode: derive.code(now.files),
            skillFiles: workspaceBundles(skills, now.files),
            ...(dependencies.runCode ? { runCode: dependencies.runCode } : {}),
            // Each trial gets its own copy of the files: an eval never changes the workspace.
            tools: {
              files: createVirtualFiles({ ...now.virtualFiles, ...testCase.files }, () => {}),
              knowledge: now.knowledge,
              mocks: now.toolMocks,
              now: dependencies.now,
              database: dependencies.database,
            },
            signal,
            clock: dependencies.clock,
            timers: dependencies.timers,
            onEvent: () => {},
          })
          return { events, latencyMs: Math.round(dependencies.clock() - started) }
        },
      },
      dependencies.clock,
    )
    const settings = {
      label: report.label,
      simulated: report.simulated,
      mode,
      threshold: state.threshold,
      toolProtocol: state.toolProtocol,
      ...(isScripted(choice) || !state.modelName ? {} : { modelName: state.modelName }),
    }
    return { report, traces: { cases: suite.cases, traces: keeper.traces(), files, settings } }
  }

  const current = derive.workspace(state.files).skills
  const modelLabel = dependencies.model.label
  void (async () => {
    let a: { report: EvalReport; traces: SideTraces } | undefined
    if (comparison?.kind === 'version') {
      const version = state.versions[comparison.path]?.find((candidate) => candidate.id === comparison.versionId)
      const files = state.files.map((file) => (file.path === comparison.path && version ? { ...file, text: version.text } : file))
      a = await runSide(
        `${comparison.path} @ ${version?.label || version?.savedAt || '?'}`,
        loadWorkspace(files).skills,
        state.routingMode,
        state.model,
        files,
      )
    } else if (comparison?.kind === 'mode') {
      a = await runSide(`${modelLabel} · ${comparison.mode}`, current, comparison.mode)
    } else if (comparison?.kind === 'model') {
      a = await runSide(
        `${(await dependencies.newModel(comparison.model)).label} · ${state.routingMode}`,
        current,
        state.routingMode,
        comparison.model,
      )
    }
    finishedBefore = a ? suite.cases.length * trials : 0
    const b = await runSide(
      comparison?.kind === 'version' ? `${comparison.path} (current)` : `${modelLabel} · ${state.routingMode}`,
      current,
      state.routingMode,
    )
    const finishedAt = dependencies.now().toISOString()
    store.getState().setEvalTraces({ finishedAt, b: b.traces, ...(a ? { a: a.traces } : {}) })
    store.getState().setEvalResult({ b: b.report, ...(a ? { a: a.report } : {}), finishedAt })
  })().finally(() => store.getState().setEvalProgress(null))
  return () => controller.abort()
}

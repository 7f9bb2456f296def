import { createContext, useCallback, useContext, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { DescriptionRouting, GroupedRouting, RoutingResult } from '../core/routing'
import { belongsToCode, type Skill, type SkillCode, type SkillFile, type Workspace } from '../core/skill'
import type { ToolRegistry } from '../core/tools'
import { textOf, type WorkspaceSnapshot } from '../core/workspace'
import type { PlaygroundState, PlaygroundStore } from './createPlaygroundStore'
import { createDerivations, type Derivations, type PrepareOptions, type RoutingSuite } from './derive'
import { useSettled } from './useSettled'

const PlaygroundContext = createContext<{ store: PlaygroundStore; derive: Derivations } | null>(null)

/** Hands the store (and its memoised derivations) to the components below. */
export function PlaygroundProvider({ store, derive, children }: { store: PlaygroundStore; derive?: Derivations; children: ReactNode }) {
  const value = useMemo(() => ({ store, derive: derive ?? createDerivations() }), [store, derive])
  return (
    <PlaygroundContext.Provider value={value}>
      <DeferredInputs>
        <SettledSuite>{children}</SettledSuite>
      </DeferredInputs>
    </PlaygroundContext.Provider>
  )
}

interface RoutingInputs {
  files: WorkspaceSnapshot
  utterance: string
  threshold: number
  grouped: boolean
}

// Two contexts: a keystroke in the test utterance changes the message, not the files, so the
// readers of lint (the files alone) do not render for it.
const DeferredFilesContext = createContext<WorkspaceSnapshot | null>(null)
const DeferredMessageContext = createContext<Omit<RoutingInputs, 'files'> | null>(null)

/**
 * The workspace snapshot (the files and all they derive), message and threshold that routing and
 * lint follow, deferred (useDeferredValue) in
 * one place and handed down by context. A keystroke in the test utterance or the editor (or a
 * step of the threshold slider) is painted first: its urgent render reaches only this component,
 * whose children are the same element and whose value has not changed yet, so no reader of
 * routing or lint renders in it. They render right after, in a render React can interrupt, so a
 * thousand skills that all score never hold a keystroke, fast typing never queues up renders, and
 * an import of a thousand skills draws the list in one task and compiles their router and scores
 * them in the next. Every reader finds its routing in the derivations' cache.
 */
function DeferredInputs({ children }: { children: ReactNode }) {
  const files = useDeferredValue(usePlayground((state) => state.snapshot))
  const utterance = useDeferredValue(usePlayground((state) => state.utterance))
  const threshold = useDeferredValue(usePlayground((state) => state.threshold))
  const grouped = usePlayground((state) => state.routingMode === 'grouped')
  const message = useMemo(() => ({ utterance, threshold, grouped }), [utterance, threshold, grouped])
  return (
    <DeferredFilesContext.Provider value={files}>
      <DeferredMessageContext.Provider value={message}>{children}</DeferredMessageContext.Provider>
    </DeferredFilesContext.Provider>
  )
}

/** The deferred snapshot of the files (see `DeferredInputs`). */
function useDeferredFiles(): WorkspaceSnapshot {
  const files = useContext(DeferredFilesContext)
  if (!files) throw new Error('usePlayground must be used inside <PlaygroundProvider>')
  return files
}

function usePlaygroundContext() {
  const context = useContext(PlaygroundContext)
  if (!context) throw new Error('usePlayground must be used inside <PlaygroundProvider>')
  return context
}

/** Selects one piece of playground state; the component re-renders only when it changes. */
export function usePlayground<T>(selector: (state: PlaygroundState) => T): T {
  return useStore(usePlaygroundContext().store, selector)
}

export function usePlaygroundStore(): PlaygroundStore {
  return usePlaygroundContext().store
}

export function useDerivations(): Derivations {
  return usePlaygroundContext().derive
}

export function useWorkspace(): Workspace {
  const { derive } = usePlaygroundContext()
  return derive.workspace(usePlayground((state) => state.snapshot))
}

/** The parsed skill at `path` in the current files (undefined when there is none). */
export function useSkill(path: string | null): Skill | undefined {
  const { derive } = usePlaygroundContext()
  return derive.skillAt(
    usePlayground((state) => state.snapshot),
    path,
  )
}

/**
 * The workspace as routing and lint see it (the deferred files): for a view that may follow a
 * keystroke a frame later (the skill list), not for one that edits it (the form).
 */
export function useDeferredWorkspace(): Workspace {
  return usePlaygroundContext().derive.workspace(useDeferredFiles())
}

/** `useSkill` over the deferred files: a view that may show a keystroke a frame later (the token meter). */
export function useDeferredSkill(path: string | null): Skill | undefined {
  return usePlaygroundContext().derive.skillAt(useDeferredFiles(), path)
}

/** One file's text, looked up by path (re-rendering only when that text changes); undefined when there is no such file. */
export function useTextOf(path: string | null): string | undefined {
  return usePlayground((state) => (path === null ? undefined : textOf(state.snapshot, path)))
}

/**
 * A file's text by path in the deferred files, for the views `useDeferredWorkspace` serves: a
 * lookup, not a map of thousands built per keystroke.
 */
export function useDeferredFileText(): (path: string) => string | undefined {
  const files = useDeferredFiles()
  return useCallback((path: string) => textOf(files, path), [files])
}

/** The skills that have code (skill.py / main.py beside their SKILL.md), by skill path; follows the deferred files. */
export function useSkillCode(): ReadonlyMap<string, SkillCode> {
  const { derive } = usePlaygroundContext()
  return derive.code(useDeferredFiles())
}

/**
 * Whether `path` is a skill with code or one of its files. A component that needs no more (the
 * page around the editor) re-renders when the answer changes, not on every keystroke.
 */
export function useHasCode(path: string | null): boolean {
  const { derive } = usePlaygroundContext()
  // From the code files (the same map while no code file changes): a keystroke in a skill with
  // code runs this in the editor's own task, and must not parse the skill there.
  return usePlayground((state) => path !== null && belongsToCode(derive.codeFiles(state.snapshot), path))
}

/** Each skill folder's code files (paths from the workspace root), by folder; follows the deferred files. */
export function useSkillCodeFiles(): ReadonlyMap<string, SkillFile[]> {
  const { derive } = usePlaygroundContext()
  return derive.codeFiles(useDeferredFiles())
}

/** The paths of the files the skill list shows nowhere else (a README, references, a renamed import); follows the deferred files. */
export function useOtherFilePaths(): readonly string[] {
  const { derive } = usePlaygroundContext()
  return derive.otherFiles(useDeferredFiles())
}

/** The deferred files, message and threshold (see `DeferredInputs`). */
function useRoutingInputs(): RoutingInputs {
  const files = useDeferredFiles()
  const message = useContext(DeferredMessageContext)
  if (!message) throw new Error('usePlayground must be used inside <PlaygroundProvider>')
  return { files, ...message }
}

export function useRouting(): RoutingResult {
  const { derive } = usePlaygroundContext()
  const { files, utterance, threshold, grouped } = useRoutingInputs()
  return derive.shown(files, utterance, threshold, grouped)
}

/** The offline stand-in's description match for the skills without keywords (docs/routing.md, "Description match"). */
export function useDescriptionRouting(): DescriptionRouting {
  const { derive } = usePlaygroundContext()
  const { files, utterance } = useRoutingInputs()
  return derive.descriptions(files, utterance)
}

/** Grouped routing's two stages for the current message (shown in that routing mode). */
export function useGroupedRouting(): GroupedRouting {
  const { derive } = usePlaygroundContext()
  const { files, utterance, threshold } = useRoutingInputs()
  return derive.grouped(files, utterance, threshold)
}

/** The winning skill's path and name (a component that needs no more: its children can skip a keystroke's render). */
export function useRoutingWinner(): { path: string | null; skill: string | null } {
  const winner = useRouting().winner
  return { path: winner?.path ?? null, skill: winner?.skill ?? null }
}

export function useLint() {
  const { derive } = usePlaygroundContext()
  // The heaviest derivation (a thousand skills' shared keywords): it follows the files in a
  // deferred render, so a keystroke in the editor, or a thousand imported skills, paint first and
  // the findings follow a frame later. Every caller reads the same deferred files (one lint each).
  const files = useDeferredFiles()
  const profile = usePlayground((state) => state.lintProfile)
  return derive.lint(files, profile, useToolRegistry())
}

/**
 * Parses and lints files ahead of adding them (a bulk import: the files as the import will leave
 * them), in slices that leave the page responsive; resolves when the render that adds them will
 * find the work done.
 */
export function usePrepareFiles(): (files: readonly SkillFile[], options?: PrepareOptions) => Promise<void> {
  const { store, derive } = usePlaygroundContext()
  const tools = useToolRegistry()
  return useCallback((files, options) => derive.prepare(files, store.getState().lintProfile, tools, options), [derive, store, tools])
}

/** Parses routing-test suites in slices ahead of a click that reads them: an import merging its suite into one's own. */
export function usePrepareSuites(): (texts: readonly string[]) => Promise<void> {
  return usePlaygroundContext().derive.prepareSuites
}

/** The routing-test suite and its sweep, computed once typing pauses (useSettled): off the keystroke path. */
export function useRoutingSuite() {
  return useRoutingSuiteStatus().suite
}

/**
 * The suite, and whether it is behind the text being typed (the badge says "updating"). Its cases
 * are routed a slice at a time once typing pauses (`prepareTests`); until then the last suite
 * shows, so a suite of hundreds of cases over a thousand skills never holds the page.
 */
export function useRoutingSuiteStatus(): SuiteStatus {
  const status = useContext(SuiteStatusContext)
  if (!status) throw new Error('useRoutingSuiteStatus must be used inside <PlaygroundProvider>')
  return status
}

interface SuiteStatus {
  suite: RoutingSuite | null
  updating: boolean
}

const SuiteStatusContext = createContext<SuiteStatus | null>(null)

/**
 * The suite's status, followed once for all its readers (the Tests badge and tab, the editor's
 * markers on routing-tests.yaml): one pair of settle timers and one routing of the cases, and a
 * value that changes when the suite or "updating" does. While typing goes on it stays the same,
 * so no reader renders on each keystroke; this component's children are the same element.
 */
function SettledSuite({ children }: { children: ReactNode }) {
  const { suite, updating } = useSuiteStatus()
  const value = useMemo(() => ({ suite, updating }), [suite, updating])
  return <SuiteStatusContext.Provider value={value}>{children}</SuiteStatusContext.Provider>
}

function useSuiteStatus(): SuiteStatus {
  const { derive } = usePlaygroundContext()
  const [files, filesPending] = useSettled(usePlayground((state) => state.snapshot))
  const [threshold, thresholdPending] = useSettled(usePlayground((state) => state.threshold))
  const [routed, setRouted] = useState<{ files: WorkspaceSnapshot; threshold: number } | null>(null)
  useEffect(() => {
    let live = true
    void derive.prepareTests(files, threshold, () => live).then((done) => done && setRouted({ files, threshold }))
    return () => {
      live = false
    }
  }, [derive, files, threshold])
  const ready = routed !== null && routed.files === files && routed.threshold === threshold
  const shown = routed ?? null
  return {
    suite: shown ? derive.tests(shown.files, shown.threshold) : null,
    updating: filesPending || thresholdPending || !ready,
  }
}

/** What the routed skill gives the agent, from the same deferred files as the routing that chose it. */
export function useEffectiveConfig() {
  const { derive } = usePlaygroundContext()
  const files = useDeferredFiles()
  return derive.config(files, useRouting().winner, useToolRegistry())
}

/** The workspace's eval cases and the problems in their files. */
export function useEvalSuite() {
  const { derive } = usePlaygroundContext()
  return derive.evals(usePlayground((state) => state.snapshot))
}

/** `useEvalSuite` over the deferred files: for the editor's markers, which may follow a frame later. */
export function useDeferredEvalSuite() {
  return usePlaygroundContext().derive.evals(useDeferredFiles())
}

/** Every tool that exists now: the in-page ones and the server's MCP tools. */
export function useToolRegistry(): ToolRegistry {
  const { derive } = usePlaygroundContext()
  return derive.registry(usePlayground((state) => state.serverTools))
}

import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useStore } from 'zustand'
import type { RoutingResult } from '../core/routing'
import type { Workspace } from '../core/skill'
import type { ToolRegistry } from '../core/tools'
import type { PlaygroundState, PlaygroundStore } from './createPlaygroundStore'
import { createDerivations, type Derivations } from './derive'
import { useSettled } from './useSettled'

const PlaygroundContext = createContext<{ store: PlaygroundStore; derive: Derivations } | null>(null)

/** Hands the store (and its memoised derivations) to the components below. */
export function PlaygroundProvider({ store, derive, children }: { store: PlaygroundStore; derive?: Derivations; children: ReactNode }) {
  const value = useMemo(() => ({ store, derive: derive ?? createDerivations() }), [store, derive])
  return <PlaygroundContext.Provider value={value}>{children}</PlaygroundContext.Provider>
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
  return derive.workspace(usePlayground((state) => state.files))
}

export function useRouting(): RoutingResult {
  const { derive } = usePlaygroundContext()
  const files = usePlayground((state) => state.files)
  const utterance = usePlayground((state) => state.utterance)
  const threshold = usePlayground((state) => state.threshold)
  return derive.routing(files, utterance, threshold)
}

/**
 * The winning skill's path and name only: a component that needs no more than these re-renders
 * when the winner changes, not on every keystroke (the skill list of a 5,000-skill workspace).
 */
export function useRoutingWinner(): { path: string | null; skill: string | null } {
  const { derive } = usePlaygroundContext()
  const pick = (state: PlaygroundState) => derive.routing(state.files, state.utterance, state.threshold).winner
  const path = usePlayground((state) => pick(state)?.path ?? null)
  const skill = usePlayground((state) => pick(state)?.skill ?? null)
  return { path, skill }
}

export function useLint() {
  const { derive } = usePlaygroundContext()
  const files = usePlayground((state) => state.files)
  const profile = usePlayground((state) => state.lintProfile)
  return derive.lint(files, profile, useToolRegistry())
}

/** The routing-test suite and its sweep, computed once typing pauses (useSettled): off the keystroke path. */
export function useRoutingSuite() {
  return useRoutingSuiteStatus().suite
}

/** The suite, and whether it is behind the text being typed (the badge says "updating"). */
export function useRoutingSuiteStatus() {
  const { derive } = usePlaygroundContext()
  const [files, filesPending] = useSettled(usePlayground((state) => state.files))
  const [threshold, thresholdPending] = useSettled(usePlayground((state) => state.threshold))
  return { suite: derive.tests(files, threshold), updating: filesPending || thresholdPending }
}

export function useEffectiveConfig() {
  const { derive } = usePlaygroundContext()
  const files = usePlayground((state) => state.files)
  return derive.config(files, useRouting().winner?.path ?? null, useToolRegistry())
}

/** The workspace's eval cases and the problems in their files. */
export function useEvalSuite() {
  const { derive } = usePlaygroundContext()
  return derive.evals(usePlayground((state) => state.files))
}

/** Every tool that exists now: the in-page ones and the server's MCP tools. */
export function useToolRegistry(): ToolRegistry {
  const { derive } = usePlaygroundContext()
  return derive.registry(usePlayground((state) => state.serverTools))
}

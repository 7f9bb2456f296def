import { lazy, Suspense, useState, type ReactNode } from 'react'
import { usePlayground } from '../state/PlaygroundProvider'
import { StorageBanners } from './StorageBanners'
import { EffectiveConfigPanel } from './config/EffectiveConfigPanel'
import { SkillPreview } from './editor/SkillPreview'
import { TokenMeter } from './editor/TokenMeter'
import { VersionsControl } from './editor/VersionsControl'
import { RoutingSummary } from './routing/RoutingSummary'
import { ScoreTable } from './routing/ScoreTable'
import { ThresholdControl } from './routing/ThresholdControl'
import { UtteranceBox } from './routing/UtteranceBox'
import { RunControls } from './run/RunControls'
import { RunTrace } from './run/RunTrace'
import { ProblemCount } from './problems/ProblemCount'
import { ProblemsPanel } from './problems/ProblemsPanel'
import { SharedBanner } from './share/SharedBanner'
import { TestCount } from './routingSuite/TestCount'
import { TestsPanel } from './routingSuite/TestsPanel'
import { WorkspaceToolbar } from './share/WorkspaceToolbar'
import { SkillList } from './skills/SkillList'

// Monaco is most of the bundle: the list and the live table paint before it arrives.
const ToolsPanel = lazy(() => import('./tools/ToolsPanel'))
const SkillEditor = lazy(() => import('./editor/SkillEditor').then((module) => ({ default: module.SkillEditor })))

type Tab = 'routing' | 'tests' | 'run' | 'tools' | 'problems'

const TABS: { id: Tab; label: string; Badge?: () => ReactNode }[] = [
  { id: 'routing', label: 'Routing' },
  { id: 'tests', label: 'Tests', Badge: TestCount },
  { id: 'run', label: 'Run' },
  { id: 'tools', label: 'Tools' },
  { id: 'problems', label: 'Problems', Badge: ProblemCount },
]

export function App() {
  const selectedPath = usePlayground((state) => state.selectedPath)
  const [preview, setPreview] = useState(false)
  const [tab, setTab] = useState<Tab>('routing')
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          <img src="/favicon.svg" alt="" width={22} height={22} /> Skill Playground
        </h1>
        <p className="tagline">Write SKILL.md files and see, as you type, which one a user message would activate — and why.</p>
        <WorkspaceToolbar />
      </header>
      <SharedBanner />
      <StorageBanners />
      <main className="layout">
        <SkillList />
        <section className="pane editor-pane" aria-label="Editor">
          <div className="pane-header">
            <h2>{selectedPath ?? 'No skill selected'}</h2>
            {selectedPath && <VersionsControl path={selectedPath} />}
            <button
              type="button"
              className="button small"
              aria-pressed={preview}
              onClick={() => setPreview(!preview)}
              title="Show the body rendered as Markdown"
            >
              Preview
            </button>
          </div>
          <div className="editor-status">
            <TokenMeter path={selectedPath} />
          </div>
          {preview && <SkillPreview path={selectedPath} />}
          {/* Hidden rather than unmounted, so each file keeps its undo history. */}
          <div className="editor-column" hidden={preview}>
            <Suspense fallback={<p className="loading">Loading editor…</p>}>
              <SkillEditor />
            </Suspense>
          </div>
        </section>
        <section className="pane routing-pane" aria-label="Routing">
          <UtteranceBox />
          <RunControls onRun={() => setTab('run')} />
          <div className="tabs" role="tablist" aria-label="Views">
            {TABS.map(({ id, label, Badge }) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
                {label} {Badge && <Badge />}
              </button>
            ))}
          </div>
          {tab === 'routing' ? (
            <>
              <div className="routing-toolbar">
                <h2>Routing scores</h2>
                <ThresholdControl />
              </div>
              <RoutingSummary />
              <ScoreTable />
              <EffectiveConfigPanel />
            </>
          ) : tab === 'tests' ? (
            <TestsPanel />
          ) : tab === 'run' ? (
            <RunTrace />
          ) : tab === 'problems' ? (
            <ProblemsPanel />
          ) : (
            <Suspense fallback={<p className="loading">Loading tools…</p>}>
              <ToolsPanel />
            </Suspense>
          )}
        </section>
      </main>
    </div>
  )
}

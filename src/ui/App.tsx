import { Suspense, useState, type ReactNode } from 'react'
import { lazyView } from './common/lazyView'
import { useDerivations, useHasCode, usePlayground, usePlaygroundStore } from '../state/PlaygroundProvider'
import { ErrorBoundary } from './common/ErrorBoundary'
import { useServices } from './common/services'
import { preloadEditor } from './common/preloadEditor'
import { useIdleMount } from './common/useIdleMount'
import { moveAmongTabs } from './common/moveAmongTabs'
import { StorageBanners } from './StorageBanners'
import { EffectiveConfigPanel } from './config/EffectiveConfigPanel'
import { TokenMeter } from './editor/TokenMeter'
import { CatalogBudget } from './catalog/CatalogBudget'
import { VersionsControl } from './editor/VersionsControl'
import { RoutingSummary } from './routing/RoutingSummary'
import { RoutingHints } from './routing/RoutingHints'
import { ScoreTable } from './routing/ScoreTable'
import { ThresholdControl } from './routing/ThresholdControl'
import { UtteranceBox } from './routing/UtteranceBox'
import { RunControls } from './run/RunControls'
import { ProblemCount } from './problems/ProblemCount'
import { SharedBanner } from './share/SharedBanner'
import { TestCount } from './routingSuite/TestCount'
import { WorkspaceToolbar } from './share/WorkspaceToolbar'
import { SkillList } from './skills/SkillList'
import { HeaderMenus } from './help/HeaderMenus'
import { useT } from './i18n/i18n'
import { monacoMessagesReady } from './i18n/monacoMessages'
import { usePythonWarmUp } from './code/usePythonWarmUp'
import { isSkillPath, isToolSkillPath } from '../core/skill'

// Monaco is most of the bundle: the list and the live table paint before it arrives.
const ToolsPanel = lazyView(() => import('./tools/ToolsPanel'))
const SkillCodePanel = lazyView(() => import('./code/SkillCodePanel').then((module) => ({ default: module.SkillCodePanel })))
// Both bring Monaco, whose own words are read as it loads: its language table comes first (i18n/monacoMessages).
const SkillEditor = lazyView(() =>
  monacoMessagesReady()
    .then(() => import('./editor/SkillEditor'))
    .then((module) => ({ default: module.SkillEditor })),
)
const SkillForm = lazyView(() => monacoMessagesReady().then(() => import('./editor/SkillForm')))
// The preview brings react-markdown: loaded when it is first opened.
const SkillPreview = lazyView(() => import('./editor/SkillPreview').then((module) => ({ default: module.SkillPreview })))
const EvalsPanel = lazyView(() => import('./evals/EvalsPanel'))
// Only a page that edits a folder on disk shows these.
const FolderBanners = lazyView(() => import('./folder/FolderBanners').then((module) => ({ default: module.FolderBanners })))
// The other tabs load when opened (or on idle): a first visit starts on the routing table.
const TestsPanel = lazyView(() => import('./routingSuite/TestsPanel').then((module) => ({ default: module.TestsPanel })))
const RunTrace = lazyView(() => import('./run/RunTrace').then((module) => ({ default: module.RunTrace })))
// A run opened from a run link or file (read-only): loaded only when one is opened.
const SharedRunView = lazyView(() => import('./run/SharedRunView').then((module) => ({ default: module.SharedRunView })))
// An eval case opened from a case link or file (read-only): loaded only when one is opened.
const SharedEvalCaseView = lazyView(() => import('./evals/SharedEvalCaseView').then((module) => ({ default: module.SharedEvalCaseView })))
const ProblemsPanel = lazyView(() => import('./problems/ProblemsPanel').then((module) => ({ default: module.ProblemsPanel })))

type Tab = 'routing' | 'tests' | 'run' | 'evals' | 'tools' | 'problems'

const TABS: { id: Tab; Badge?: () => ReactNode }[] = [
  { id: 'routing' },
  { id: 'tests', Badge: TestCount },
  { id: 'run' },
  { id: 'evals' },
  { id: 'tools' },
  { id: 'problems', Badge: ProblemCount },
]

export function App() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const selectedPath = usePlayground((state) => state.selectedPath)
  const editingFolder = usePlayground((state) => state.folder !== null)
  const showingSharedRun = usePlayground((state) => state.sharedRun !== null)
  const showingSharedCase = usePlayground((state) => state.sharedEvalCase !== null)
  // What a tab shows while its code loads (tabs other than Routing load on first use).
  const tabLoading = <p className="loading">{t('tools.loading')}</p>
  const [preview, setPreview] = useState(false)
  const { editorView } = useServices()
  // The view chosen last on this device: a reload (or the next visit) opens it again.
  const [view, setShownView] = useState(editorView.read)
  const setView = (next: 'form' | 'text') => {
    setShownView(next)
    editorView.remember(next)
  }
  // Asked to show a place in the text (a problem, the form's broken YAML): the text shows, before
  // the editor's own reaction to the same request runs, so it can focus and scroll.
  const revealRequest = usePlayground((state) => state.revealRequest)
  const [revealShown, setRevealShown] = useState(revealRequest)
  if (revealRequest !== revealShown) {
    setRevealShown(revealRequest)
    setShownView('text')
    setPreview(false)
  }
  const derive = useDerivations()
  // Seed 001's tool folder: its schema.json is the skill's file (a boolean, so typing does not render the page).
  const toolSkill = usePlayground(
    (state) => selectedPath !== null && isToolSkillPath(selectedPath, (path) => derive.fileIndex(state.files).has(path)),
  )
  const isSkill = selectedPath !== null && (isSkillPath(selectedPath) || toolSkill)
  // The Run code panel (and its chunk) only for a skill with code, or one of its files, and like
  // the editor only once the page is usable.
  const hasCode = useHasCode(selectedPath)
  // A workspace with code has Python started once the page is idle: the first Run code is quick.
  usePythonWarmUp()
  const showForm = view === 'form' && isSkill
  const [tab, setTab] = useState<Tab>('routing')
  // Monaco (most of the bytes) is fetched once the page is idle after its first paint and run once
  // typing pauses, or at once when the user reaches into this pane (the form's undo needs its models)
  // or picks a file to show in it.
  const [editorReady, mountEditor] = useIdleMount({ prefetch: preloadEditor, reachedFor: selectedPath })
  return (
    <div className="app">
      <header className="app-header">
        {/* The first stop of the Tab key: straight to the test utterance, past the toolbar, the list and the editor. */}
        <button type="button" className="skip-link" onClick={() => document.getElementById('utterance')?.focus()}>
          {t('keyboard.skipToUtterance')}
        </button>
        <h1>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={22} height={22} /> Skill Playground
        </h1>
        <p className="tagline" title={t('app.tagline')}>
          {t('app.tagline')}
        </p>
        <WorkspaceToolbar />
        <HeaderMenus />
      </header>
      <SharedBanner />
      {showingSharedRun && (
        <Suspense fallback={<p className="loading">{t('tools.loading')}</p>}>
          <ErrorBoundary name={t('sharedRun.title')} onReset={() => store.getState().showSharedRun(null)}>
            <SharedRunView />
          </ErrorBoundary>
        </Suspense>
      )}
      {showingSharedCase && (
        <Suspense fallback={<p className="loading">{t('tools.loading')}</p>}>
          <ErrorBoundary name={t('sharedCase.title')} onReset={() => store.getState().showSharedEvalCase(null)}>
            <SharedEvalCaseView />
          </ErrorBoundary>
        </Suspense>
      )}
      <StorageBanners />
      {editingFolder && (
        <Suspense fallback={null}>
          <FolderBanners />
        </Suspense>
      )}
      <main className="layout">
        <ErrorBoundary name={t('skills.title')}>
          <SkillList />
        </ErrorBoundary>
        <section className="pane editor-pane" aria-label={t('a11y.editor')} onPointerDown={mountEditor} onFocus={mountEditor}>
          <div className="pane-header">
            <h2 title={selectedPath ?? undefined}>{selectedPath ?? t('editor.noSelection')}</h2>
            {isSkill && (
              <div className="view-tabs" role="tablist" aria-label={t('form.views')} onKeyDown={moveAmongTabs}>
                <button
                  type="button"
                  role="tab"
                  aria-selected={showForm}
                  tabIndex={showForm ? 0 : -1}
                  aria-label={t('form.tab')}
                  onClick={() => setView('form')}
                >
                  {t('form.tab')}
                </button>
                <button
                  type="button"
                  role="tab"
                  aria-selected={!showForm}
                  tabIndex={showForm ? -1 : 0}
                  aria-label={toolSkill ? 'schema.json' : 'SKILL.md'}
                  onClick={() => setView('text')}
                >
                  {toolSkill ? 'schema.json' : 'SKILL.md'}
                </button>
              </div>
            )}
            {selectedPath && <VersionsControl path={selectedPath} />}
            {!showForm && (
              <button
                type="button"
                className="button small"
                aria-pressed={preview}
                onClick={() => setPreview(!preview)}
                title={t('editor.previewTitle')}
                aria-label={t('editor.preview')}
              >
                {t('editor.preview')}
              </button>
            )}
          </div>
          <div className="editor-status">
            <TokenMeter path={selectedPath} />
            <CatalogBudget />
          </div>
          {preview && !showForm && (
            <Suspense fallback={<p className="loading">{t('editor.loading')}</p>}>
              <SkillPreview path={selectedPath} />
            </Suspense>
          )}
          {showForm && selectedPath && (
            <Suspense fallback={<p className="loading">{t('editor.loading')}</p>}>
              <ErrorBoundary name={t('form.tab')}>
                <SkillForm key={selectedPath} path={selectedPath} />
              </ErrorBoundary>
            </Suspense>
          )}
          {/* Hidden rather than unmounted, so each file keeps its undo history (the form's edits too). */}
          <div className="editor-column" hidden={preview || showForm}>
            {editorReady ? (
              // Its own boundary: should its code not arrive (the server gone), the pane says so and tries again on request.
              <ErrorBoundary name={t('editor.name')}>
                <Suspense fallback={<p className="loading">{t('editor.loading')}</p>}>
                  <SkillEditor />
                </Suspense>
              </ErrorBoundary>
            ) : (
              <p className="loading" tabIndex={0}>
                {t('editor.waiting')}
              </p>
            )}
          </div>
          {hasCode && editorReady && (
            <Suspense fallback={null}>
              <ErrorBoundary name={t('code.run')}>
                <SkillCodePanel path={selectedPath} />
              </ErrorBoundary>
            </Suspense>
          )}
        </section>
        <section className="pane routing-pane" aria-label={t('a11y.routing')}>
          <UtteranceBox />
          <RunControls onRun={() => setTab('run')} />
          <div className="tabs" role="tablist" aria-label={t('a11y.views')} onKeyDown={moveAmongTabs}>
            {TABS.map(({ id, Badge }) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} aria-label={t(`tabs.${id}`)} onClick={() => setTab(id)}>
                {t(`tabs.${id}`)} {Badge && <Badge />}
              </button>
            ))}
          </div>
          {/* Each view fails on its own, with a way back: damaged data never blanks the page. */}
          <ErrorBoundary key={tab} name={t(`tabs.${tab}`)} onReset={tab === 'run' ? () => store.getState().clearRuns() : undefined}>
            {tab === 'routing' ? (
              <>
                <div className="routing-toolbar">
                  <h2>{t('routing.title')}</h2>
                  <ThresholdControl />
                </div>
                <RoutingSummary />
                <RoutingHints />
                <ScoreTable />
                <EffectiveConfigPanel />
              </>
            ) : tab === 'tests' ? (
              <Suspense fallback={tabLoading}>
                <TestsPanel />
              </Suspense>
            ) : tab === 'run' ? (
              <Suspense fallback={tabLoading}>
                <RunTrace />
              </Suspense>
            ) : tab === 'problems' ? (
              <Suspense fallback={tabLoading}>
                <ProblemsPanel />
              </Suspense>
            ) : tab === 'evals' ? (
              <Suspense fallback={tabLoading}>
                <EvalsPanel />
              </Suspense>
            ) : (
              <Suspense fallback={tabLoading}>
                <ToolsPanel />
              </Suspense>
            )}
          </ErrorBoundary>
        </section>
      </main>
    </div>
  )
}

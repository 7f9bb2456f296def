import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bundledSkillFiles } from './adapters/bundledSkills'
import { loadSavedWorkspace, saveWorkspace } from './adapters/workspaceStorage'
import { createPlaygroundStore, toSnapshot } from './state/createPlaygroundStore'
import { PlaygroundProvider } from './state/PlaygroundProvider'
import { App } from './ui/App'
import './ui/styles.css'

const saved = loadSavedWorkspace()
const store = createPlaygroundStore(saved.ok && saved.snapshot ? saved.snapshot : { files: bundledSkillFiles() })
if (!saved.ok) store.getState().setStorageProblem(saved.error)

// Autosave shortly after the last change; a failure stays on screen until a save succeeds.
let timer: ReturnType<typeof setTimeout> | undefined
store.subscribe((state, previous) => {
  if (state.files === previous.files && state.utterance === previous.utterance && state.threshold === previous.threshold && state.selectedPath === previous.selectedPath) return
  clearTimeout(timer)
  timer = setTimeout(() => {
    const result = saveWorkspace(toSnapshot(store.getState()))
    const current = store.getState().storageProblem
    if (!result.ok) store.getState().setStorageProblem(result.error)
    else if (current) store.getState().setStorageProblem(null)
  }, 300)
})

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <PlaygroundProvider store={store}>
      <App />
    </PlaygroundProvider>
  </StrictMode>,
)

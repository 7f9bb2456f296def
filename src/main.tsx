import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { bundledSkillFiles } from './adapters/bundledSkills'
import { fetchProxyStatus } from './adapters/proxyStatus'
import { openShareFromLocation } from './adapters/shareLink'
import { loadSavedWorkspace, saveWorkspace } from './adapters/workspaceStorage'
import { createPlaygroundStore, SAVED_FIELDS, toSnapshot } from './state/createPlaygroundStore'
import { PlaygroundProvider } from './state/PlaygroundProvider'
import { App } from './ui/App'
import './ui/styles.css'

const saved = loadSavedWorkspace()
const store = createPlaygroundStore(saved.ok && saved.snapshot ? saved.snapshot : { files: bundledSkillFiles() })
if (!saved.ok) store.getState().setStorageProblem(saved.error)

// Autosave shortly after the last change, and at once when the page goes away; a failure stays
// on screen until a save succeeds.
let timer: ReturnType<typeof setTimeout> | undefined
const save = () => {
  clearTimeout(timer)
  timer = undefined
  const result = saveWorkspace(toSnapshot(store.getState()))
  const { storageProblem, setStorageProblem } = store.getState()
  if (!result.ok) setStorageProblem(result.error)
  else if (storageProblem) setStorageProblem(null)
}
store.subscribe((state, previous) => {
  if (SAVED_FIELDS.every((field) => state[field] === previous[field])) return
  clearTimeout(timer)
  timer = setTimeout(save, 300)
})
window.addEventListener('pagehide', () => {
  if (timer !== undefined) save()
})

openShareFromLocation(store)
window.addEventListener('hashchange', () => openShareFromLocation(store))
void fetchProxyStatus().then((status) => store.getState().setProxy(status))

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <PlaygroundProvider store={store}>
      <App />
    </PlaygroundProvider>
  </StrictMode>,
)

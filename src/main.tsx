import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { startAutosave } from './adapters/autosave'
import { bundledSkillFiles } from './adapters/bundledSkills'
import { fetchProxyStatus } from './adapters/proxyStatus'
import { openShareFromLocation } from './adapters/shareLink'
import { loadSavedWorkspace } from './adapters/workspaceStorage'
import { createPlaygroundStore } from './state/createPlaygroundStore'
import { PlaygroundProvider } from './state/PlaygroundProvider'
import { App } from './ui/App'
import './ui/styles.css'

async function start() {
  const saved = await loadSavedWorkspace()
  const record = saved.ok ? saved.record : null
  const store = createPlaygroundStore(record?.snapshot ?? { files: bundledSkillFiles() })
  if (!saved.ok) store.getState().setStorageProblem(saved.error)
  const autosave = startAutosave(store, record?.revision ?? 0)

  openShareFromLocation(store)
  window.addEventListener('hashchange', () => openShareFromLocation(store))
  void fetchProxyStatus().then((status) => store.getState().setProxy(status))

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <PlaygroundProvider store={store} autosave={autosave}>
        <App />
      </PlaygroundProvider>
    </StrictMode>,
  )
}

void start()

import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PlaygroundProvider } from '../state/PlaygroundProvider'
import { App } from '../ui/App'
import { ServicesProvider } from '../ui/common/services'
import '../ui/styles.css'
import { createPlayground } from './createPlayground'

async function start() {
  const { store, derive, services } = await createPlayground()
  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <PlaygroundProvider store={store} derive={derive}>
        <ServicesProvider services={services}>
          <App />
        </ServicesProvider>
      </PlaygroundProvider>
    </StrictMode>,
  )
}

void start()

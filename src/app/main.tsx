import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PlaygroundProvider } from '../state/PlaygroundProvider'
import { App } from '../ui/App'
import { ServicesProvider } from '../ui/common/services'
import '../ui/styles.css'
import { readLanguage } from '../adapters/languagePreference'
import { initI18n } from '../ui/i18n/i18n'
import { createPlayground } from './createPlayground'

async function start() {
  const [{ store, derive, services }] = await Promise.all([createPlayground(), initI18n(readLanguage())])
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

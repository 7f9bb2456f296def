/**
 * Component tests (docs/architecture.md, "Component tests"): a part of the page rendered the way
 * src/app/main.tsx renders the whole, inside the real PlaygroundProvider with a real store and its
 * derivations, and with services that keep everything in memory. Nothing here touches storage,
 * the network or the address bar; a service a test does not expect to be used says so when called.
 */
import { configure, render, type RenderResult } from '@testing-library/react'
import { userEvent, type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import type { Language } from '../../core/messages'
import type { SkillFile } from '../../core/skill'
import { builtinToolRegistry } from '../../core/tools'
import { createPlaygroundStore, type PlaygroundStore } from '../../state/createPlaygroundStore'
import { createDerivations } from '../../state/derive'
import { PlaygroundProvider } from '../../state/PlaygroundProvider'
import { ServicesProvider, type PlaygroundServices } from '../common/services'
import { changeLanguage, initI18n } from '../i18n/i18n'

export interface PlaygroundRender extends RenderResult {
  store: PlaygroundStore
  /** A user driving the page through Testing Library's user-event (keys, clicks, focus, paste). */
  user: UserEvent
  /** The text of the file at `path` in the store now (what SKILL.md holds after the edits). */
  fileText: (path: string) => string | undefined
}

// The routing-test suite follows the files once typing pauses and the page is idle: on a loaded
// machine that can take longer than Testing Library's default wait.
configure({ asyncUtilTimeout: 5_000 })

let i18nReady: Promise<void> | null = null

/** The interface in `language`: the first call starts i18n, the others switch it. */
async function inLanguage(language: Language): Promise<void> {
  if (!i18nReady) {
    i18nReady = initI18n(language)
    return i18nReady
  }
  await i18nReady
  await changeLanguage(language)
}

/** Services kept in memory; the ones that would reach outside (a run, a link, a model) fail loudly if a test reaches them. */
export function memoryServices(): PlaygroundServices {
  const notHere = (what: string) => () => {
    throw new Error(`${what} is not part of this component test`)
  }
  let view: 'form' | 'text' = 'form'
  let apiKey = { key: '', remembered: false }
  let token = ''
  let address = ''
  let guideSeen = true
  return {
    folder: { resolve: async () => {}, open: null },
    liveTools: { reconnect: async () => {} },
    storage: { saveNow: async () => {}, loadSaved: async () => {}, unreadableSave: () => null },
    shareLink: notHere('A share link'),
    shortLinks: { offer: async () => 'off', store: notHere('A short link') },
    download: notHere('A download'),
    apiKey: { read: () => apiKey, write: (key, remembered) => void (apiKey = { key, remembered }) },
    code: { run: notHere('Running code'), warm: async () => false },
    countTokens: notHere('Counting tokens'),
    loadModel: notHere('A model'),
    startRun: notHere('A run'),
    continueRun: notHere('A run'),
    startEvals: notHere('An eval run'),
    language: { remember: () => {} },
    editorView: { read: () => view, remember: (next) => void (view = next) },
    guide: { seen: () => guideSeen, markSeen: () => void (guideSeen = true) },
    team: {
      token: () => token,
      setToken: (next) => void (token = next),
      address: () => address,
      setAddress: (next) => void (address = next),
      buildAddress: '',
    },
    pageAddress: () => 'http://127.0.0.1/',
    serverAnswers: async () => true,
    reloadPage: notHere('A reload'),
  }
}

/**
 * Renders `ui` over a workspace of `files` (and the test utterance `utterance`) in `language`,
 * inside the providers the page has. Call `cleanup` from @testing-library/react after each test:
 * without Vitest's globals it does not register itself.
 */
export async function renderInPlayground(
  ui: ReactElement,
  { files, utterance = '', language = 'en' }: { files: readonly SkillFile[]; utterance?: string; language?: Language },
): Promise<PlaygroundRender> {
  await inLanguage(language)
  const store = createPlaygroundStore(
    { files: files.map(({ path, text }) => ({ path, text })), utterance },
    { now: () => new Date('2026-01-01T00:00:00Z'), randomId: () => 'test01' },
  )
  const derive = createDerivations(builtinToolRegistry)
  const result = render(
    <PlaygroundProvider store={store} derive={derive}>
      <ServicesProvider services={memoryServices()}>{ui}</ServicesProvider>
    </PlaygroundProvider>,
  )
  return {
    ...result,
    store,
    // No pause between keys: a test types into the store's real reducers, not against a clock.
    user: userEvent.setup({ delay: null }),
    fileText: (path) => store.getState().files.find((file) => file.path === path)?.text,
  }
}

/**
 * What the UI needs from the outside world, as the wiring layer (src/app) provides it. The UI
 * never imports an adapter: it asks for a service here, so a test can hand it other ones.
 */
import { createContext, useContext, type ReactNode } from 'react'
import type { SharePayload, ShortLinkOffer } from '../../core/share'
import type { ModelClient } from '../../core/agent'
import type { CodeRunner } from '../../core/code/codeRun'
import type { Language, Message } from '../../core/messages'
import type { TokenCount } from '../../core/routing'
import type { EvalComparison } from '../../state/evalsSlice'

export interface StoredApiKey {
  key: string
  remembered: boolean
}

export interface PlaygroundServices {
  /** The folder on disk, when the page edits one: settle a file changed on both sides. */
  folder: {
    resolve: (path: string, keep: 'mine' | 'theirs') => Promise<void>
    /** Pick a local folder and edit it in place (File System Access, Chromium); absent where the browser cannot. */
    open: (() => Promise<void>) | null
  }
  /** The server's live tools: a new connection to one MCP server (the list in the store follows). */
  liveTools: { reconnect: (server: string) => Promise<void> }
  storage: {
    /** Save now (e.g. "Keep mine" in a tab conflict). */
    saveNow: () => Promise<void>
    /** Replace this tab's state with what was saved last (e.g. "Load theirs"). */
    loadSaved: () => Promise<void>
    /** The unreadable record found at start, if any, to download before it is replaced. */
    unreadableSave: () => string | null
  }
  /** The full address that opens `payload`: at `base` (a public address), or at this page. */
  shareLink: (payload: SharePayload, base?: string) => string
  /** Short links on the team server (docs/share-links.md): whether it keeps them, and keeping a link's content (the text after #) there. */
  shortLinks: {
    offer: () => Promise<ShortLinkOffer>
    store: (link: string) => Promise<{ ok: true; id: string } | { ok: false; error: Message }>
  }
  download: (name: string, content: BlobPart, type: string) => void
  apiKey: { read: () => StoredApiKey; write: (key: string, remember: boolean) => void }
  /**
   * A skill's code in the sandbox (a fresh Python worker per run); `warm` starts Python ahead of a
   * run and resolves true once it is ready (false when it cannot start).
   */
  code: { run: CodeRunner; warm: () => Promise<boolean> }
  /** Counts a text's tokens with the o200k tokenizer, off the page's thread. */
  countTokens: (text: string) => Promise<TokenCount>
  /** The model client for the current model settings (loaded on first use). */
  loadModel: () => Promise<ModelClient>
  /** Runs the agent on the current utterance; resolves to the function that aborts it. */
  startRun: () => Promise<() => void>
  /** The user's next turn in run `id`'s conversation (`sticky`: keep its skill); resolves to the abort function. */
  continueRun: (id: string, utterance: string, sticky: boolean) => Promise<() => void>
  /** Runs the workspace's evals (and, with `comparison`, its A side first); resolves to the function that stops them. */
  startEvals: (comparison: EvalComparison | null) => Promise<() => void>
  /** Remembers the interface language chosen on this device. */
  language: { remember: (language: Language) => void }
  /** The editor view (Form or the file) chosen last on this device: a reload opens it again. */
  editorView: { read: () => 'form' | 'text'; remember: (view: 'form' | 'text') => void }
  /** Whether this device has seen (or skipped) the first-visit guide. */
  guide: { seen: () => boolean; markSeen: () => void }
  /** The team token (for a server that asks for one) and the team address links point to. */
  team: {
    token: () => string
    setToken: (token: string) => void
    address: () => string
    setAddress: (address: string) => void
    buildAddress: string
  }
  /** This page's own address (origin and path, no fragment). */
  pageAddress: () => string
  /** Whether the server this page came from answers now (a view's code could not be fetched). */
  serverAnswers: () => Promise<boolean>
  /** Loads the page afresh; the workspace is saved on the way out. */
  reloadPage: () => void
}

const ServicesContext = createContext<PlaygroundServices | null>(null)

export function ServicesProvider({ services, children }: { services: PlaygroundServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>
}

export function useServices(): PlaygroundServices {
  const services = useContext(ServicesContext)
  if (!services) throw new Error('useServices must be used inside <ServicesProvider>')
  return services
}

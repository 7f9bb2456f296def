/**
 * The wiring layer: the one place that builds the store with its dependencies and gives the UI
 * its services. Everything that touches the outside world (storage, the address bar, the
 * network, the clock) is chosen here; src/state and src/ui only receive it.
 */
import { readApiKey, writeApiKey } from '../adapters/apiKeyStorage'
import { bundledSkillFiles } from '../adapters/bundledSkills'
import { downloadFile } from '../adapters/download'
import { guideSeen, markGuideSeen } from '../adapters/guideState'
import { rememberLanguage } from '../adapters/languagePreference'
import { readEditorView, rememberEditorView } from '../adapters/editorViewPreference'
import { keepUnsettledEdits, takeUnsettledEdits } from '../adapters/unsettledEditsStorage'
import { fetchServerInfo } from '../adapters/proxyStatus'
import { callServerTool, fetchServerTools, reconnectMcpServer } from '../adapters/serverTools'
import { readTeamAddress, readTeamToken, writeTeamAddress, writeTeamToken } from '../adapters/teamSettings'
import { shareUrl, takeEvalCaseShareFromLocation, takeRunShareFromLocation, takeShareFromLocation } from '../adapters/shareLink'
import { fetchShortLink, shortLinkOffer, storeShortLink } from '../adapters/shortLinks'
import { createTokenCounter } from '../adapters/tokenCounter'
import { loadSavedWorkspace } from '../adapters/workspaceStorage'
import { message } from '../core/messages'
import { decodeEvalCaseShare, decodeRunShare, decodeShare, readShortLinkFragment } from '../core/share'
import { builtinToolRegistry, withLiveRunners } from '../core/tools'
import { createPlaygroundStore, stateFromSaved, systemDependencies, type PlaygroundStore } from '../state/createPlaygroundStore'
import type { ModelChoice } from '../core/workspace'
import type { CodeRunner } from '../core/code'
import type { SkillFile } from '../core/skill'
import type { RunDependencies } from '../state/agentRunner'
import { createDerivations, type Derivations } from '../state/derive'
import type { PlaygroundServices } from '../ui/common/services'
import { startAutosave } from './autosave'
import { canOpenFolder, connectFolder, type FolderConnection } from '../adapters/folderConnection'
import type { FolderSync } from './folderSync'

/** The page's clock and timers, handed to the pure agent loop. */
const browserTimers = {
  set: (callback: () => void, ms: number) => setTimeout(callback, ms),
  clear: (handle: unknown) => clearTimeout(handle as number),
}

export interface Playground {
  store: PlaygroundStore
  derive: Derivations
  services: PlaygroundServices
}

export async function createPlayground(): Promise<Playground> {
  // Served on a folder (`skill-playground open <dir>`): the folder is the workspace, and the
  // browser's own saved workspace is left as it is for the next ordinary visit. A folder the page
  // may not use yet (no team token) is said so, with nothing to edit, never swapped for the browser's.
  const folderAccess = { token: readTeamToken, keepToken: writeTeamToken }
  const [opening, stored] = await Promise.all([connectFolder(folderAccess), loadSavedWorkspace()])
  const folder = opening && 'files' in opening ? opening : null
  const blocked = opening && 'blocked' in opening ? opening.blocked : null
  const saved: Awaited<ReturnType<typeof loadSavedWorkspace>> = opening ? { ok: true, record: null } : stored
  const record = saved.ok ? saved.record : null
  const store = createPlaygroundStore(
    folder
      ? { files: folder.files.map(({ path, text }) => ({ path, text })) }
      : blocked
        ? { files: [] }
        : (record?.workspace ?? { files: bundledSkillFiles() }),
    systemDependencies,
  )
  if (!saved.ok) store.getState().setStorageProblem(saved.error)
  else if (saved.dropped && saved.dropped.length > 0)
    store.getState().setStorageProblem(message('saved.reset', { fields: saved.dropped.join(', ') }))
  const unreadable = saved.ok ? null : (saved.unreadable ?? null)
  const registry = builtinToolRegistry
  const derive = createDerivations(registry)
  /** Parses and lints a whole workspace a slice at a time, so the render that shows it finds the work done. */
  const prepare = (files: readonly SkillFile[]) =>
    derive.prepare(files, store.getState().lintProfile, derive.registry(store.getState().serverTools))
  // A restored workspace (or a folder) of thousands of skills: before the first render, in slices,
  // instead of in that render as one task that freezes the page.
  await prepare(store.getState().files)
  let folderSync: FolderSync | null = null
  // The folder code loads only where a folder is edited: a first visit does not pay for it.
  const editFolder = async (connection: FolderConnection) => {
    store.getState().setFolder({ root: connection.root, connected: true, conflicts: [], problem: null })
    // What the page held unsettled when it last went away (a reload with the conflict dialog open) comes back.
    folderSync = (await import('./folderSync')).startFolderSync(store, connection, takeUnsettledEdits(connection.root))
    keepFolderEditsOnExit()
  }
  let keepingFolderEdits = false
  /** The page's edits that disk has not taken are kept when the page goes, and leaving asks first while one needs the person. */
  const keepFolderEditsOnExit = () => {
    if (keepingFolderEdits) return
    keepingFolderEdits = true
    window.addEventListener('pagehide', () => {
      const root = store.getState().folder?.root
      if (folderSync && root !== undefined) keepUnsettledEdits(root, folderSync.unsettled())
    })
    window.addEventListener('beforeunload', (event) => {
      const folder = store.getState().folder
      // A file changed on both sides waits for the person; while the server is gone, edits wait for it.
      if (folder && (folder.conflicts.length > 0 || (!folder.connected && (folderSync?.unsettled().length ?? 0) > 0)))
        event.preventDefault()
    })
  }
  if (folder) await editFolder(folder)
  if (blocked) store.getState().setFolder({ root: '', connected: false, conflicts: [], problem: null, blocked })
  const autosave = opening
    ? null
    : startAutosave(store, record ? { tab: record.tab, revision: record.revision } : saved.ok ? null : (saved.identity ?? null))
  /** A folder's files replace the workspace in this page; the browser's saved one stays for the next visit. */
  const takeFolder = async (connection: FolderConnection) => {
    await autosave?.stop()
    const files = connection.files.map(({ path, text }) => ({ path, text }))
    await prepare(files)
    store.setState(stateFromSaved({ files }, store.getState()))
    await editFolder(connection)
  }
  const openLocalFolder = async () => {
    const connection = await (await import('../adapters/folderAccess')).pickFolder()
    if (connection) await takeFolder(connection)
  }
  /** The team token was typed while the folder waited for it: try the folder again. */
  const retryBlockedFolder = async () => {
    if (!store.getState().folder?.blocked) return
    const again = await connectFolder(folderAccess)
    if (again && 'files' in again) await takeFolder(again)
    else store.getState().updateFolder({ blocked: again?.blocked ?? 'unreadable' })
  }

  // A short link (docs/share-links.md, "Short links"): its content comes from the team server and
  // opens as the same link pasted would. One waiting for the team token opens once it is typed.
  // Where nothing beside the page keeps short links (a static copy, a server without SHARE_DIR),
  // the page says so without asking.
  let waitingShortLink: string | null = null
  /** Counts the links opened: an answer that arrives after a newer link was opened is dropped. */
  let linkTurn = 0
  const openShortLink = async (id: string) => {
    waitingShortLink = null
    const turn = ++linkTurn
    const offer = await shortLinkOffer()
    if (turn !== linkTurn) return
    if (offer === 'static') return store.getState().setShareError(message('shortLink.needsServer'))
    if (offer === 'off') return store.getState().setShareError(message('shortLink.notKept'))
    const answer = await fetchShortLink(id, readTeamToken())
    if (turn !== linkTurn) return
    if (!answer.ok) {
      if (answer.locked) waitingShortLink = id
      store.getState().setShareError(answer.error)
      return
    }
    const link = answer.value
    const opened = decodeRunShare(link) ?? decodeEvalCaseShare(link) ?? decodeShare(link)
    if (!opened) return store.getState().setShareError(message('share.notOurs'))
    if (!opened.ok) return store.getState().setShareError(opened.error)
    if ('payload' in opened) store.getState().openShared(opened.payload)
    else if ('run' in opened.shared) store.getState().showSharedRun(opened.shared)
    else store.getState().showSharedEvalCase(opened.shared)
  }
  /** A newer link replaces a short link still waiting for the team token (or its answer): typing the token opens nothing older. */
  const replaceEarlierLink = () => {
    waitingShortLink = null
    linkTurn++
  }
  const openSharedLink = () => {
    const short = readShortLinkFragment(window.location.hash)
    if (short) {
      replaceEarlierLink()
      history.replaceState(null, '', window.location.pathname + window.location.search)
      if (short.ok) void openShortLink(short.id)
      else store.getState().setShareError(short.error)
      return
    }
    // A run link opens the run read-only: nothing runs and no model is called (docs/share-links.md).
    const run = takeRunShareFromLocation()
    if (run) {
      replaceEarlierLink()
      if (run.ok) store.getState().showSharedRun(run.shared)
      else store.getState().setShareError(run.error)
      return
    }
    // An eval case link opens its trials read-only, the same way.
    const evalCase = takeEvalCaseShareFromLocation()
    if (evalCase) {
      replaceEarlierLink()
      if (evalCase.ok) store.getState().showSharedEvalCase(evalCase.shared)
      else store.getState().setShareError(evalCase.error)
      return
    }
    const result = takeShareFromLocation()
    if (!result) return
    replaceEarlierLink()
    if (result.ok) store.getState().openShared(result.payload)
    else store.getState().setShareError(result.error)
  }
  openSharedLink()
  window.addEventListener('hashchange', openSharedLink)
  const refreshServer = async () => {
    const info = await fetchServerInfo(readTeamToken())
    // Whatever the server offers, a first visit keeps the scripted model: it runs with nothing set up
    // (no server, no key), and the browser-key mode is there to choose (docs/install.md).
    store.getState().setProxy(info.proxy)
    store.getState().setServerPublicUrl(info.publicUrl)
    await refreshServerTools()
  }
  // MCP servers take a moment to start: while one is connecting, ask again each second (for a while).
  let toolPolls = 0
  const refreshServerTools = async () => {
    const tools = await fetchServerTools(readTeamToken())
    store.getState().setServerTools(tools)
    if (tools?.servers.some((server) => server.state === 'connecting') && toolPolls++ < 60)
      setTimeout(() => void refreshServerTools(), 1000)
  }
  void refreshServer()
  // A live call can change what the Tools tab shows (an MCP session renewed, a server that
  // stopped): ask again, and keep the same object when nothing changed (the lint reads the tools).
  const refreshAfterCall = async () => {
    const tools = await fetchServerTools(readTeamToken())
    if (tools && JSON.stringify(tools) !== JSON.stringify(store.getState().serverTools)) store.getState().setServerTools(tools)
  }

  // Python (Pyodide in a worker) loads with the first run of a skill's code, not with the page.
  const runCode: CodeRunner = async (request, options) => (await import('../adapters/pythonSandbox')).runPythonInPage(request, options)
  const loadModel = async () => (await import('./modelFactory')).modelFor(store.getState())
  const countTokens = createTokenCounter()
  /** What a run needs, for the current settings. The agent loop, the SDK and SQLite load with the first run, not with the page. */
  const runDependencies = async (): Promise<RunDependencies> => {
    const [model, { loadDemoDatabase }, { isolateTools }] = await Promise.all([
      loadModel(),
      import('../adapters/sqlEngine'),
      import('../adapters/isolatedTools'),
    ])
    const state = store.getState()
    return {
      model,
      registry: withLiveRunners(
        isolateTools(derive.registry(state.serverTools)),
        state.toolModes,
        state.serverTools === 'unknown' ? null : state.serverTools,
        (name, args, signal) => callServerTool(name, args, signal, readTeamToken()).finally(() => void refreshAfterCall()),
      ),
      database: loadDemoDatabase,
      runCode,
      // The trace's disclosure steps count with the same tokenizer as the token meter.
      countTokens: async (text) => (await countTokens(text)).tokens,
      timers: browserTimers,
      clock: () => performance.now(),
      now: systemDependencies.now,
      randomId: systemDependencies.randomId,
    }
  }
  const services: PlaygroundServices = {
    liveTools: {
      reconnect: async (server) => {
        store.getState().setServerTools(await reconnectMcpServer(server, readTeamToken()))
      },
    },
    storage: {
      saveNow: autosave?.saveNow ?? (async () => {}),
      loadSaved: autosave?.loadSaved ?? (async () => {}),
      unreadableSave: () => unreadable,
    },
    folder: { resolve: async (path, keep) => folderSync?.resolve(path, keep), open: !folder && canOpenFolder() ? openLocalFolder : null },
    shareLink: shareUrl,
    shortLinks: {
      offer: shortLinkOffer,
      store: async (link) => {
        const answer = await storeShortLink(link, readTeamToken())
        return answer.ok ? { ok: true, id: answer.value } : { ok: false, error: answer.error }
      },
    },
    download: downloadFile,
    apiKey: { read: readApiKey, write: writeApiKey },
    countTokens,
    code: {
      run: runCode,
      warm: () =>
        import('../adapters/pythonSandbox').then(
          ({ warmPython }) => warmPython(),
          () => false,
        ),
    },
    loadModel,
    startRun: async () => {
      const [{ startAgentRun }, dependencies] = await Promise.all([import('../state/agentRunner'), runDependencies()])
      return startAgentRun(store, derive, dependencies)
    },
    continueRun: async (id, utterance, sticky) => {
      const [{ continueAgentRun }, dependencies] = await Promise.all([import('../state/agentRunner'), runDependencies()])
      return continueAgentRun(store, derive, dependencies, id, utterance, sticky)
    },
    startEvals: async (comparison) => {
      const [{ startEvalRun }, { checkPatternInWorker }, dependencies] = await Promise.all([
        import('../state/evalRunner'),
        import('../adapters/checkPatternInWorker'),
        runDependencies(),
      ])
      const grader = store.getState().model === 'scripted' || store.getState().model === 'script' ? null : dependencies.model
      const newModel = async (choice?: ModelChoice) =>
        (await import('./modelFactory')).modelFor(choice ? { ...store.getState(), model: choice } : store.getState(), { maxRetries: 4 })
      return startEvalRun(store, derive, { ...dependencies, grader, newModel, checkPattern: checkPatternInWorker }, comparison)
    },
    language: { remember: rememberLanguage },
    editorView: { read: readEditorView, remember: rememberEditorView },
    guide: { seen: guideSeen, markSeen: markGuideSeen },
    team: {
      token: readTeamToken,
      setToken: (token) => {
        writeTeamToken(token)
        void refreshServer()
        void retryBlockedFolder()
        if (waitingShortLink) void openShortLink(waitingShortLink)
      },
      address: readTeamAddress,
      setAddress: writeTeamAddress,
      buildAddress: typeof __PUBLIC_URL__ === 'string' ? __PUBLIC_URL__ : '',
    },
    pageAddress: () => window.location.origin + window.location.pathname,
    serverAnswers: () =>
      fetch(window.location.origin + window.location.pathname, { method: 'HEAD', cache: 'no-store' }).then(
        (response) => response.ok,
        () => false,
      ),
    reloadPage: () => window.location.reload(),
  }
  return { store, derive, services }
}

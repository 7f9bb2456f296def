/**
 * Monaco's own words (Quick Fix, the find widget, the context menu) in the interface's language.
 * Monaco reads its messages from a global table, indexed by number, which its language file
 * (monaco-editor/nls/lang/<id>, the language's `monacoNls`) fills; English is each message's own fallback, with no table.
 * Many of its words are read when its modules first run, so the table is set before any module
 * that imports editor/monaco loads (App and FolderBanners wait for `monacoMessagesReady`). A language
 * switched later reaches the editors made after it; the words Monaco read at start-up follow on
 * the next page load (docs/i18n.md).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, languageInfo, type Language } from '../../core/messages'

type Messages = readonly string[] | undefined
const table = globalThis as { _VSCODE_NLS_MESSAGES?: Messages; _VSCODE_NLS_LANGUAGE?: string }

/**
 * Monaco's language files, by the id a language gives in core/messages/languages.ts (`monacoNls`):
 * the bundler needs each path written out. Each fills the global table as it runs.
 */
export const MONACO_TABLES: Readonly<Record<string, () => Promise<unknown>>> = {
  'zh-cn': () => import('monaco-editor/nls/lang/zh-cn'),
}

const loading = new Map<string, Promise<Messages>>()
let wanted: Language = DEFAULT_LANGUAGE
let ready: Promise<void> = Promise.resolve()

const loadTable = (id: string): Promise<Messages> => {
  let pending = loading.get(id)
  if (!pending) {
    const load = Object.hasOwn(MONACO_TABLES, id) ? MONACO_TABLES[id]! : () => Promise.reject(new Error(`No Monaco table "${id}".`))
    pending = load().then(() => table._VSCODE_NLS_MESSAGES)
    loading.set(id, pending)
  }
  return pending
}

/** Chooses Monaco's language; resolves once its table is in place (English needs none, and loads nothing). */
export function setMonacoLanguage(language: Language): Promise<void> {
  wanted = language
  const id = languageInfo(language).monacoNls
  ready = (id !== null ? loadTable(id) : Promise.resolve(undefined)).then(
    (messages) => {
      // A later choice wins over a load that finished after it.
      if (wanted !== language) return
      table._VSCODE_NLS_MESSAGES = id !== null ? messages : undefined
      table._VSCODE_NLS_LANGUAGE = id ?? undefined
    },
    // Without its table Monaco speaks English: the editor still opens.
    () => {
      if (id !== null) loading.delete(id)
    },
  )
  return ready
}

/** Resolves when Monaco's table for the chosen language is set: await it before loading a module that imports editor/monaco. */
export const monacoMessagesReady = (): Promise<void> => ready

/** The language Monaco's table is set to now. */
export const monacoLanguage = (): Language =>
  LANGUAGES.find((language) => language.monacoNls !== null && language.monacoNls === table._VSCODE_NLS_LANGUAGE)?.code ?? DEFAULT_LANGUAGE

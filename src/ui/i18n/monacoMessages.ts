/**
 * Monaco's own words (Quick Fix, the find widget, the context menu) in the interface's language.
 * Monaco reads its messages from a global table, indexed by number, which its language file
 * (monaco-editor/nls/lang/zh-cn) fills; English is each message's own fallback, with no table.
 * Many of its words are read when its modules first run, so the table is set before any module
 * that imports editor/monaco loads (App and FolderBanners wait for `monacoMessagesReady`). A language
 * switched later reaches the editors made after it; the words Monaco read at start-up follow on
 * the next page load (docs/i18n.md).
 */
import type { Language } from '../../core/messages'

type Messages = readonly string[] | undefined
const table = globalThis as { _VSCODE_NLS_MESSAGES?: Messages; _VSCODE_NLS_LANGUAGE?: string }

let chinese: Promise<Messages> | null = null
let wanted: Language = 'en'
let ready: Promise<void> = Promise.resolve()

const loadChinese = () => (chinese ??= import('monaco-editor/nls/lang/zh-cn').then(() => table._VSCODE_NLS_MESSAGES))

/** Chooses Monaco's language; resolves once its table is in place (English needs none, and loads nothing). */
export function setMonacoLanguage(language: Language): Promise<void> {
  wanted = language
  ready = (language === 'zh' ? loadChinese() : Promise.resolve(undefined)).then(
    (messages) => {
      // A later choice wins over a load that finished after it.
      if (wanted !== language) return
      table._VSCODE_NLS_MESSAGES = language === 'zh' ? messages : undefined
      table._VSCODE_NLS_LANGUAGE = language === 'zh' ? 'zh-cn' : undefined
    },
    // Without its table Monaco speaks English: the editor still opens.
    () => {
      chinese = null
    },
  )
  return ready
}

/** Resolves when Monaco's table for the chosen language is set: await it before loading a module that imports editor/monaco. */
export const monacoMessagesReady = (): Promise<void> => ready

/** The language Monaco's table is set to now. */
export const monacoLanguage = (): Language => (table._VSCODE_NLS_LANGUAGE === 'zh-cn' ? 'zh' : 'en')

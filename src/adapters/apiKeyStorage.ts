/**
 * The key for the "OpenAI-compatible (browser)" mode. Kept for the tab only (sessionStorage)
 * unless the user ticks "remember on this device" (localStorage). Never in the zustand store,
 * so it cannot reach an autosave, an export, a share link or a trace.
 */
const KEY = 'skill-playground:browser-api-key'

export function readApiKey(): { key: string; remembered: boolean } {
  try {
    const remembered = localStorage.getItem(KEY)
    if (remembered) return { key: remembered, remembered: true }
    return { key: sessionStorage.getItem(KEY) ?? '', remembered: false }
  } catch {
    return { key: '', remembered: false }
  }
}

export function writeApiKey(key: string, remember: boolean): void {
  try {
    localStorage.removeItem(KEY)
    sessionStorage.removeItem(KEY)
    if (key === '') return
    ;(remember ? localStorage : sessionStorage).setItem(KEY, key)
  } catch {
    // Storage refused (private mode): the key then lives only in this page's input.
  }
}

import { useSyncExternalStore } from 'react'

// One query for the page: React reads the snapshot on every render of every editor, and a new
// `matchMedia` each time showed up in every keystroke's profile.
let media: MediaQueryList | null = null
const query = () => (media ??= window.matchMedia('(prefers-color-scheme: dark)'))

/** The system's light or dark preference, live. */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(
    (onChange) => {
      const list = query()
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => (query().matches ? 'dark' : 'light'),
  )
}

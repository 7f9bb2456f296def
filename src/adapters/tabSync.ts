/**
 * Two tabs on one workspace: each save is announced on a BroadcastChannel, so the other tabs
 * load it instead of later overwriting it with their stale copy.
 */
export interface TabSync {
  readonly tab: string
  announce: (revision: number) => void
  close: () => void
}

export function createTabSync(onOtherTabSaved: (revision: number) => void): TabSync {
  const tab = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('skill-playground:workspace')
  if (channel) {
    channel.onmessage = (event: MessageEvent<{ tab?: string; revision?: number }>) => {
      if (event.data?.tab && event.data.tab !== tab && typeof event.data.revision === 'number') onOtherTabSaved(event.data.revision)
    }
  }
  return {
    tab,
    announce: (revision) => channel?.postMessage({ tab, revision }),
    close: () => channel?.close(),
  }
}

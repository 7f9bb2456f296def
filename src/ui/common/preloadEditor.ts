/** The `<meta>` the build writes into index.html (vite.config.ts, listEditorAssets). */
const LISTED = 'meta[name="editor-assets"]'
let preloaded = false

/**
 * Fetches the editor's files (Monaco above all) and lets the browser compile them, without
 * running them: running Monaco waits for a pause in typing (useIdleMount), and then needs no
 * network, so the editor still opens if the server has gone away in between. The development
 * server lists nothing (it serves modules as they are asked for).
 */
export function preloadEditor(): void {
  const listed = document.querySelector<HTMLMetaElement>(LISTED)?.content.trim()
  if (preloaded || !listed) return
  preloaded = true
  for (const file of listed.split(/\s+/)) {
    const link = document.createElement('link')
    // Stylesheets into the HTTP cache (the build's assets are immutable); scripts into the module map.
    link.rel = file.endsWith('.css') ? 'prefetch' : 'modulepreload'
    link.href = new URL(file, document.baseURI).href
    document.head.append(link)
  }
}

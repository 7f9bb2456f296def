/**
 * The live `web_search` tool, through the provider the server is configured with: a SearXNG
 * instance (SEARXNG_URL, its JSON API) or the Brave Search API (BRAVE_SEARCH_API_KEY; the key stays
 * in the server's environment). The provider is the operator's choice, so its address is not
 * put through the SSRF guard (a team's SearXNG is often internal).
 */
export const SEARCH_TIMEOUT_MS = 10_000
export const MAX_SEARCH_RESULTS = 8

export type SearchProvider = { kind: 'searxng'; url: string } | { kind: 'brave'; url: string; key: string }

export interface SearchResult {
  title: string
  url: string
  snippet: string
}

export function searchProviderFrom(env: Record<string, string | undefined>): SearchProvider | null {
  const searxng = env.SEARXNG_URL?.trim()
  if (searxng) return { kind: 'searxng', url: searxng.replace(/\/+$/, '') }
  const key = env.BRAVE_SEARCH_API_KEY?.trim()
  if (key) return { kind: 'brave', key, url: env.BRAVE_SEARCH_URL?.trim() || 'https://api.search.brave.com/res/v1/web/search' }
  return null
}

const text = (value: unknown) => (typeof value === 'string' ? value.replace(/<[^>]*>/g, '').trim() : '')

export async function webSearch(query: unknown, provider: SearchProvider, signal: AbortSignal): Promise<{ results: SearchResult[] }> {
  const q = String(query ?? '').trim()
  if (!q) throw new Error('The query is empty.')
  const timed = AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)])
  const address =
    provider.kind === 'searxng'
      ? `${provider.url}/search?${new URLSearchParams({ q, format: 'json' }).toString()}`
      : `${provider.url}?${new URLSearchParams({ q, count: String(MAX_SEARCH_RESULTS) }).toString()}`
  const response = await fetch(address, {
    headers: { accept: 'application/json', ...(provider.kind === 'brave' ? { 'x-subscription-token': provider.key } : {}) },
    signal: timed,
  })
  // The provider's own words can carry its address or key: the status only.
  if (!response.ok) throw new Error(`The search provider answered ${response.status}.`)
  const body = (await response.json().catch(() => null)) as { results?: unknown; web?: { results?: unknown } } | null
  const raw = provider.kind === 'searxng' ? body?.results : body?.web?.results
  if (!Array.isArray(raw)) throw new Error('The search provider answered with something that is not a result list.')
  return {
    results: raw.slice(0, MAX_SEARCH_RESULTS).map((item: Record<string, unknown>) => ({
      title: text(item.title),
      url: text(item.url),
      snippet: text(provider.kind === 'searxng' ? item.content : item.description),
    })),
  }
}

export interface ProxyStatus {
  configured: boolean
  model: string
  upstream: string
}

/** Asks the serving process whether its OpenAI proxy has a key. Null when there is no proxy (static hosting). */
export async function fetchProxyStatus(): Promise<ProxyStatus | null> {
  try {
    const response = await fetch('/api/llm-config', { headers: { accept: 'application/json' } })
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return null
    const body = (await response.json()) as { proxy?: ProxyStatus }
    return body.proxy ?? null
  } catch {
    return null
  }
}

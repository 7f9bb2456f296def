import { serverFeatures } from './serverFeatures'

/** What the serving process offers: its model proxy (with or without a key), or nothing at all (a static host). */
export interface ProxyStatus {
  configured: boolean
  model: string
  upstream: string
  /** The server wants the team token before it answers (PLAYGROUND_TOKEN). */
  locked?: boolean
}

export interface ServerInfo {
  /** Null on a static host: there is no server beside the page. */
  proxy: ProxyStatus | null
  /** The address colleagues open, when the server was told one (PUBLIC_URL). */
  publicUrl: string | null
}

export const TOKEN_HEADER = 'x-playground-token'

/** A server that wants the team token, asked without it (or with a wrong one). */
const LOCKED: ServerInfo = { proxy: { configured: false, model: '', upstream: '', locked: true }, publicUrl: null }

/** Asks the serving process about itself, relative to the page (it may live under a sub-path). */
export async function fetchServerInfo(token: string): Promise<ServerInfo> {
  const features = await serverFeatures()
  if (features && !features.server) return { proxy: null, publicUrl: null }
  if (features?.tokenRequired && !token) return LOCKED
  try {
    const response = await fetch('api/llm-config', { headers: { accept: 'application/json', ...(token ? { [TOKEN_HEADER]: token } : {}) } })
    if (response.status === 401) return LOCKED
    if (!response.ok || !response.headers.get('content-type')?.includes('json')) return { proxy: null, publicUrl: null }
    const body = (await response.json()) as { proxy?: ProxyStatus; publicUrl?: unknown }
    return { proxy: body.proxy ?? null, publicUrl: typeof body.publicUrl === 'string' ? body.publicUrl : null }
  } catch {
    return { proxy: null, publicUrl: null }
  }
}

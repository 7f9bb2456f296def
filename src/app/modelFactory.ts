/** Builds the model client the current settings ask for. Loaded with the first run (it brings the openai SDK). */
import { createScriptedModel, DEFAULT_MODEL, parseScript, type ModelClient } from '../core/agent'
import { readApiKey } from '../adapters/apiKeyStorage'
import { createOpenAIModel } from '../adapters/openaiClient'
import { TOKEN_HEADER } from '../adapters/proxyStatus'
import { readTeamToken } from '../adapters/teamSettings'
import type { PlaygroundState } from '../state/createPlaygroundStore'

/** `maxRetries`: evals retry a 429 or 5xx after its Retry-After (the SDK's backoff); a single run shows every failure. */
export function modelFor(state: PlaygroundState, { maxRetries = 0 }: { maxRetries?: number } = {}): ModelClient {
  switch (state.model) {
    case 'proxy': {
      const name = state.modelName.trim() || (state.proxy !== 'unknown' && state.proxy ? state.proxy.model : DEFAULT_MODEL)
      return createOpenAIModel({
        baseURL: new URL('v1', document.baseURI).href,
        ...(readTeamToken() ? { headers: { [TOKEN_HEADER]: readTeamToken() } } : {}),
        apiKey: 'key-is-added-by-the-server',
        model: name,
        label: `OpenAI (server proxy) · ${name}`,
        maxRetries,
      })
    }
    case 'browser': {
      const name = state.modelName.trim() || DEFAULT_MODEL
      return createOpenAIModel({
        baseURL: state.browserBaseUrl.trim(),
        apiKey: readApiKey().key,
        model: name,
        label: `OpenAI-compatible (browser) · ${name}`,
        maxRetries,
      })
    }
    case 'scripted':
      return createScriptedModel()
    case 'script':
      return createScriptedModel(parseScript(state.script))
  }
}

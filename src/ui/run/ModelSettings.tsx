import { useState } from 'react'
import { parseScript } from '../../core/agent/scriptedModel'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'

/** Why Run cannot start with the chosen model, or null when it can. */
export function useModelProblem(): string | null {
  const model = usePlayground((state) => state.model)
  const proxy = usePlayground((state) => state.proxy)
  const baseUrl = usePlayground((state) => state.browserBaseUrl)
  const script = usePlayground((state) => state.script)
  const { apiKey } = useServices()
  if (model === 'proxy') {
    if (proxy === 'unknown') return 'Checking the server proxy…'
    if (proxy === null) return 'No server proxy here (static hosting): use the scripted model or your own key.'
    if (!proxy.configured) return 'The server has no OPENAI_API_KEY. Restart it with OPENAI_API_KEY=… npm start, or use another model.'
  }
  if (model === 'script') {
    try {
      parseScript(script)
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }
  if (model === 'browser') {
    if (!/^https?:\/\//.test(baseUrl.trim())) return 'Enter the base URL of an OpenAI-compatible API (https://…/v1).'
    if (apiKey.read().key === '') return 'Enter an API key (kept for this tab only unless you tick “Remember”).'
  }
  return null
}

/** Model name, and for the browser mode the base URL and key (the key never enters the store). */
export function ModelSettings({ onKeyChange }: { onKeyChange: () => void }) {
  const store = usePlaygroundStore()
  const model = usePlayground((state) => state.model)
  const modelName = usePlayground((state) => state.modelName)
  const baseUrl = usePlayground((state) => state.browserBaseUrl)
  const proxy = usePlayground((state) => state.proxy)
  const script = usePlayground((state) => state.script)
  const { apiKey } = useServices()
  const [key, setKey] = useState(() => apiKey.read())
  if (model === 'scripted') return null
  if (model === 'script') {
    return (
      <label className="editor-field script-field">
        <span>Script: the replies the model gives, in order (each may have text and tool_calls)</span>
        <textarea
          aria-label="Script"
          value={script}
          rows={8}
          spellCheck={false}
          onChange={(event) => store.getState().setScript(event.target.value)}
        />
      </label>
    )
  }
  const defaultName = model === 'proxy' && proxy !== 'unknown' && proxy ? proxy.model : 'gpt-4.1-mini'
  const saveKey = (next: { key: string; remembered: boolean }) => {
    setKey(next)
    apiKey.write(next.key, next.remembered)
    onKeyChange()
  }
  return (
    <div className="model-settings">
      <label>
        <span>Model name</span>
        <input
          value={modelName}
          placeholder={defaultName}
          onChange={(event) => store.getState().setModelName(event.target.value)}
          spellCheck={false}
        />
      </label>
      {model === 'proxy' && proxy !== 'unknown' && proxy?.configured && (
        <span className="muted small">via the server · upstream {proxy.upstream}</span>
      )}
      {model === 'browser' && (
        <>
          <label>
            <span>Base URL</span>
            <input value={baseUrl} onChange={(event) => store.getState().setBrowserBaseUrl(event.target.value)} spellCheck={false} />
          </label>
          <label>
            <span>API key</span>
            <input type="password" autoComplete="off" value={key.key} onChange={(event) => saveKey({ ...key, key: event.target.value })} />
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={key.remembered} onChange={(event) => saveKey({ ...key, remembered: event.target.checked })} />
            <span>Remember on this device</span>
          </label>
        </>
      )}
    </div>
  )
}

import { useState } from 'react'
import { DEFAULT_MODEL } from '../../core/agent/defaultModel'
import { parseScript } from '../../core/agent/scriptedModel'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'

/** Why Run cannot start with the chosen model, or null when it can. */
export function useModelProblem(): string | null {
  const model = usePlayground((state) => state.model)
  const proxy = usePlayground((state) => state.proxy)
  const baseUrl = usePlayground((state) => state.browserBaseUrl)
  const script = usePlayground((state) => state.script)
  const { apiKey } = useServices()
  const { t } = useT()
  if (model === 'proxy') {
    if (proxy === 'unknown') return t('run.problems.checking')
    if (proxy === null) return t('run.problems.noProxy')
    if (proxy.locked) return t('run.problems.locked')
    if (!proxy.configured) return t('run.problems.noKey')
  }
  if (model === 'script') {
    try {
      parseScript(script)
    } catch (error) {
      return error instanceof Error ? error.message : String(error)
    }
  }
  if (model === 'browser') {
    if (!/^https?:\/\//.test(baseUrl.trim())) return t('run.problems.baseUrl')
    if (apiKey.read().key === '') return t('run.problems.apiKey')
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
  const { t } = useT()
  if (model === 'scripted') return null
  if (model === 'script') {
    return (
      <label className="editor-field script-field">
        <span>{t('run.script')}</span>
        <textarea
          aria-label={t('run.scriptName')}
          value={script}
          rows={8}
          spellCheck={false}
          onChange={(event) => store.getState().setScript(event.target.value)}
        />
      </label>
    )
  }
  if (model === 'proxy' && proxy !== 'unknown' && proxy?.locked) return <TeamToken />
  const defaultName = model === 'proxy' && proxy !== 'unknown' && proxy ? proxy.model : DEFAULT_MODEL
  const saveKey = (next: { key: string; remembered: boolean }) => {
    setKey(next)
    apiKey.write(next.key, next.remembered)
    onKeyChange()
  }
  return (
    <div className="model-settings">
      <label>
        <span>{t('run.modelName')}</span>
        <input
          aria-label={t('run.modelName')}
          value={modelName}
          placeholder={defaultName}
          onChange={(event) => store.getState().setModelName(event.target.value)}
          spellCheck={false}
        />
      </label>
      {model === 'proxy' && proxy !== 'unknown' && proxy?.configured && (
        <span className="muted small">{t('run.upstream', { upstream: proxy.upstream })}</span>
      )}
      {model === 'browser' && (
        <>
          <label>
            <span>{t('run.baseUrl')}</span>
            <input
              aria-label={t('run.baseUrl')}
              value={baseUrl}
              onChange={(event) => store.getState().setBrowserBaseUrl(event.target.value)}
              spellCheck={false}
            />
          </label>
          <label>
            <span>{t('run.apiKey')}</span>
            <input
              aria-label={t('run.apiKey')}
              type="password"
              autoComplete="off"
              value={key.key}
              onChange={(event) => saveKey({ ...key, key: event.target.value })}
            />
          </label>
          <label className="checkbox">
            <input
              aria-label={t('run.remember')}
              type="checkbox"
              checked={key.remembered}
              onChange={(event) => saveKey({ ...key, remembered: event.target.checked })}
            />
            <span>{t('run.remember')}</span>
          </label>
        </>
      )}
    </div>
  )
}

/** The team token, for a server that asks for one: typed once, kept for this tab (never in the workspace or a link). */
function TeamToken() {
  const { t } = useT()
  const { team } = useServices()
  const [token, setToken] = useState(() => team.token())
  return (
    <form
      className="model-settings"
      onSubmit={(event) => {
        event.preventDefault()
        team.setToken(token.trim())
      }}
    >
      <label>
        <span>{t('run.teamToken')}</span>
        <input
          aria-label={t('run.teamToken')}
          type="password"
          autoComplete="off"
          value={token}
          onChange={(event) => setToken(event.target.value)}
        />
      </label>
      <button type="submit" className="button small" aria-label={t('run.unlock')}>
        {t('run.unlock')}
      </button>
    </form>
  )
}

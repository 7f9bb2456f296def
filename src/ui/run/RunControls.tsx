import { useRef, useState } from 'react'
// The trace module only: the agent loop and its tools (mathjs, minisearch) load on the first Run.
import { ROUTING_MODES, type RoutingMode } from '../../core/agent/trace'
import { usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'
import type { ToolProtocol } from '../../core/agent/types'
import type { ModelChoice } from '../../state/runSlice'
import { ModelSettings, useModelProblem } from './ModelSettings'

/** Run / Abort, with the model and the routing mode the run uses. */
export function RunControls({ onRun }: { onRun: () => void }) {
  const store = usePlaygroundStore()
  const { startRun } = useServices()
  const mode = usePlayground((state) => state.routingMode)
  const protocol = usePlayground((state) => state.toolProtocol)
  const running = usePlayground((state) => state.runs[0]?.status === 'running')
  const abort = useRef<(() => void) | null>(null)
  const model = usePlayground((state) => state.model)
  const proxy = usePlayground((state) => state.proxy)
  const [, keyChanged] = useState(0)
  const problem = useModelProblem()
  const { t } = useT()
  const proxyNote = proxy === 'unknown' || (proxy && proxy.configured) ? '' : proxy === null ? t('run.proxyNone') : t('run.proxyNoKey')

  const run = () => {
    if (problem) return
    onRun()
    void startRun().then((stop) => {
      abort.current = stop
    })
  }
  useWindowEvent('keydown', (event) => {
    if ((event.ctrlKey || event.metaKey) && event.key === 'Enter' && !running && !problem) {
      event.preventDefault()
      run()
    }
  })

  return (
    <>
      <div className="run-controls">
        <label className="select">
          <span>{t('run.model')}</span>
          <select
            aria-label={t('run.model')}
            value={model}
            onChange={(event) => store.getState().setModel(event.target.value as ModelChoice)}
          >
            <option value="scripted">{t('run.models.scripted')}</option>
            <option value="script">{t('run.models.script')}</option>
            <option value="proxy" disabled={proxy === null}>
              {t('run.models.proxy')}
              {proxyNote}
            </option>
            <option value="browser">{t('run.models.browser')}</option>
          </select>
        </label>
        <label className="select">
          <span>{t('run.routing')}</span>
          <select
            aria-label={t('run.routingMode')}
            value={mode}
            onChange={(event) => store.getState().setRoutingMode(event.target.value as RoutingMode)}
          >
            {ROUTING_MODES.map((option) => (
              <option key={option.value} value={option.value}>
                {t(`run.modes.${option.value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="select">
          <span>{t('run.toolCalls')}</span>
          <select
            aria-label={t('run.toolCalls')}
            value={protocol}
            onChange={(event) => store.getState().setToolProtocol(event.target.value as ToolProtocol)}
          >
            <option value="native">{t('run.protocols.native')}</option>
            <option value="text">{t('run.protocols.text')}</option>
          </select>
        </label>
        {/* Two keys, two elements: a click meant for Abort that lands as the run ends must not
            start the next run on the same element relabelled Run. */}
        {running ? (
          <button key="abort" type="button" className="button danger" onClick={() => abort.current?.()} aria-label={t('run.abort')}>
            {t('run.abort')}
          </button>
        ) : (
          <button
            key="run"
            type="button"
            className="button primary"
            onClick={run}
            disabled={problem !== null}
            title={problem ?? t('run.runTitle')}
            aria-label={t('run.run')}
          >
            {t('run.run')}
          </button>
        )}
      </div>
      <ModelSettings onKeyChange={() => keyChanged((n) => n + 1)} />
      {problem && (
        <p className="model-problem" role="note">
          {problem}
        </p>
      )}
    </>
  )
}

import { useState } from 'react'
import { useEffectiveConfig } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

const PREVIEW_LINES = 8

/** What the agent would run with for this utterance (docs/agent-loop.md), before any round runs. */
export function EffectiveConfigPanel() {
  const { t } = useT()
  const config = useEffectiveConfig()
  const [expanded, setExpanded] = useState(false)
  const lines = config.systemPrompt.trim().split('\n')
  const long = lines.length > PREVIEW_LINES
  const missing = config.tools.filter((tool) => tool.missing)
  return (
    <section className="config" aria-label={t('a11y.effectiveConfig')}>
      <h3>
        {t('config.title')} <span className="muted">{config.skill ? t('config.from', { skill: config.skill }) : t('config.default')}</span>
      </h3>
      <dl className="config-grid">
        <dt>{t('config.rounds')}</dt>
        <dd data-testid="config.max-rounds">{config.maxRounds}</dd>
        <dt>{t('config.tools')}</dt>
        <dd>
          <div className="tool-chips" aria-label={t('config.visibleTools')}>
            {config.tools.map((tool) => (
              <span
                key={tool.name}
                className={`tool-chip${tool.missing ? ' missing' : ''}${tool.source === 'skill' ? ' own' : ''}`}
                title={tool.missing ? t('config.missingTitle') : tool.source === 'skill' ? t('config.ownTitle') : t('config.builtinTitle')}
              >
                {tool.name}
                {tool.missing && ` ${t('config.missing')}`}
              </span>
            ))}
          </div>
          <div className="muted small">
            {config.narrowed
              ? t('config.narrowed', { count: config.tools.length - missing.length })
              : t('config.all', { count: config.tools.length })}
          </div>
        </dd>
        <dt>{t('config.prompt')}</dt>
        <dd>
          <pre className="prompt" aria-label={t('config.prompt')}>
            {expanded || !long ? config.systemPrompt.trim() : lines.slice(0, PREVIEW_LINES).join('\n') + '\n…'}
          </pre>
          {long && (
            <button type="button" className="link-button" onClick={() => setExpanded(!expanded)}>
              {expanded ? t('config.less') : t('config.more', { count: lines.length })}
            </button>
          )}
        </dd>
      </dl>
    </section>
  )
}

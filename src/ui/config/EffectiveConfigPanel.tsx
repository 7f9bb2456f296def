import { useState } from 'react'
import { useEffectiveConfig } from '../../state/PlaygroundProvider'

const PREVIEW_LINES = 8

/** What the agent would run with for this utterance (docs/agent-loop.md), before any round runs. */
export function EffectiveConfigPanel() {
  const config = useEffectiveConfig()
  const [expanded, setExpanded] = useState(false)
  const lines = config.systemPrompt.trim().split('\n')
  const long = lines.length > PREVIEW_LINES
  const missing = config.tools.filter((tool) => tool.missing)
  return (
    <section className="config" aria-label="Effective configuration">
      <h3>
        Agent configuration{' '}
        <span className="muted">
          {config.skill ? (
            <>
              from <strong>{config.skill}</strong>
            </>
          ) : (
            'default (no skill active)'
          )}
        </span>
      </h3>
      <dl className="config-grid">
        <dt>Round limit</dt>
        <dd data-testid="config.max-rounds">{config.maxRounds}</dd>
        <dt>Tools</dt>
        <dd>
          <div className="tool-chips" aria-label="Visible tools">
            {config.tools.map((tool) => (
              <span
                key={tool.name}
                className={`tool-chip${tool.missing ? ' missing' : ''}${tool.source === 'skill' ? ' own' : ''}`}
                title={
                  tool.missing
                    ? 'Not in the tool catalog: the agent will not have it'
                    : tool.source === 'skill'
                      ? 'Declared by the skill (mocked)'
                      : 'Built-in tool'
                }
              >
                {tool.name}
                {tool.missing && ' (missing)'}
              </span>
            ))}
          </div>
          <div className="muted small">
            {config.narrowed
              ? `${config.tools.length - missing.length} visible, narrowed by required_tools`
              : `all ${config.tools.length} tools visible`}
          </div>
        </dd>
        <dt>System prompt</dt>
        <dd>
          <pre className="prompt" aria-label="System prompt">
            {expanded || !long ? config.systemPrompt.trim() : lines.slice(0, PREVIEW_LINES).join('\n') + '\n…'}
          </pre>
          {long && (
            <button type="button" className="link-button" onClick={() => setExpanded(!expanded)}>
              {expanded ? 'Show less' : `Show all ${lines.length} lines`}
            </button>
          )}
        </dd>
      </dl>
    </section>
  )
}

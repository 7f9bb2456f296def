import { useState } from 'react'
import type { TraceEvent } from '../../core/agent'
import { usePlayground } from '../../state/PlaygroundProvider'
import type { AgentRun } from '../../state/runSlice'
import { useServices } from '../common/services'

/** The steps of a run as they happen: activation, rounds, streamed text, tool calls, the answer. */
export function RunTrace() {
  const runs = usePlayground((state) => state.runs)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const { download } = useServices()
  const run = runs.find((candidate) => candidate.id === selectedId) ?? runs[0]
  return (
    <section className="run-trace" aria-label="Run trace">
      {!run ? (
        <p className="hint">
          Press Run (Ctrl+Enter) to run the agent on the test utterance: the winning skill's prompt, its tools and its round limit, with
          tools mocked in the page.
        </p>
      ) : (
        <>
          <div className="run-header" role="group" aria-label="Run summary">
            <div>
              <strong>{run.utterance || '(empty utterance)'}</strong>
              <div className="muted small">
                {run.model} · {run.mode} routing · {new Date(run.startedAt).toLocaleTimeString()} ·{' '}
                <span className={`status ${run.status}`}>{run.status}</span>
              </div>
            </div>
            <div className="run-actions">
              {runs.length > 1 && (
                <select aria-label="Earlier runs" value={run.id} onChange={(event) => setSelectedId(event.target.value)}>
                  {runs.map((candidate, index) => (
                    <option key={candidate.id} value={candidate.id}>
                      {index === 0
                        ? 'Latest run'
                        : `${new Date(candidate.startedAt).toLocaleTimeString()} — ${candidate.utterance.slice(0, 24)}`}
                    </option>
                  ))}
                </select>
              )}
              <button type="button" className="button small" onClick={() => download(...traceDownload(run))}>
                Download trace
              </button>
            </div>
          </div>
          <Timeline events={run.events} />
          <ol className="trace-events">
            {run.events.map((event, index) => (
              <li key={index} className={`trace-event ${event.type}`} aria-label={STEP_LABELS[event.type]}>
                <EventView event={event} />
              </li>
            ))}
            {run.streaming && (
              <li className="trace-event model streaming" aria-label="Streaming reply">
                <div className="event-title">
                  Model · round {run.streaming.round} <span className="muted">streaming…</span>
                </div>
                <p className="model-text">{run.streaming.text}</p>
              </li>
            )}
          </ol>
        </>
      )}
    </section>
  )
}

/** Each step's accessible name: what a screen reader announces, and what the tests find it by. */
const STEP_LABELS: Record<TraceEvent['type'], string> = {
  activation: 'Activation',
  round: 'Round',
  model: 'Model reply',
  tool: 'Tool call',
  final: 'Final answer',
  stopped: 'Stopped',
}

function EventView({ event }: { event: TraceEvent }) {
  switch (event.type) {
    case 'activation':
      return (
        <>
          <div className="event-title">Activation · {event.skill ?? 'no skill'}</div>
          <p>{event.reason}</p>
          <p className="muted small">
            {event.config.tools.length} tool{event.config.tools.length === 1 ? '' : 's'}:{' '}
            {event.config.tools.map((tool) => tool.name).join(', ')} · round limit {event.config.maxRounds}
          </p>
          {event.missingTools.length > 0 && <p className="error-text">Not available in this run: {event.missingTools.join(', ')}</p>}
        </>
      )
    case 'round':
      return (
        <div className="round-marker">
          Round {event.round} / {event.maxRounds}
        </div>
      )
    case 'model':
      return (
        <>
          <div className="event-title">
            Model · {event.latencyMs} ms{event.toolCalls > 0 && ` · asks for ${event.toolCalls} tool call${event.toolCalls > 1 ? 's' : ''}`}
          </div>
          {event.text && <p className="model-text">{event.text}</p>}
        </>
      )
    case 'tool':
      return (
        <>
          <div className="event-title">
            Tool <code>{event.tool}</code> · {event.latencyMs} ms ·{' '}
            {event.valid ? <span className="ok">arguments valid</span> : <span className="error-text">arguments invalid</span>}
          </div>
          <pre className="tool-args">{event.arguments}</pre>
          {event.error ? (
            <p className="error-text">
              {event.error.type}: {event.error.message}
            </p>
          ) : (
            <Collapsible text={JSON.stringify(event.result, null, 2) ?? 'null'} />
          )}
          {event.userMessage && <p className="user-message">user_message: {event.userMessage}</p>}
        </>
      )
    case 'final':
      return (
        <>
          <div className="event-title">Final answer</div>
          <p className="final-text">{event.text}</p>
        </>
      )
    case 'stopped':
      return (
        <>
          <div className="event-title">Stopped · {event.reason}</div>
          <p className="error-text">{event.message}</p>
        </>
      )
  }
}

function Collapsible({ text }: { text: string }) {
  const long = text.length > 240 || text.split('\n').length > 8
  if (!long) return <pre className="tool-result">{text}</pre>
  return (
    <details>
      <summary>Result ({text.length.toLocaleString()} characters)</summary>
      <pre className="tool-result">{text}</pre>
    </details>
  )
}

/** Bars for the model calls and tool calls, so a slow step stands out. */
function Timeline({ events }: { events: TraceEvent[] }) {
  const steps = events.filter(
    (event): event is Extract<TraceEvent, { type: 'model' | 'tool' }> => event.type === 'model' || event.type === 'tool',
  )
  const longest = Math.max(1, ...steps.map((step) => step.latencyMs))
  if (steps.length === 0) return null
  return (
    <div className="timeline" aria-label="Timeline">
      {steps.map((step, index) => (
        <div key={index} className="timeline-row" title={`${step.type === 'tool' ? step.tool : 'model'}: ${step.latencyMs} ms`}>
          <span className="timeline-label">{step.type === 'tool' ? step.tool : `model r${step.round}`}</span>
          <span className={`timeline-bar ${step.type}`} style={{ width: `${Math.max(2, (step.latencyMs / longest) * 100)}%` }} />
          <span className="timeline-ms">{step.latencyMs} ms</span>
        </div>
      ))}
    </div>
  )
}

/** The trace as a JSON file: the run exactly as recorded (no key ever enters a run). */
function traceDownload(run: AgentRun) {
  return [`trace-${run.id}.json`, JSON.stringify(run, null, 2), 'application/json'] as const
}

import { Suspense, useRef, useState } from 'react'
import { lazyView } from '../common/lazyView'
import type { CodeTrace, TraceEvent } from '../../core/agent'
import { usePlayground } from '../../state/PlaygroundProvider'
import type { AgentRun } from '../../state/runSlice'
import { skillLoadedInTurn } from '../../core/agent/conversationHistory'
import { LongText, StreamingTail } from '../common/LongText'
import { useServices } from '../common/services'
import { useT, type Translator } from '../i18n/i18n'
import { ToolContent } from './ToolContent'
import { OpenRunFile, ShareRunButton } from './ShareRun'
import { SaveEvalCase } from './SaveEvalCase'
import { shownModelLabel } from './shownModelLabel'

/** The steps of a run as they happen: activation, rounds, streamed text, tool calls, the answer. */
export function RunTrace() {
  const runs = usePlayground((state) => state.runs)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const { download } = useServices()
  const { t } = useT()
  const run = runs.find((candidate) => candidate.id === selectedId) ?? runs[0]
  return (
    <section className="run-trace" aria-label={t('a11y.runTrace')}>
      {!run ? (
        <>
          <p className="hint">{t('trace.empty')}</p>
          <OpenRunFile />
        </>
      ) : (
        <>
          <div className="run-header" role="group" aria-label={t('a11y.runSummary')}>
            <div>
              <strong>{run.utterance || t('trace.emptyUtterance')}</strong>
              <div className="muted small">
                {shownModelLabel(run.model, t)} {/^Scripted/.test(run.model) && <span className="badge">{t('trace.simulated')}</span>} ·{' '}
                {t(`run.modes.${run.mode}`)} · {new Date(run.startedAt).toLocaleTimeString()} ·{' '}
                <span className={`status ${run.status}`}>{t(`trace.status.${run.status}`)}</span>
              </div>
            </div>
            <div className="run-actions">
              {runs.length > 1 && (
                <select aria-label={t('trace.earlier')} value={run.id} onChange={(event) => setSelectedId(event.target.value)}>
                  {runs.map((candidate, index) => (
                    <option key={candidate.id} value={candidate.id}>
                      {index === 0
                        ? t('trace.latest')
                        : `${new Date(candidate.startedAt).toLocaleTimeString()} — ${candidate.utterance.slice(0, 24)}`}
                    </option>
                  ))}
                </select>
              )}
              <button
                type="button"
                className="button small"
                onClick={() => download(...traceDownload(run))}
                aria-label={t('trace.download')}
              >
                {t('trace.download')}
              </button>
              <ShareRunButton run={run} />
              <OpenRunFile />
            </div>
          </div>
          <SaveEvalCase run={run} />
          <DisclosureSummary events={run.events} />
          <Timeline events={run.events} />
          <ol className="trace-events">
            <TraceSteps events={run.events} />
            {run.streaming && (
              <li className="trace-event model streaming" aria-label={t('trace.steps.streaming')}>
                <div className="event-title">
                  {t('trace.streaming', { round: run.streaming.round })} <span className="muted">{t('trace.streamingNote')}</span>
                </div>
                {run.streaming.reasoning && (
                  <details className="model-reasoning">
                    <summary className="small">{t('modelReasoning.thinking', { count: run.streaming.reasoning.length })}</summary>
                    <StreamingTail className="tool-result" text={run.streaming.reasoning} />
                  </details>
                )}
                <StreamingTail className="model-text" text={run.streaming.text} />
              </li>
            )}
            {run.status === 'running' && run.working && (
              <li className={`trace-event ${run.working.type} working`} aria-label={t('trace.steps.working')}>
                <div className="event-title">
                  {t(run.working.type === 'execute' ? 'trace.workingExecute' : 'trace.workingTool', { name: run.working.name })}{' '}
                  <span className="muted">{t(run.working.type === 'execute' ? 'trace.workingExecuteNote' : 'trace.workingNote')}</span>
                </div>
              </li>
            )}
          </ol>
          {run.status !== 'running' && <ReplyBox run={run} />}
        </>
      )}
    </section>
  )
}

/** The recorded steps of a run, as the run view and a shared run show them. */
export function TraceSteps({ events }: { events: readonly TraceEvent[] }) {
  const { t } = useT()
  return (
    <>
      {events.map((event, index) => (
        <li
          key={index}
          className={`trace-event ${event.type}${event.type === 'disclosure' ? ` level-${event.level}` : ''}`}
          aria-label={t(event.type === 'disclosure' ? 'disclosure.step' : `trace.steps.${event.type}`)}
        >
          <EventView event={event} loaded={event.type === 'activation' && !event.skill ? skillLoadedInTurn(events, index) : null} />
        </li>
      ))}
    </>
  )
}

/** The level each disclosure step belongs to: the catalog, the instructions, the bundled files and scripts. */
const LEVELS = { catalog: 1, body: 2, file: 3, script: 3 } as const

/** What each level of disclosure brought into the context over the run, in tokens (docs/agent-loop.md). */
export function DisclosureSummary({ events }: { events: readonly TraceEvent[] }) {
  const { t } = useT()
  const steps = events.filter((event): event is Extract<TraceEvent, { type: 'disclosure' }> => event.type === 'disclosure')
  if (steps.length === 0) return null
  const sum = (level: string) => steps.filter((step) => step.level === level).reduce((total, step) => total + step.tokens, 0)
  const count = (level: string) => steps.filter((step) => step.level === level).length
  const estimated = steps.some((step) => step.estimated)
  const tokens = (level: string) => `${estimated ? '≈' : ''}${sum(level).toLocaleString('en')}`
  const parts = [
    count('catalog') > 0 && t('disclosure.summaryCatalog', { tokens: tokens('catalog') }),
    count('body') > 0 && t('disclosure.summaryBody', { tokens: tokens('body') }),
    count('file') > 0 && t('disclosure.summaryFiles', { tokens: tokens('file'), count: count('file') }),
    count('script') > 0 && t('disclosure.summaryScripts', { tokens: tokens('script'), count: count('script') }),
  ].filter(Boolean)
  return (
    <p className="disclosure-summary small" role="group" aria-label={t('disclosure.summary')} title={t('disclosure.tokensNote')}>
      <strong>{t('disclosure.summary')}</strong>: {parts.join(' · ')}
    </p>
  )
}

/** The user's next turn: routed again, or with the conversation's skill kept (sticky). */
function ReplyBox({ run }: { run: AgentRun }) {
  const { t } = useT()
  const { continueRun, startRun } = useServices()
  const [text, setText] = useState('')
  const [sticky, setSticky] = useState(false)
  const abort = useRef<(() => void) | null>(null)
  const turns = run.events.filter((event) => event.type === 'turn').length + 1
  const send = () => {
    const utterance = text.trim()
    if (!utterance) return
    setText('')
    void continueRun(run.id, utterance, sticky).then((stop) => {
      abort.current = stop
    })
  }
  return (
    <div className="reply-box" role="group" aria-label={t('trace.conversation')}>
      <textarea
        aria-label={t('trace.reply')}
        placeholder={t('trace.replyPlaceholder')}
        value={text}
        rows={2}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault()
            event.stopPropagation()
            send()
          }
        }}
      />
      <div className="reply-actions">
        <label className="small">
          <input type="checkbox" checked={sticky} onChange={(event) => setSticky(event.target.checked)} aria-label={t('trace.sticky')} />{' '}
          {t('trace.sticky')}
        </label>
        <span className="muted small">{t('trace.turns', { count: turns })}</span>
        <button
          type="button"
          className="button small"
          onClick={() => void startRun()}
          title={t('trace.newConversationTitle')}
          aria-label={t('trace.newConversation')}
        >
          {t('trace.newConversation')}
        </button>
        <button type="button" className="button primary small" disabled={!text.trim()} onClick={send} aria-label={t('trace.send')}>
          {t('trace.send')}
        </button>
      </div>
    </div>
  )
}

const SafeMarkdown = lazyView(() => import('../common/SafeMarkdown'))

export function EventView({ event, loaded = null }: { event: TraceEvent; loaded?: string | null }) {
  const { t, say } = useT()
  switch (event.type) {
    case 'activation':
      return (
        <>
          <div className="event-title">
            {t('trace.activation', { skill: event.skill ?? t('trace.noSkill') })}
            {loaded && <span className="badge live-badge">{t('trace.loaded', { skill: loaded })}</span>}
          </div>
          <p>{event.text ? say(event.text) : event.reason}</p>
          {event.systemPrompt && (
            <details>
              <summary className="small">{t('trace.systemPrompt')}</summary>
              <LongText as="pre" className="tool-result" text={event.systemPrompt} />
            </details>
          )}
          <p className="muted small">
            {t('trace.tools', { count: event.config.tools.length, tools: event.config.tools.map((tool) => tool.name).join(', ') })} ·{' '}
            {t('trace.roundLimit', { rounds: event.config.maxRounds })}
          </p>
          {event.missingTools.length > 0 && <p className="error-text">{t('trace.missing', { tools: event.missingTools.join(', ') })}</p>}
        </>
      )
    case 'round':
      return <div className="round-marker">{t('trace.round', { round: event.round, max: event.maxRounds })}</div>
    case 'model':
      return (
        <>
          <div className="event-title">
            {t('trace.model', { ms: event.latencyMs })}
            {event.toolCalls > 0 && ` · ${t('trace.asks', { count: event.toolCalls })}`}
            {event.usage &&
              ` · ${t('trace.tokens', { input: event.usage.input.toLocaleString('en'), output: event.usage.output.toLocaleString('en') })}`}
          </div>
          {event.reasoning && (
            // The model's reasoning, never its answer: folded, as a reader opens it when wanted.
            <details className="model-reasoning">
              <summary className="small">{t('modelReasoning.summary', { count: event.reasoning.length })}</summary>
              <LongText as="pre" className="tool-result" text={event.reasoning} />
            </details>
          )}
          {event.text && <LongText className="model-text" text={event.text} />}
        </>
      )
    case 'tool':
      return (
        <>
          <div className="event-title">
            {t('trace.tool')} <code>{event.tool}</code>{' '}
            {event.mode && <span className={`badge ${event.mode === 'live' ? 'live-badge' : ''}`}>{t(`trace.mode.${event.mode}`)}</span>} ·{' '}
            {event.latencyMs} ms ·{' '}
            {event.valid ? <span className="ok">{t('trace.valid')}</span> : <span className="error-text">{t('trace.invalid')}</span>}
          </div>
          <CallArguments text={event.arguments} error={event.error} />
          {event.error ? null : event.tool === 'load_skill' && typeof event.result === 'string' ? (
            // The loaded instructions read as the model reads them: Markdown, not an escaped JSON string.
            <details className="loaded-skill">
              <summary className="small">{t('trace.loadedText')}</summary>
              <div className="markdown-preview">
                <Suspense fallback={<pre className="tool-result">{event.result}</pre>}>
                  <SafeMarkdown text={event.result.replace(/^<skill name="[^"]*">|<\/skill>$/g, '')} />
                </Suspense>
              </div>
            </details>
          ) : (
            <Collapsible text={JSON.stringify(event.result, null, 2) ?? 'null'} />
          )}
          {!event.error && <ToolContent event={event} />}
          {event.code && <CodeOutput code={event.code} />}
          {event.userMessage && <p className="user-message">user_message: {event.userMessage}</p>}
        </>
      )
    case 'execute':
      return (
        <>
          <div className="event-title">
            {t('trace.execute', { file: event.file })} · <code>{event.skill}</code> · {event.latencyMs} ms
          </div>
          <CallArguments text={event.arguments} error={event.error} />
          {!event.error && <Collapsible text={JSON.stringify(event.result, null, 2) ?? 'null'} />}
          <CodeOutput code={event.code} />
          {event.userMessage && <p className="user-message">user_message: {event.userMessage}</p>}
        </>
      )
    case 'disclosure':
      return (
        <>
          <div className="event-title">
            <span className="badge">{t('disclosure.level', { level: LEVELS[event.level] })}</span>{' '}
            {event.level === 'catalog'
              ? t('disclosure.catalog', { count: event.skills ?? 0 })
              : event.level === 'body'
                ? t('disclosure.body', { skill: event.skill ?? '' })
                : event.level === 'file'
                  ? t('disclosure.file', { skill: event.skill ?? '', path: event.path ?? '' })
                  : t('disclosure.script', { skill: event.skill ?? '', path: event.path ?? '', code: String(event.exitCode ?? '?') })}
          </div>
          <p className="muted small">
            {t(event.estimated ? 'disclosure.estimated' : 'disclosure.size', {
              characters: event.characters.toLocaleString('en'),
              tokens: event.tokens.toLocaleString('en'),
            })}
          </p>
        </>
      )
    case 'fallback':
      return (
        <>
          <div className="event-title">{t('trace.fallback', { from: event.from, to: event.to })}</div>
          <p>{event.text ? say(event.text) : event.message}</p>
          <details>
            <summary className="small">{t('trace.systemPrompt')}</summary>
            <LongText as="pre" className="tool-result" text={event.systemPrompt} />
          </details>
        </>
      )
    case 'turn':
      return (
        <>
          <div className="turn-marker">{t('trace.turn', { turn: event.turn })}</div>
          <p className="user-turn">{event.utterance}</p>
        </>
      )
    case 'final':
      return (
        <>
          <div className="event-title">{t('trace.steps.final')}</div>
          <LongText className="final-text" text={event.text} />
        </>
      )
    case 'stopped':
      return (
        <>
          <div className="event-title">{t('trace.stopped', { reason: t(`trace.stopReasons.${event.reason}`) })}</div>
          <p className="error-text">{event.text ? say(event.text) : event.message}</p>
        </>
      )
  }
}

/** A call's arguments as sent, and its error when it failed. */
function CallArguments({ text, error }: { text: string; error: { type: string; message: string } | null }) {
  return (
    <>
      <LongText as="pre" className="tool-args" text={text} />
      {error && (
        <p className="error-text">
          {error.type}: {error.message}
        </p>
      )}
    </>
  )
}

/** What a skill's code printed, and its traceback when it raised. */
function CodeOutput({ code }: { code: CodeTrace }) {
  const { t } = useT()
  return (
    <>
      {code.traceback && (
        <details open className="code-traceback">
          <summary className="small">{t('trace.traceback')}</summary>
          <LongText as="pre" className="tool-result error-text" text={code.traceback} />
        </details>
      )}
      {code.stdout && (
        <details>
          <summary className="small">{t('trace.stdout', { count: code.stdout.length })}</summary>
          <LongText as="pre" className="tool-result" text={code.stdout} />
        </details>
      )}
      {code.stderr && (
        <details>
          <summary className="small">{t('trace.stderr', { count: code.stderr.length })}</summary>
          <LongText as="pre" className="tool-result" text={code.stderr} />
        </details>
      )}
    </>
  )
}

function Collapsible({ text }: { text: string }) {
  const { t } = useT()
  const long = text.length > 240 || text.split('\n').length > 8
  if (!long) return <pre className="tool-result">{text}</pre>
  return (
    <details>
      <summary>{t('trace.result', { count: text.length })}</summary>
      <LongText as="pre" className="tool-result" text={text} />
    </details>
  )
}

/** Bars for the model calls and tool calls, so a slow step stands out. */
export function Timeline({ events }: { events: readonly TraceEvent[] }) {
  const { t } = useT()
  const steps = events.filter(
    (event): event is Extract<TraceEvent, { type: 'model' | 'tool' | 'execute' }> =>
      event.type === 'model' || event.type === 'tool' || event.type === 'execute',
  )
  const longest = Math.max(1, ...steps.map((step) => step.latencyMs))
  if (steps.length === 0) return null
  return (
    <div className="timeline" aria-label={t('trace.timeline')}>
      {steps.map((step, index) => (
        <div key={index} className="timeline-row" title={`${label(step, t)}: ${step.latencyMs} ms`}>
          <span className="timeline-label">{label(step, t)}</span>
          <span className={`timeline-bar ${step.type}`} style={{ width: `${Math.max(2, (step.latencyMs / longest) * 100)}%` }} />
          <span className="timeline-ms">{step.latencyMs} ms</span>
        </div>
      ))}
    </div>
  )
}

function label(step: Extract<TraceEvent, { type: 'model' | 'tool' | 'execute' }>, t: Translator['t']): string {
  if (step.type === 'tool') return step.tool
  if (step.type === 'execute') return step.file
  return t('shownLabels.timelineModel', { round: step.round })
}

/** The trace as a JSON file: the run exactly as recorded (no key ever enters a run). */
export function traceDownload(run: Pick<AgentRun, 'events' | 'startedAt'> & { id?: string }) {
  return [`trace-${run.id ?? run.startedAt.replace(/[^0-9]/g, '')}.json`, JSON.stringify(run, null, 2), 'application/json'] as const
}

import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { validateArgs } from '../../core/agent'
import { codeRequest, DEFAULT_CODE_TIMEOUT_MS, type CodeRunOutcome } from '../../core/code/codeRun'
import { codeOwnerOf, type JsonSchema, type SkillCode } from '../../core/skill'
import { useDeferredSkill, useSkillCode } from '../../state/PlaygroundProvider'
import { LongText } from '../common/LongText'
import { useServices } from '../common/services'
import { useT } from '../i18n/i18n'
import { whenQuietAndIdle } from './usePythonWarmUp'

/** The skill (and its code) that `path` belongs to: its SKILL.md or one of its code files. */
export function useCodeOwner(path: string | null): { name: string; code: SkillCode } | null {
  const codes = useSkillCode()
  const owner = useMemo(() => (path === null ? null : codeOwnerOf(codes, path)), [path, codes])
  // The deferred files, as the code itself: typing in the SKILL.md renders the panel a frame later.
  const name = useDeferredSkill(owner?.skillPath ?? null)?.name
  return useMemo(() => (owner && name !== undefined ? { name, code: owner.code } : null), [owner, name])
}

/**
 * Runs the selected skill's code alone (docs/skill-code.md): arguments from a form generated from
 * its parameters (or as JSON), checked against them, then the sandbox's result, printed output,
 * error and traceback.
 */
export function SkillCodePanel({ path }: { path: string | null }) {
  const owner = useCodeOwner(path)
  if (!owner) return null
  return <CodeRunner key={owner.code.folder} name={owner.name} code={owner.code} />
}

type Property = { type?: string; enum?: unknown[]; items?: { type?: string }; description?: string; default?: unknown }

function CodeRunner({ name, code }: { name: string; code: SkillCode }) {
  const { t } = useT()
  const services = useServices()
  const schema: JsonSchema = code.parameters ?? { type: 'object', properties: {} }
  const properties = (schema.properties ?? {}) as Record<string, Property>
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
  const [args, setArgs] = useState<Record<string, unknown>>(() => initialArgs(properties))
  const [json, setJson] = useState<string | null>(null)
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<CodeRunOutcome | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [seconds, setSeconds] = useState(DEFAULT_CODE_TIMEOUT_MS / 1000)
  const [revision, setRevision] = useState(0)
  const stop = useRef<AbortController | null>(null)
  const argsText = json ?? JSON.stringify(args, null, 2)

  const setField = (key: string, value: unknown) => {
    setJson(null)
    setArgs((current) => {
      const next = { ...current }
      if (value === undefined) delete next[key]
      else next[key] = value
      return next
    })
  }

  // The JSON and the fields are one value: a JSON edit that parses to an object fills the fields.
  const editJson = (text: string) => {
    setJson(text)
    try {
      const value: unknown = JSON.parse(text)
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
        setArgs(value as Record<string, unknown>)
        // A list field keeps what is typed in it (commas and all): shown anew from the JSON.
        setRevision((count) => count + 1)
      }
    } catch {
      // Not JSON yet: the fields keep their values until it is; Run code says what is wrong.
    }
  }
  // Leaving the skill (or the page) stops a run in flight: its worker is terminated.
  useEffect(() => () => stop.current?.abort(), [])

  // Python starts when a skill with code is opened (once typing pauses), and again after each run
  // for the next one; what it is doing is shown beside Run code.
  const [python, setPython] = useState<'starting' | 'ready' | 'failed' | null>(null)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => void (mounted.current = false)
  }, [])
  const warm = useCallback(() => {
    setPython((state) => (state === 'ready' ? state : 'starting'))
    void services.code.warm().then((ok) => mounted.current && setPython(ok ? 'ready' : 'failed'))
  }, [services])
  useEffect(() => whenQuietAndIdle(warm), [warm])

  const run = async () => {
    const validation = validateArgs(schema, argsText)
    if (!validation.ok) {
      setProblem(validation.message)
      return
    }
    setProblem(null)
    setOutcome(null)
    setRunning(true)
    const controller = new AbortController()
    stop.current = controller
    try {
      setOutcome(
        await services.code.run(codeRequest(code, validation.value), {
          signal: controller.signal,
          timeoutMs: Math.min(Math.max(seconds, 1), 600) * 1000,
        }),
      )
    } finally {
      stop.current = null
      setRunning(false)
      // The run used the ready Python: the next one is starting.
      setPython('starting')
      warm()
    }
  }

  return (
    <section className="code-panel" aria-label={t('a11y.skillCode')}>
      <div className="code-panel-header">
        <h3>{t('code.title', { skill: name })}</h3>
        <span className="muted small">
          {t('code.calls', { call: `${code.entry} → ${code.function}(args)` })} ·{' '}
          {code.parametersFrom ? t(`code.paramsFrom.${code.parametersFrom}`) : t('code.noParams')}
        </span>
      </div>
      {code.schemaProblem && <p className="error-text small">{code.schemaProblem}</p>}
      <div className="code-args" role="group" aria-label={t('code.arguments')}>
        {Object.entries(properties).map(([key, property]) => (
          <ArgField
            key={`${key}:${revision}`}
            name={key}
            property={property}
            required={required.has(key)}
            value={args[key]}
            onChange={(value) => setField(key, value)}
          />
        ))}
        <details open={Object.keys(properties).length === 0 || json !== null}>
          <summary className="small">{t('code.asJson')}</summary>
          <textarea
            aria-label={t('a11y.codeArguments')}
            className="code-json"
            rows={4}
            value={argsText}
            spellCheck={false}
            onChange={(event) => editJson(event.target.value)}
          />
        </details>
      </div>
      <div className="code-actions">
        <button
          type="button"
          className="button primary small"
          disabled={running}
          onClick={() => void run()}
          onPointerEnter={warm}
          onFocus={warm}
          aria-label={t('a11y.runCode')}
        >
          {running ? t('code.running') : t('code.run')}
        </button>
        {running && (
          <button type="button" className="button small" onClick={() => stop.current?.abort()} aria-label={t('code.stop')}>
            {t('code.stop')}
          </button>
        )}
        <label className="small">
          {t('code.timeLimit')}{' '}
          <input
            type="number"
            className="code-seconds"
            min={1}
            max={600}
            aria-label={t('a11y.timeLimit')}
            value={seconds}
            onChange={(event) => setSeconds(Number(event.target.value) || DEFAULT_CODE_TIMEOUT_MS / 1000)}
          />
        </label>
        <span className="muted small">{t('code.sandbox')}</span>
      </div>
      {/* Always there, with its line kept: text appearing here when the pointer reaches Run code
          (which starts Python) must not move the button between the press and the release. */}
      <p className={`small python-status${python ? ` python-${python}` : ''}`} role="status">
        {python === 'ready'
          ? t('pythonWarm.ready')
          : python === 'failed'
            ? t('pythonWarm.failed')
            : python === 'starting'
              ? t('pythonWarm.starting')
              : ''}
      </p>
      {problem && (
        <p className="error-text" role="alert">
          {t('code.invalid', { problem })}
        </p>
      )}
      {outcome && <CodeResult outcome={outcome} />}
    </section>
  )
}

function CodeResult({ outcome }: { outcome: CodeRunOutcome }) {
  const { t } = useT()
  return (
    <div className="code-result" role="region" aria-label={t('a11y.codeResult')}>
      <div className="event-title">
        {outcome.ok ? (
          <span className="ok">{t('code.returned')}</span>
        ) : (
          <span className="error-text">{t(`code.errors.${outcome.error.type}`)}</span>
        )}{' '}
        · {outcome.ms} ms
      </div>
      {outcome.ok ? (
        <LongText as="pre" className="tool-result" text={JSON.stringify(outcome.result, null, 2) ?? 'null'} />
      ) : (
        <>
          <p className="error-text">{outcome.error.message}</p>
          {outcome.error.traceback && <LongText as="pre" className="tool-result error-text" text={outcome.error.traceback} />}
        </>
      )}
      {outcome.stdout && (
        <>
          <div className="small muted">{t('code.stdout')}</div>
          <LongText as="pre" className="tool-result" text={outcome.stdout} />
        </>
      )}
      {outcome.stderr && (
        <>
          <div className="small muted">{t('code.stderr')}</div>
          <LongText as="pre" className="tool-result" text={outcome.stderr} />
        </>
      )}
    </div>
  )
}

function initialArgs(properties: Record<string, Property>): Record<string, unknown> {
  const args: Record<string, unknown> = {}
  for (const [key, property] of Object.entries(properties)) if (property.default !== undefined) args[key] = property.default
  return args
}

/** One argument as a plain input: text, number, yes/no, a choice, or a list typed with commas. */
function ArgField({
  name,
  property,
  required,
  value,
  onChange,
}: {
  name: string
  property: Property
  required: boolean
  value: unknown
  onChange: (value: unknown) => void
}) {
  const { t } = useT()
  const label = (
    <span className="code-arg-name">
      {name}
      {required && <span className="error-text"> *</span>}
      {property.description && <span className="muted small"> · {property.description}</span>}
    </span>
  )
  if (Array.isArray(property.enum))
    return (
      <Labelled label={label}>
        <select
          aria-label={name}
          value={value === undefined ? '' : JSON.stringify(value)}
          onChange={(event) => onChange(event.target.value === '' ? undefined : JSON.parse(event.target.value))}
        >
          <option value="">—</option>
          {property.enum.map((option) => (
            <option key={JSON.stringify(option)} value={JSON.stringify(option)}>
              {String(option)}
            </option>
          ))}
        </select>
      </Labelled>
    )
  if (property.type === 'boolean')
    return (
      <label className="code-arg">
        <input type="checkbox" aria-label={name} checked={value === true} onChange={(event) => onChange(event.target.checked)} /> {label}
      </label>
    )
  if (property.type === 'number' || property.type === 'integer')
    return (
      <Labelled label={label}>
        <input
          type="number"
          aria-label={name}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
      </Labelled>
    )
  if (property.type === 'array') {
    const numeric = property.items?.type === 'number' || property.items?.type === 'integer'
    return (
      <Labelled label={label}>
        <input
          type="text"
          aria-label={name}
          placeholder={t('code.listHint')}
          defaultValue={Array.isArray(value) ? value.join(', ') : ''}
          onChange={(event) => {
            const items = event.target.value.split(/[,，、\s]+/).filter(Boolean)
            onChange(items.length === 0 ? undefined : numeric ? items.map(Number) : items)
          }}
        />
      </Labelled>
    )
  }
  if (property.type === 'string' || property.type === undefined)
    return (
      <Labelled label={label}>
        <input
          type="text"
          aria-label={name}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        />
      </Labelled>
    )
  return <p className="muted small">{t('code.jsonOnly', { name })}</p>
}

function Labelled({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <label className="code-arg">
      {label}
      {children}
    </label>
  )
}

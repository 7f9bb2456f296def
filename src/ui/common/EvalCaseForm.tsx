import { useId, useState } from 'react'
import type { Message } from '../../core/messages'
import { FORM_ASSERTIONS, type DraftAssertion, type EvalCaseDraft, type FormAssertionKind } from '../../core/workspace'
import { useT } from '../i18n/i18n'

/**
 * An eval case as a form (docs/evals.md, "Cases without YAML"): its name, what the user says (a
 * line per turn) and its assertions, each editable or removable. Saving goes through the store,
 * which writes evals.yaml with the rest of the file kept.
 */
export function EvalCaseForm({
  initial,
  skills,
  tools,
  kept = [],
  title,
  onSave,
  onCancel,
}: {
  initial: EvalCaseDraft
  /** The workspace's skill names, for the expected skill. */
  skills: readonly string[]
  /** Tool names offered while typing a tool assertion. */
  tools: readonly string[]
  /** The case's other expectations, kept as written (the form does not edit them). */
  kept?: readonly string[]
  title: string
  /** Saves the draft; says why not, or null (then the form is done). */
  onSave: (draft: EvalCaseDraft) => Message | null
  onCancel: () => void
}) {
  const { t, say } = useT()
  const id = useId()
  const [name, setName] = useState(initial.name)
  const [messages, setMessages] = useState(initial.turns.join('\n'))
  const [assertions, setAssertions] = useState<DraftAssertion[]>(initial.assertions)
  const [adding, setAdding] = useState<FormAssertionKind>(
    initial.assertions.some((item) => item.kind === 'skill') ? 'tools_called' : 'skill',
  )
  const [problem, setProblem] = useState<Message | null>(null)
  const choices = [...new Set([...skills, ...assertions.filter((item) => item.kind === 'skill' && item.value).map((item) => item.value)])]

  const change = (index: number, value: string) =>
    setAssertions((list) => list.map((item, at) => (at === index ? { ...item, value } : item)))
  const add = () => setAssertions((list) => [...list, { kind: adding, value: adding === 'skill' ? (skills[0] ?? '') : '' }])
  const save = () => setProblem(onSave({ name, turns: messages.split('\n'), assertions }))

  return (
    <form
      className="eval-case-form"
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault()
        save()
      }}
    >
      <h3>{title}</h3>
      <label className="field">
        <span>{t('evalForm.name')}</span>
        <input aria-label={t('evalForm.name')} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label className="field">
        <span>{t('evalForm.utterance')}</span>
        <textarea
          aria-label={t('evalForm.utterance')}
          rows={Math.min(6, Math.max(2, messages.split('\n').length))}
          value={messages}
          onChange={(event) => setMessages(event.target.value)}
        />
        <span className="muted small">{t('evalForm.utteranceHint')}</span>
      </label>
      <fieldset className="eval-assertions">
        <legend>{t('evalForm.assertions')}</legend>
        {assertions.length === 0 && <p className="muted small">{t('evalForm.noAssertions')}</p>}
        <ul>
          {assertions.map((assertion, index) => {
            const label = t(`evalForm.kinds.${assertion.kind}`)
            return (
              <li key={index} className="eval-assertion">
                <span className="eval-assertion-kind">{label}</span>
                {assertion.kind === 'skill' ? (
                  <select aria-label={label} value={assertion.value} onChange={(event) => change(index, event.target.value)}>
                    <option value="">{t('evalForm.noSkill')}</option>
                    {choices.map((skill) => (
                      <option key={skill} value={skill}>
                        {skill}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    aria-label={label}
                    value={assertion.value}
                    list={assertion.kind.startsWith('tools') ? `${id}-tools` : undefined}
                    onChange={(event) => change(index, event.target.value)}
                  />
                )}
                <button
                  type="button"
                  className="button small"
                  aria-label={t('evalForm.remove', { assertion: label })}
                  title={t('evalForm.remove', { assertion: label })}
                  onClick={() => setAssertions((list) => list.filter((_, at) => at !== index))}
                >
                  {t('evalForm.removeShort')}
                </button>
              </li>
            )
          })}
        </ul>
        <datalist id={`${id}-tools`}>
          {tools.map((tool) => (
            <option key={tool} value={tool} />
          ))}
        </datalist>
        <div className="eval-assertion-add">
          <select
            aria-label={t('evalForm.newKind')}
            value={adding}
            onChange={(event) => setAdding(event.target.value as FormAssertionKind)}
          >
            {FORM_ASSERTIONS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`evalForm.kinds.${kind}`)}
              </option>
            ))}
          </select>
          <button type="button" className="button small" onClick={add} aria-label={t('evalForm.add')}>
            {t('evalForm.add')}
          </button>
        </div>
      </fieldset>
      {kept.length > 0 && <p className="muted small">{t('evalForm.kept', { keys: kept.join(', ') })}</p>}
      {problem && (
        <p role="alert" className="error-text">
          {say(problem)}
        </p>
      )}
      <div className="form-actions">
        <button type="submit" className="button primary" aria-label={t('evalForm.save')}>
          {t('evalForm.save')}
        </button>
        <button type="button" className="button" onClick={onCancel} aria-label={t('evalForm.cancel')}>
          {t('evalForm.cancel')}
        </button>
      </div>
    </form>
  )
}

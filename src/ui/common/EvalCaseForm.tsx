import { useId, useState } from 'react'
import type { Message } from '../../core/messages'
import { FORM_ASSERTIONS, type DraftAssertion, type EvalCaseDraft, type FormAssertionKind } from '../../core/workspace'
import { useT } from '../i18n/i18n'

/**
 * An eval case as a form (docs/evals.md, "Cases without YAML"): its name, what the user says (a
 * box per turn, so a message keeps its line breaks) and its assertions, each editable or removable;
 * a case expects one skill, so `skill` leaves the add menu once there is one. Saving goes through the store,
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
  const [turns, setTurns] = useState<string[]>(initial.turns.length > 0 ? initial.turns : [''])
  const [assertions, setAssertions] = useState<DraftAssertion[]>(initial.assertions)
  const [chosen, setChosen] = useState<FormAssertionKind>('skill')
  const hasSkill = assertions.some((item) => item.kind === 'skill')
  const addable = FORM_ASSERTIONS.filter((kind) => kind !== 'skill' || !hasSkill)
  const adding = addable.includes(chosen) ? chosen : (addable[0] ?? 'tools_called')
  const [problem, setProblem] = useState<Message | null>(null)
  const choices = [...new Set([...skills, ...assertions.filter((item) => item.kind === 'skill' && item.value).map((item) => item.value)])]

  const change = (index: number, value: string) =>
    setAssertions((list) => list.map((item, at) => (at === index ? { ...item, value } : item)))
  const add = () => setAssertions((list) => [...list, { kind: adding, value: adding === 'skill' ? (skills[0] ?? '') : '' }])
  const save = () => setProblem(onSave({ name, turns, assertions }))
  const turnLabel = (at: number) => (turns.length === 1 ? t('evalForm.utterance') : t('evalForm.utteranceN', { n: at + 1 }))

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
      <fieldset className="eval-turns">
        <legend>{t('evalForm.utterance')}</legend>
        {turns.map((turn, at) => (
          <div key={at} className="eval-turn">
            <textarea
              aria-label={turnLabel(at)}
              rows={Math.min(6, Math.max(2, turn.split('\n').length))}
              value={turn}
              onChange={(event) => {
                const value = event.target.value
                setTurns((list) => list.map((item, index) => (index === at ? value : item)))
              }}
            />
            {turns.length > 1 && (
              <button
                type="button"
                className="button small"
                aria-label={t('evalForm.removeTurn', { n: at + 1 })}
                title={t('evalForm.removeTurn', { n: at + 1 })}
                onClick={() => setTurns((list) => list.filter((_, index) => index !== at))}
              >
                {t('evalForm.removeShort')}
              </button>
            )}
          </div>
        ))}
        <button type="button" className="button small" onClick={() => setTurns((list) => [...list, ''])} aria-label={t('evalForm.addTurn')}>
          {t('evalForm.addTurn')}
        </button>
        <span className="muted small">{t('evalForm.utteranceHint')}</span>
      </fieldset>
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
            onChange={(event) => setChosen(event.target.value as FormAssertionKind)}
          >
            {addable.map((kind) => (
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

import { useRef, useState } from 'react'
import { EVALS_FILE, type EvalCase } from '../../core/evals'
import { openEvalCase, otherExpectations, type EvalCaseDraft, type OpenedEvalCase } from '../../core/workspace'
import {
  useDeferredWorkspace,
  useEvalSuite,
  usePlayground,
  usePlaygroundStore,
  useRoutingWinner,
  useToolRegistry,
} from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { EvalCaseForm } from '../common/EvalCaseForm'

/**
 * The cases of evals.yaml in the Evals tab, with Add, Edit and Delete as forms (no YAML needed;
 * docs/evals.md, "Cases without YAML"). A delete can be undone while the file is as it left it.
 * A form remembers its case by line and name (a case without a name: by line and content) and
 * the draft it opened with: a save never writes over a case that has since moved onto that line,
 * and writes only what the form changed.
 */
export function EvalCasesEditor() {
  const { t } = useT()
  const store = usePlaygroundStore()
  const suite = useEvalSuite()
  const { skills } = useDeferredWorkspace()
  const tools = useToolRegistry().names
  const winner = useRoutingWinner().skill
  const [editing, setEditing] = useState<{
    opened: OpenedEvalCase | null
    draft: EvalCaseDraft
    /** Each opening starts a fresh form: Edit again shows the case as it is now, the draft its save compares with. */
    opening: number
    kept: string[]
  } | null>(null)
  const openings = useRef(0)
  const [deleted, setDeleted] = useState<{ name: string; before: string; after: string } | null>(null)
  const evalsText = usePlayground((state) => state.files.find((file) => file.path === EVALS_FILE)?.text)
  const cases = suite.cases.filter((item) => item.file === EVALS_FILE)
  const skillNames = skills.map((skill) => skill.name)

  const startAdding = () => {
    // A new case being typed stays as typed.
    if (editing && editing.opened === null) return
    setEditing({
      opening: ++openings.current,
      opened: null,
      draft: { name: '', turns: [store.getState().utterance], assertions: [{ kind: 'skill', value: winner ?? '' }] },
      kept: [],
    })
  }
  const startEditing = (testCase: EvalCase) => {
    // The form starts from the draft it hands back on save: only what differs from it is written.
    const opened = openEvalCase(testCase)
    // Edit on the case already open keeps what was typed, unless the case has changed since (then the form starts over from it).
    const same = editing?.opened && editing.opened.line === opened.line && editing.opened.name === opened.name
    if (same && JSON.stringify(editing.opened?.initial) === JSON.stringify(opened.initial)) return
    setEditing({ opening: ++openings.current, opened, draft: opened.initial, kept: otherExpectations(testCase.expect) })
  }
  const remove = (testCase: EvalCase) => {
    const before = store.getState().files.find((file) => file.path === EVALS_FILE)?.text ?? ''
    if (store.getState().deleteEvalCase(openEvalCase(testCase)) !== null) return
    const after = store.getState().files.find((file) => file.path === EVALS_FILE)?.text ?? ''
    setDeleted({ name: testCase.name, before, after })
    if (editing?.opened?.name === testCase.name) setEditing(null)
  }
  const undo = () => {
    const now = store.getState().files.find((file) => file.path === EVALS_FILE)?.text
    if (deleted && now === deleted.after) store.getState().updateText(EVALS_FILE, deleted.before)
    setDeleted(null)
  }

  return (
    <section className="eval-cases-editor" aria-label={t('evalForm.cases')}>
      <div className="eval-cases-header">
        <strong>{t('evalForm.casesCount', { count: cases.length })}</strong>
        <button type="button" className="button small" onClick={startAdding} aria-label={t('evalForm.addCase')}>
          {t('evalForm.addCase')}
        </button>
      </div>
      {deleted && (
        <p role="status" className="small">
          {t('evalForm.deleted', { name: deleted.name })}{' '}
          {/* Undo puts the file back as it was: offered only while nothing else has changed it since. */}
          {evalsText === deleted.after && (
            <button type="button" className="link-button" onClick={undo} aria-label={t('evalForm.undo')}>
              {t('evalForm.undo')}
            </button>
          )}
        </p>
      )}
      {editing && (
        <EvalCaseForm
          key={editing.opening}
          initial={editing.draft}
          skills={skillNames}
          tools={tools}
          kept={editing.kept}
          title={editing.opened === null ? t('evalForm.newTitle') : t('evalForm.editTitle')}
          onSave={(draft) => {
            const problem = store.getState().saveEvalCase(draft, editing.opened)
            if (!problem) setEditing(null)
            return problem
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {cases.length > 0 && (
        <ul className="eval-cases-list">
          {cases.map((testCase) => (
            <li key={`${testCase.line}:${testCase.name}`}>
              <span className="eval-case-name">{testCase.name}</span> <span className="muted small">{testCase.turns.join(' → ')}</span>{' '}
              <button
                type="button"
                className="link-button small"
                onClick={() => startEditing(testCase)}
                aria-label={t('evalForm.editCase', { name: testCase.name })}
              >
                {t('evalForm.edit')}
              </button>{' '}
              <button
                type="button"
                className="link-button small"
                onClick={() => remove(testCase)}
                aria-label={t('evalForm.deleteCase', { name: testCase.name })}
              >
                {t('evalForm.delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

import { useMemo, useState } from 'react'
import { trialFacts } from '../../core/evals'
import { draftFromRun } from '../../core/workspace'
import { useDeferredWorkspace, useEvalSuite, usePlaygroundStore, useToolRegistry } from '../../state/PlaygroundProvider'
import type { AgentRun } from '../../state/runSlice'
import { EvalCaseForm } from '../common/EvalCaseForm'
import { useT } from '../i18n/i18n'

/**
 * "Save as eval case" on a finished run: a form proposing the case (its messages, the skill that
 * activated, the tools it called, a key phrase of the answer) as assertions to edit or remove,
 * saved into evals.yaml (docs/evals.md, "Cases without YAML").
 */
export function SaveEvalCase({ run }: { run: AgentRun }) {
  const { t } = useT()
  const store = usePlaygroundStore()
  const suite = useEvalSuite()
  const { skills } = useDeferredWorkspace()
  const tools = useToolRegistry().names
  const [open, setOpen] = useState(false)
  const [saved, setSaved] = useState<string | null>(null)
  const draft = useMemo(() => {
    if (!open) return null
    const skillName = trialFacts(run.events).skill
    const skill = skills.find((candidate) => candidate.name === skillName)
    // The skill's own words first: a phrase of the answer that a repeat would say again.
    const vocabulary = skill ? [skill.name, ...skill.triggerKeywords] : []
    return draftFromRun(run, { noSkill: t('evalForm.noSkillName'), vocabulary, otherNames: suite.cases.map((item) => item.name) })
  }, [open, run, skills, suite.cases, t])

  if (run.status === 'running') return null
  return (
    <div className="save-eval-case">
      <button
        type="button"
        className="button small"
        onClick={() => {
          setSaved(null)
          setOpen(true)
        }}
        aria-label={t('evalForm.fromRun')}
        title={t('evalForm.fromRunTitle')}
      >
        {t('evalForm.fromRun')}
      </button>
      {saved && (
        <span role="status" className="small">
          {t('evalForm.saved', { name: saved })}
        </span>
      )}
      {open && draft && (
        <EvalCaseForm
          key={run.id}
          initial={draft}
          skills={skills.map((skill) => skill.name)}
          tools={tools}
          title={t('evalForm.fromRunTitle')}
          onSave={(next) => {
            const problem = store.getState().saveEvalCase(next, null)
            if (!problem) {
              setOpen(false)
              setSaved(next.name.trim())
            }
            return problem
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </div>
  )
}

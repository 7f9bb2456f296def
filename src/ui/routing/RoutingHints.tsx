import { useMemo, useState } from 'react'
import { explainRouting, verdictMessage } from '../../core/routing'
import { useDeferredWorkspace, usePlayground, usePlaygroundStore, useRouting } from '../../state/PlaygroundProvider'
import { useSettled } from '../../state/useSettled'
import { useT } from '../i18n/i18n'
import { SkillPicker } from '../routingSuite/SkillPicker'

/**
 * What to change, for the selected skill and the current utterance: keywords that would make it
 * win (computed exactly and checked against the router), why another skill wins, and one click to
 * add the keyword or keep the utterance as a test case.
 */
export function RoutingHints() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  // The search for keywords re-routes every skill many times (9 ms a keystroke at 5,000 skills):
  // it follows the routing of the utterance once typing pauses, off the keystroke path. While the
  // user types (in the utterance or the editor), the hints of the last pause stay as they are.
  const current = useRouting()
  const { skills: currentSkills } = useDeferredWorkspace()
  const [{ routing, skills }, settling] = useSettled(useMemo(() => ({ routing: current, skills: currentSkills }), [current, currentSkills]))
  const { input: utterance, threshold } = routing
  const selectedPath = usePlayground((state) => state.selectedPath)
  const selected = skills.find((skill) => skill.path === selectedPath)
  const explanation = useMemo(
    () =>
      selected && utterance.trim() !== ''
        ? explainRouting(skills, selected.name, utterance, threshold, 3, { sensibleOnly: true, routing })
        : null,
    [skills, selected, utterance, threshold, routing],
  )
  const [expect, setExpect] = useState<string | null | undefined>(undefined)
  const [caseMessage, setCaseMessage] = useState<string | null>(null)
  if (!selected || !explanation) return null
  const expected = expect === undefined ? explanation.winner : expect
  const final = (value: number | null) => (value === null ? '—' : value.toFixed(3))

  return (
    <section className={`hints${settling ? ' updating' : ''}`} aria-label={t('a11y.routingHints')} aria-busy={settling}>
      {/* While typing the hints are those of the last pause: shown, but not clickable until they catch up. */}
      <fieldset className="hints-body" disabled={settling}>
        <h3>{t('hints.title', { skill: selected.name })}</h3>
        {explanation.outcome === 'wins' && (
          <p className="ok">{t('hints.wins', { skill: selected.name, final: final(explanation.final) })}</p>
        )}
        {explanation.outcome === 'manual' && <p>{t('hints.manual', { skill: selected.name })}</p>}
        {explanation.outcome === 'too-long' && <p>{t('hints.tooLong')}</p>}
        {explanation.outcome === 'no-single-keyword' && <p>{t('hints.noSingle', { threshold })}</p>}
        {explanation.rival && (
          <p>
            {t('hints.rival', {
              rival: explanation.rival.skill,
              keywords: explanation.rival.matched.join('、'),
              covered: explanation.rival.covered,
              length: explanation.rival.length,
              final: final(explanation.rival.final),
            })}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => explanation.rival && store.getState().selectSkill(explanation.rival.path)}
              aria-label={t('hints.open', { skill: explanation.rival.skill })}
            >
              {t('hints.open', { skill: explanation.rival.skill })}
            </button>
          </p>
        )}
        {!explanation.winner && explanation.closest && explanation.closest.path !== selected.path && (
          <p className="muted">{t('hints.closest', { skill: explanation.closest.skill, reason: say(verdict(explanation.closest)) })}</p>
        )}
        {explanation.outcome === 'suggest' && (
          <ul className="hint-suggestions">
            {explanation.suggestions.map((suggestion) => (
              <li key={suggestion.keyword}>
                <button
                  type="button"
                  className="button small"
                  onClick={() => store.getState().addKeywords(selected.path, [suggestion.keyword])}
                  aria-label={t('hints.addKeyword', { keyword: suggestion.keyword })}
                >
                  {t('hints.addKeyword', { keyword: suggestion.keyword })}
                </button>{' '}
                <span className="muted small">
                  {explanation.final === null
                    ? t('hints.thenNew', { final: final(suggestion.final) })
                    : t('hints.then', { final: final(suggestion.final), from: final(explanation.final) })}
                </span>
              </li>
            ))}
          </ul>
        )}
        <div className="hint-case">
          <SkillPicker value={expected} onChange={setExpect} label={t('hints.caseSkill')} />
          <button
            type="button"
            className="button small"
            aria-label={t('hints.addCase', { skill: expected ?? t('tests.noSkill') })}
            onClick={() => {
              const problem = store.getState().addRoutingCase(utterance, expected)
              setCaseMessage(problem ? say(problem) : t('tests.added', { utterance: utterance.trim() }))
              setExpect(undefined)
            }}
          >
            {t('hints.addCase', { skill: expected ?? t('tests.noSkill') })}
          </button>
          {caseMessage && (
            <span className="muted small" aria-live="polite">
              {caseMessage}
            </span>
          )}
        </div>
      </fieldset>
    </section>
  )

  function verdict(score: NonNullable<typeof explanation>['closest'] & object) {
    return verdictMessage(score, threshold)
  }
}

import { useMemo, useState } from 'react'
import { explainRouting, verdictMessage } from '../../core/routing'
import { useDeferredWorkspace, usePlayground, usePlaygroundStore, useRouting, useRoutingSuite } from '../../state/PlaygroundProvider'
import { useSettled } from '../../state/useSettled'
import { useT } from '../i18n/i18n'
import { SkillPicker } from '../routingSuite/SkillPicker'

/** How many of the test cases a suggestion would break are named beside it (the rest are counted). */
const BREAKS_LISTED = 3

/**
 * What to change, for the selected skill and the current utterance: whole words that would make it
 * win as a keyword (checked against the router), each with the routing tests it would break, safe
 * ones first (docs/routing.md, "What the hints suggest"); why another skill wins; and one click to
 * add the keyword or keep the utterance as a test case.
 */
export function RoutingHints() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  // The search for keywords re-routes every skill many times, too much for every keystroke at
  // thousands of skills: it follows the routing of the utterance once typing pauses, off the
  // keystroke path. While the user types (in the utterance or the editor), the hints of the last
  // pause stay as they are.
  const current = useRouting()
  const { skills: currentSkills } = useDeferredWorkspace()
  const [{ routing, skills }, settling] = useSettled(useMemo(() => ({ routing: current, skills: currentSkills }), [current, currentSkills]))
  const { input: utterance, threshold } = routing
  const selectedPath = usePlayground((state) => state.selectedPath)
  const selected = skills.find((skill) => skill.path === selectedPath)
  // Each suggestion is checked against the routing tests, routed already (the Tests tab's suite).
  const suite = useRoutingSuite()
  const cases = useMemo(
    () =>
      suite?.suite.results.map((result) => ({ utterance: result.case.utterance, expect: result.case.expect, routing: result.routing })) ??
      [],
    [suite],
  )
  const explanation = useMemo(
    () =>
      selected && utterance.trim() !== ''
        ? explainRouting(skills, selected.name, utterance, threshold, 3, { sensibleOnly: true, routing, cases })
        : null,
    [skills, selected, utterance, threshold, routing, cases],
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
        {explanation.outcome === 'no-single-keyword' && <p>{t('hints.noSingle', { threshold, skill: selected.name })}</p>}
        {explanation.outcome === 'no-safe-keyword' && (
          <p className="warning-text" role="note">
            {t('hints.noSafe', { skill: selected.name })}
          </p>
        )}
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
        {(explanation.outcome === 'suggest' || explanation.outcome === 'no-safe-keyword') && (
          <>
            {explanation.checkedCases === 0 && <p className="muted small">{t('hints.noTests')}</p>}
            <ul className="hint-suggestions" aria-label={t('hints.suggestions')}>
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
                    {suggestion.fromDescription && <> · {t('hints.fromDescription')}</>}
                  </span>{' '}
                  {suggestion.breaks.length > 0 ? (
                    <span className="warning-text small hint-breaks">
                      {t('hints.breaks', {
                        count: suggestion.breaks.length,
                        list: suggestion.breaks
                          .slice(0, BREAKS_LISTED)
                          .map((broken) =>
                            t('hints.breakCase', { utterance: broken.utterance, expect: broken.expect ?? t('tests.noSkill') }),
                          )
                          .join(t('hints.listSeparator')),
                      })}
                      {suggestion.breaks.length > BREAKS_LISTED &&
                        t('hints.breaksMore', { count: suggestion.breaks.length - BREAKS_LISTED })}
                    </span>
                  ) : (
                    explanation.checkedCases > 0 && (
                      <span className="ok small hint-breaks">{t('hints.safe', { count: explanation.checkedCases })}</span>
                    )
                  )}
                </li>
              ))}
            </ul>
          </>
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

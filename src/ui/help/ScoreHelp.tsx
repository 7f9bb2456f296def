import { MULTI_KEYWORD_BONUS, scoreOf } from '../../core/routing'
import { usePlayground, useRouting } from '../../state/PlaygroundProvider'
import { useWindowEvent } from '../common/useWindowEvent'
import { useT } from '../i18n/i18n'

const GLOSSARY = ['keyword', 'covered', 'threshold', 'activation', 'round'] as const

/** How the score works, told with the numbers of the current utterance, and a short glossary. */
export function ScoreHelp({ onClose }: { onClose: () => void }) {
  const { t } = useT()
  const routing = useRouting()
  const selectedPath = usePlayground((state) => state.selectedPath)
  useWindowEvent('keydown', (event) => event.key === 'Escape' && onClose())
  const selected = selectedPath === null ? null : scoreOf(routing, selectedPath)
  const score = (selected?.final === null ? null : selected) ?? routing.winner ?? routing.best
  const needed = score?.verdict.kind === 'below-threshold' ? score.verdict.neededCovered : null
  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal help" role="dialog" aria-modal="true" aria-label={t('help.title')} onClick={(event) => event.stopPropagation()}>
        <h2>{t('help.title')}</h2>
        <p>{t('help.intro')}</p>
        <section aria-label={t('help.example')} className="help-example">
          {score && score.final !== null ? (
            <ol>
              <li>{t('help.matched', { skill: score.skill, keywords: score.matched.join('、'), count: score.matched.length })}</li>
              <li>{t('help.base', { covered: score.covered, length: score.length, base: score.base.toFixed(3) })}</li>
              <li>
                {score.bonus
                  ? t('help.bonus', { count: score.matched.length, bonus: MULTI_KEYWORD_BONUS, final: score.final.toFixed(3) })
                  : t('help.noBonus', { final: score.final.toFixed(3) })}
              </li>
              <li>
                {score.activated
                  ? t('help.wins', { final: score.final.toFixed(3), threshold: routing.threshold })
                  : needed !== null
                    ? t('help.needs', { threshold: routing.threshold, needed, length: score.length, covered: score.covered })
                    : score.verdict.kind === 'below-threshold'
                      ? t('help.cannot', { threshold: routing.threshold, length: score.length })
                      : t('help.other', { threshold: routing.threshold })}
              </li>
            </ol>
          ) : (
            <p className="muted">{t('help.noScore')}</p>
          )}
        </section>
        <h3>{t('help.glossary')}</h3>
        <dl className="glossary">
          {GLOSSARY.map((term) => (
            <div key={term}>
              <dt>{t(`help.terms.${term}.term`)}</dt>
              <dd>{t(`help.terms.${term}.text`)}</dd>
            </div>
          ))}
        </dl>
        <div className="modal-actions">
          <button type="button" className="button primary" onClick={onClose} aria-label={t('common.close')}>
            {t('common.close')}
          </button>
        </div>
      </div>
    </div>
  )
}

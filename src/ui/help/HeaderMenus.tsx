import { useState } from 'react'
import type { Language } from '../../core/messages'
import { usePlayground } from '../../state/PlaygroundProvider'
import { useServices } from '../common/services'
import { changeLanguage, LANGUAGES, useT } from '../i18n/i18n'
import { GuideTour } from './GuideTour'
import { ScoreHelp } from './ScoreHelp'

/** The header's right end: the interface language, and Help (the guide, how scores work). */
export function HeaderMenus() {
  const { t, language } = useT()
  const services = useServices()
  const [menu, setMenu] = useState(false)
  const [help, setHelp] = useState(false)
  // A first visit gets the guide, unless it came through a shared link: then the draft speaks first.
  const sharedVisit = usePlayground((state) => state.sharedDraft !== null || state.shareError !== null)
  const [guide, setGuide] = useState(() => !services.guide.seen() && !sharedVisit)
  return (
    <>
      <div className="header-menus">
        <label className="select compact">
          <span className="visually-hidden">{t('header.language')}</span>
          <select
            aria-label={t('header.language')}
            value={language}
            onChange={(event) => {
              const next = event.target.value as Language
              void changeLanguage(next)
              services.language.remember(next)
            }}
          >
            {LANGUAGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <div className="menu-anchor">
          <button
            type="button"
            className="button small"
            aria-haspopup="menu"
            aria-expanded={menu}
            aria-label={t('header.help')}
            onClick={() => setMenu(!menu)}
          >
            {t('header.help')}
          </button>
          {menu && (
            <div className="menu" role="menu" onMouseLeave={() => setMenu(false)}>
              <button
                type="button"
                role="menuitem"
                aria-label={t('header.guide')}
                onClick={() => {
                  setGuide(true)
                  setMenu(false)
                }}
              >
                {t('header.guide')}
              </button>
              <button
                type="button"
                role="menuitem"
                aria-label={t('header.scoreHelp')}
                onClick={() => {
                  setHelp(true)
                  setMenu(false)
                }}
              >
                {t('header.scoreHelp')}
              </button>
            </div>
          )}
        </div>
      </div>
      {guide && (
        <GuideTour
          onClose={() => {
            setGuide(false)
            services.guide.markSeen()
          }}
        />
      )}
      {help && <ScoreHelp onClose={() => setHelp(false)} />}
    </>
  )
}

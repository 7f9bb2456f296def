import { useMemo, useRef, useState } from 'react'
import { LINT_PROFILES, type Finding, type LintProfile } from '../../core/lint'
import { useLint, usePlayground, usePlaygroundStore } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'
import { useVirtualRows } from '../common/useVirtualRows'

/** A finding's row height before it is measured. */
const ROW_HEIGHT = 34

const ORDER: Record<Finding['severity'], number> = { error: 0, warning: 1, info: 2 }

/** Every lint finding of the workspace, worst first, with the profile that grades them. */
export function ProblemsPanel() {
  const { t, say } = useT()
  const store = usePlaygroundStore()
  const profile = usePlayground((state) => state.lintProfile)
  const { skills, findings } = useLint()
  const [showInfo, setShowInfo] = useState(false)
  const all = useMemo(
    () => skills.flatMap((skill) => (findings.get(skill.path) ?? []).map((finding) => ({ path: skill.path, name: skill.name, finding }))),
    [skills, findings],
  )
  const counts = { error: 0, warning: 0, info: 0 }
  for (const { finding } of all) counts[finding.severity]++
  const shown = useMemo(
    () =>
      all
        .filter(({ finding }) => showInfo || finding.severity !== 'info')
        .sort((a, b) => ORDER[a.finding.severity] - ORDER[b.finding.severity]),
    [all, showInfo],
  )
  // A workspace of thousands can have thousands of findings: only those in view are rendered.
  const list = useRef<HTMLUListElement>(null)
  const rows = useVirtualRows(shown.length, list, ROW_HEIGHT)

  return (
    <section className="problems-panel" aria-label={t('a11y.problems')}>
      <div className="problems-toolbar">
        <label className="select">
          <span>{t('problems.profile')}</span>
          <select
            aria-label={t('problems.profileName')}
            value={profile}
            onChange={(event) => store.getState().setLintProfile(event.target.value as LintProfile)}
          >
            {LINT_PROFILES.map((option) => (
              <option key={option.value} value={option.value}>
                {t(`problems.profiles.${option.value}`)}
              </option>
            ))}
          </select>
        </label>
        <span className="problem-counts">
          <span className="count-error">{t('problems.errors', { count: counts.error })}</span> ·{' '}
          <span className="count-warning">{t('problems.warnings', { count: counts.warning })}</span> ·{' '}
          <label className="checkbox">
            <input
              type="checkbox"
              aria-label={t('problems.showInfo')}
              checked={showInfo}
              onChange={(event) => setShowInfo(event.target.checked)}
            />{' '}
            {t('problems.info', { count: counts.info })}
          </label>
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="hint">{all.length === 0 ? t('problems.none') : t('problems.onlyInfo')}</p>
      ) : (
        <ul className="workspace-problems" ref={list}>
          {rows.before > 0 && <li aria-hidden="true" className="virtual-spacer" style={{ height: rows.before }} />}
          {rows.indexes.map((index) => {
            const entry = shown[index]
            if (!entry) return null
            const { path, name, finding } = entry
            return (
              <li
                key={`${path}:${finding.code}:${finding.range.startLine}:${finding.range.startColumn}:${index}`}
                ref={rows.measure}
                data-index={index}
                className={`problem ${finding.severity}`}
              >
                <button
                  type="button"
                  onClick={() => store.getState().reveal(path, finding.range.startLine, finding.range.startColumn)}
                  title={t(`core:lint.${finding.code}.explanation` as never, { defaultValue: finding.explanation })}
                >
                  <span className="problem-severity">{t(`problems.severity.${finding.severity}`)}</span>
                  <span className="problem-position">
                    {name} {finding.range.startLine}:{finding.range.startColumn}
                  </span>
                  <span className="problem-message">
                    {finding.text ? say(finding.text) : t('problems.parser', { message: finding.message })}
                    {finding.fix && <span className="fix-hint"> · {t('problems.quickFix', { fix: say(finding.fix.label) })}</span>}
                  </span>
                  <span className="problem-rule">{finding.code}</span>
                </button>
              </li>
            )
          })}
          {rows.after > 0 && <li aria-hidden="true" className="virtual-spacer" style={{ height: rows.after }} />}
        </ul>
      )}
    </section>
  )
}

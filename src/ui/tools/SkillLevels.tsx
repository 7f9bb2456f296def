/**
 * The Tools tab's view of progressive disclosure (docs/agent-loop.md, "Bundled files"): for each
 * skill with bundled files, what it brings at each level — its catalog line, its body, its files
 * and scripts — in estimated tokens, and the two tools that reach the third level.
 */
import { useMemo } from 'react'
import { estimateTokens } from '../../core/agent/disclosure'
import { hasScripts, SCRIPT_LANGUAGES, workspaceBundles } from '../../core/tools/skillFileTools'
import { usePlayground, useWorkspace } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** Rows shown; a workspace of thousands of skills is summed, not listed. */
const SHOWN = 50

export function SkillLevels() {
  const { t } = useT()
  const { skills } = useWorkspace()
  const files = usePlayground((state) => state.files)
  const rows = useMemo(() => {
    const bundles = workspaceBundles(skills, files)
    return skills
      .filter((skill) => bundles.has(skill.path))
      .map((skill) => {
        const bundle = bundles.get(skill.path)!
        const scripts = bundle.files.filter((file) =>
          SCRIPT_LANGUAGES.some((language) => file.path.toLowerCase().endsWith(language.extension)),
        )
        return {
          skill: skill.name,
          catalog: estimateTokens(`- ${skill.name}: ${skill.description.replace(/\s+/g, ' ').trim()}`),
          body: estimateTokens(skill.body),
          files: bundle.files.length,
          fileTokens: bundle.files.reduce((sum, file) => sum + estimateTokens(file.text), 0),
          scripts: hasScripts(bundle) ? scripts.length : 0,
        }
      })
  }, [skills, files])
  if (rows.length === 0) return null
  const number = (value: number) => `≈${value.toLocaleString('en')}`
  return (
    <section className="skill-levels" aria-label={t('skillLevels.title')}>
      <h3>{t('skillLevels.title')}</h3>
      <p className="muted small">{t('skillLevels.intro')}</p>
      <table aria-label={t('skillLevels.table')}>
        <thead>
          <tr>
            <th scope="col">{t('skillLevels.skill')}</th>
            <th scope="col">{t('skillLevels.catalog')}</th>
            <th scope="col">{t('skillLevels.body')}</th>
            <th scope="col">{t('skillLevels.files')}</th>
            <th scope="col">{t('skillLevels.scripts')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((row) => (
            <tr key={row.skill}>
              <th scope="row">{row.skill}</th>
              <td>{number(row.catalog)}</td>
              <td>{number(row.body)}</td>
              <td>{t('skillLevels.fileCount', { count: row.files, tokens: number(row.fileTokens) })}</td>
              <td>{row.scripts}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN && <p className="muted small">{t('skillLevels.more', { count: rows.length - SHOWN })}</p>}
    </section>
  )
}

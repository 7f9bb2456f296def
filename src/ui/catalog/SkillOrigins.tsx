import { useMemo } from 'react'
import { skillOrigins, type OriginCount } from '../../core/skill'
import type { Translator } from '../i18n/i18n'
import { useDeferredWorkspace } from '../../state/PlaygroundProvider'
import { useT } from '../i18n/i18n'

/** "… .claude/skills (2), skills (1)": the client folders the skills came from, or '' when none was a client's. */
export function originsList(origins: readonly OriginCount[], t: Translator['t']): string {
  if (!origins.some((origin) => origin.folder !== null)) return ''
  return origins.map((origin) => `${origin.folder ?? t('skillFolders.other')} (${origin.skills})`).join(', ')
}

/** The import report's part that says which client folders a repository's skills came from. */
export function originsRead(paths: readonly string[], t: Translator['t']): string {
  const list = originsList(skillOrigins(paths.filter((path) => /(^|\/)SKILL\.md$/i.test(path))), t)
  return list ? t('skillFolders.imported', { list }) : ''
}

/** Beside an opened folder's path: which clients' skill folders it read, and how many skills each gave. */
export function SkillOrigins() {
  const { skills } = useDeferredWorkspace()
  const { t } = useT()
  const list = useMemo(() => originsList(skillOrigins(skills.map((skill) => skill.path)), t), [skills, t])
  if (!list) return null
  return (
    <span className="skill-origins" aria-label={t('skillFolders.label')}>
      {t('skillFolders.read', { list })}
    </span>
  )
}

import { isLeftAlonePath, skillOrigin } from '../skill'
import { folderFileFilter } from '../workspace/diskFolder'

export interface ImportPaths {
  /** Where each picked file lands in the workspace, or null when it does not come in. */
  paths: (string | null)[]
  /** Files that are neither a skill, a suite, nor in a skill's folder (a README, a project's src/): named in the report, never read. */
  outside: string[]
}

/**
 * Where the files of a picked folder (or loose picked files) land in the workspace, by the same
 * rule as a folder opened on disk (`folderFileFilter`): skills, the two suites, and the files in a
 * skill's folder (scripts, references). `picked` are the browser's paths, the picked folder first
 * (`proj/skills/calc/SKILL.md`), or bare names for loose files. Paths are taken below the last
 * `skills/` folder on the way, else below the picked folder; in a repository with a client's
 * hidden skill folder (`.claude/skills/`, …) every path stays as it is below the picked folder.
 * Other hidden files and node_modules never come in (nor are they read: a project's packages are
 * thousands of files).
 */
export function importPaths(picked: readonly string[]): ImportPaths {
  const taken = new Set<string>()
  // A repository with a client's skill folder (.claude/skills, .agents/skills, …) keeps every path
  // below the picked folder, so each skill says where it came from (docs/clients.md).
  const repository = picked.some((full) => {
    const origin = skillOrigin(full.split('/').slice(1).join('/'))
    return origin !== null && origin.startsWith('.')
  })
  const placed = picked.map((full) => {
    const parts = full.split('/')
    const inFolder = parts.length > 1 ? parts.slice(1).join('/') : full
    if (isLeftAlonePath(inFolder)) return null
    let path = repository && parts.length > 1 ? inFolder : belowSkills(parts)
    // Two folders that map to one path (proj/skills/dup and proj/old/skills/dup): the second keeps
    // its longer path rather than silently replacing the first.
    if (taken.has(path)) path = parts.length > 1 ? parts.slice(1).join('/') : ''
    if (path === '' || taken.has(path)) return null
    taken.add(path)
    return path
  })
  const inWorkspace = folderFileFilter(taken)
  const outside: string[] = []
  const paths = placed.map((path) => {
    if (path === null || inWorkspace(path)) return path
    outside.push(path)
    return null
  })
  return { paths, outside }
}

function belowSkills(parts: readonly string[]): string {
  const skillsAt = parts.lastIndexOf('skills')
  const inside = skillsAt >= 0 ? parts.slice(skillsAt + 1) : parts.length > 1 ? parts.slice(1) : parts
  // A lone SKILL.md picked without its folder: name it after nothing better than "imported".
  if (inside.length === 1 && inside[0] === 'SKILL.md') return 'imported/SKILL.md'
  return inside.join('/')
}

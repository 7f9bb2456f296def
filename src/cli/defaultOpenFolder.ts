import { statSync } from 'node:fs'
import { join } from 'node:path'
import { SKILL_FOLDERS } from '../core/skill'

/**
 * The folder `skill-playground open` opens when none is named: `./skills` when there is one (this
 * app's layout), else the current folder when it keeps skills where a client reads them
 * (`.claude/skills/`, `.agents/skills/`, …: docs/clients.md), else `./skills` (which then says it
 * is missing).
 */
export function defaultOpenFolder(cwd: string): string {
  const isFolder = (path: string) => statSync(join(cwd, path), { throwIfNoEntry: false })?.isDirectory() === true
  if (isFolder('skills')) return 'skills'
  return SKILL_FOLDERS.some(isFolder) ? '.' : 'skills'
}

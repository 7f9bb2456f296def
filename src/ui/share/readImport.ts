import { unzipWorkspace, type ArchiveContents } from '../../core/share'
import { message, type Message } from '../../core/messages'
import { EVALS_FILE } from '../../core/evals'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { isSkillPath, type SkillFile } from '../../core/skill'

export type ImportRead = { ok: true; archive: ArchiveContents } | { ok: false; error: Message }

const MAX_FILE_BYTES = 5 * 1024 * 1024

/**
 * Turns picked or dropped files into skill files: `.zip` archives, `SKILL.md` inside folders
 * (paths kept relative to the folder or its `skills/`), and flat `.md` files.
 */
export async function readImport(list: readonly File[]): Promise<ImportRead> {
  const files: SkillFile[] = []
  let settings: ArchiveContents['settings']
  const problems: Message[] = []
  for (const file of list) {
    if (file.size > (file.name.endsWith('.zip') ? 50 * MAX_FILE_BYTES : MAX_FILE_BYTES)) {
      problems.push(message('archive.fileTooLarge', { file: file.name }))
      continue
    }
    if (/\.zip$/i.test(file.name)) {
      const result = unzipWorkspace(new Uint8Array(await file.arrayBuffer()))
      if (!result.ok) problems.push(result.error)
      else {
        files.push(...result.archive.files)
        settings = result.archive.settings ?? settings
      }
      continue
    }
    let path = relativePath(file)
    // Two folders that map to one path (proj/skills/dup and proj/old/skills/dup): the second keeps
    // its longer path rather than silently replacing the first.
    if (path && files.some((other) => other.path === path)) path = fullPath(file)
    if (!path || files.some((other) => other.path === path) || path.split('/').some((part) => part.startsWith('.'))) continue
    let text: string
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer())
    } catch {
      continue // A binary file (an image, an archive): the workspace holds text only.
    }
    // Skills, the suite, and the files that sit in a skill's folder (references, scripts).
    if (isSkillPath(path) || path === ROUTING_TESTS_FILE || path === EVALS_FILE || path.includes('/')) files.push({ path, text })
  }
  if (!files.some((file) => isSkillPath(file.path))) return { ok: false, error: problems[0] ?? message('archive.nothing') }
  return { ok: true, archive: { files, ...(settings ? { settings } : {}) } }
}

/** The path below the picked folder itself (its first part dropped), without shortening at `skills/`. */
function fullPath(file: File): string | null {
  const full = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name
  const parts = full.split('/')
  return parts.length > 1 ? parts.slice(1).join('/') : null
}

function relativePath(file: File): string | null {
  const full = (file as File & { webkitRelativePath?: string }).webkitRelativePath || file.name
  const parts = full.split('/')
  const skillsAt = parts.lastIndexOf('skills')
  const inside = skillsAt >= 0 ? parts.slice(skillsAt + 1) : parts.length > 1 ? parts.slice(1) : parts
  // A lone SKILL.md picked without its folder: name it after nothing better than "imported".
  if (inside.length === 1 && inside[0] === 'SKILL.md') return 'imported/SKILL.md'
  return inside.join('/')
}

import { unzipWorkspace, type ArchiveContents } from '../../core/share'
import { message, type Message } from '../../core/messages'
import { EVALS_FILE } from '../../core/evals'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { isSkillPath, type SkillFile } from '../../core/skill'

export type ImportRead = { ok: true; archive: ArchiveContents } | { ok: false; error: Message }

const MAX_FILE_BYTES = 5 * 1024 * 1024
/** Files read at once while importing a folder. */
const READ_AHEAD = 8
/** How long reading may hold the page before it lets input and painting in. */
const SLICE_MS = 10

/**
 * Turns picked or dropped files into skill files: `.zip` archives, `SKILL.md` inside folders
 * (paths kept relative to the folder or its `skills/`), and flat `.md` files.
 */
export async function readImport(list: readonly File[]): Promise<ImportRead> {
  const files: SkillFile[] = []
  let settings: ArchiveContents['settings']
  const problems: Message[] = []
  const leftOut: string[] = []
  const taken = new Set<string>()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  // Starting a read (and the first look at a picked file's size) costs the page about a
  // millisecond per file in Chromium: a thousand-file folder is started a slice at a time, with
  // input and painting let in between, and a few reads overlap.
  const bytes = new Map<File, Promise<ArrayBuffer>>()
  let sliceStarted = performance.now()
  const readAhead = async (from: number) => {
    for (const file of list.slice(from, from + READ_AHEAD)) {
      if (performance.now() - sliceStarted > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0))
        sliceStarted = performance.now()
      }
      if (bytes.has(file) || file.size > MAX_FILE_BYTES) continue
      const read = file.arrayBuffer()
      read.catch(() => undefined) // A file that is skipped later must not report its failed read.
      bytes.set(file, read)
    }
  }
  for (const [index, file] of list.entries()) {
    if (index % READ_AHEAD === 0) await readAhead(index)
    if (file.size > (file.name.endsWith('.zip') ? 50 * MAX_FILE_BYTES : MAX_FILE_BYTES)) {
      problems.push(message('archive.fileTooLarge', { file: file.name }))
      leftOut.push(relativePath(file) ?? file.name)
      continue
    }
    if (/\.zip$/i.test(file.name)) {
      const result = unzipWorkspace(new Uint8Array(await file.arrayBuffer()))
      if (!result.ok) problems.push(result.error)
      else {
        files.push(...result.archive.files)
        leftOut.push(...(result.archive.leftOut ?? []))
        settings = result.archive.settings ?? settings
      }
      continue
    }
    let path = relativePath(file)
    // Two folders that map to one path (proj/skills/dup and proj/old/skills/dup): the second keeps
    // its longer path rather than silently replacing the first.
    if (path && taken.has(path)) path = fullPath(file)
    if (!path || taken.has(path) || path.split('/').some((part) => part.startsWith('.'))) continue
    // Skills, the suite, and the files that sit in a skill's folder (references, scripts).
    if (!(isSkillPath(path) || path === ROUTING_TESTS_FILE || path === EVALS_FILE || path.includes('/'))) continue
    try {
      files.push({ path, text: decoder.decode(await (bytes.get(file) ?? file.arrayBuffer())) })
      taken.add(path)
    } catch {
      // A binary file (an image, an archive): the workspace holds text only; the report names it.
      leftOut.push(path)
    }
  }
  if (!files.some((file) => isSkillPath(file.path))) return { ok: false, error: problems[0] ?? message('archive.nothing') }
  return { ok: true, archive: { files, ...(settings ? { settings } : {}), ...(leftOut.length > 0 ? { leftOut } : {}) } }
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

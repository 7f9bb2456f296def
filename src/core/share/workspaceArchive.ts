/**
 * The workspace as a zip: `skills/<name>/SKILL.md` for every skill (the layout the CLI and the
 * app both load) plus `playground.json`: the rest of the workspace (tool mocks, knowledge,
 * files, settings) written by the saved-workspace codec.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate'
import { isSkillPath, type SkillFile } from '../skill'
import { formatMessage, message, type Message } from '../messages'
import { decodeSavedWorkspace, type EncodedWorkspace, type SavedWorkspace } from '../workspace'

export interface WorkspaceArchive {
  files: SkillFile[]
  /** playground.json as written: an encoded saved workspace without its files. */
  settings?: EncodedWorkspace
}

/** What an archive brings besides its skill files, as read back by the codec. */
export interface ArchiveContents {
  files: SkillFile[]
  settings?: Omit<SavedWorkspace, 'files'>
}

const RESOURCES = 'playground.json'
/** Archives larger than this (unpacked) are refused: a zip bomb must not freeze the tab. */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024

/** Every file keeps its path under `skills/` (weather.md stays weather.md), so an export imports back as the same files. */
export function archivePath(file: SkillFile): string {
  return `skills/${file.path}`
}

/** A relative, normalised path inside the workspace (no `..`, no absolute or hidden parts). */
function isWorkspacePath(path: string): boolean {
  return path !== '' && path.split('/').every((part) => part !== '' && part !== '..' && part !== '.' && !part.startsWith('.'))
}

function utf8(data: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data)
  } catch {
    return null
  }
}

export function zipWorkspace(archive: WorkspaceArchive): Uint8Array {
  const entries: Record<string, Uint8Array> = {}
  for (const file of archive.files) entries[archivePath(file)] = strToU8(file.text)
  if (archive.settings) entries[RESOURCES] = strToU8(JSON.stringify(archive.settings, null, 2))
  return zipSync(entries, { level: 6 })
}

export type UnzipResult = { ok: true; archive: ArchiveContents } | { ok: false; error: Message }

/** Reads skills from a zip: `skills/...` if present, else any SKILL.md / top-level .md. */
export function unzipWorkspace(bytes: Uint8Array): UnzipResult {
  let entries: Record<string, Uint8Array>
  let total = 0
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize
        if (total > MAX_ARCHIVE_BYTES) throw new Error('too large')
        // Every file comes back (a skill's references and scripts too); folders and system litter do not.
        return !file.name.endsWith('/') && !file.name.startsWith('__MACOSX/') && !/(^|\/)\.DS_Store$/.test(file.name)
      },
    })
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error && error.message === 'too large' ? message('archive.tooLarge') : message('archive.notZip'),
    }
  }
  const names = Object.keys(entries)
  const root = names.some((name) => name.startsWith('skills/'))
    ? 'skills/'
    : (names.find((name) => name.endsWith('/skills/SKILL.md'))?.replace(/SKILL\.md$/, '') ?? '')
  const files: SkillFile[] = []
  for (const [name, data] of Object.entries(entries)) {
    if (!name.startsWith(root) || name === RESOURCES) continue
    const path = name.slice(root.length)
    const text = utf8(data)
    // The workspace holds text; a binary file (an image, an archive) is left out rather than mangled.
    if (text !== null && isWorkspacePath(path)) files.push({ path, text })
  }
  let settings: ArchiveContents['settings']
  const resourceEntry = entries[RESOURCES]
  if (resourceEntry) {
    let value: unknown
    try {
      value = JSON.parse(strFromU8(resourceEntry))
    } catch {
      return { ok: false, error: message('archive.badJson', { file: RESOURCES }) }
    }
    const decoded = decodeSavedWorkspace(value, { requireFiles: false })
    if (!decoded.ok)
      return { ok: false, error: message('archive.badSettings', { file: RESOURCES, reason: formatMessage(decoded.message) }) }
    const { files: _none, ...rest } = decoded.workspace
    settings = rest
  }
  if (!files.some((file) => isSkillPath(file.path))) return { ok: false, error: message('archive.noSkills') }
  return { ok: true, archive: { files, ...(settings ? { settings } : {}) } }
}

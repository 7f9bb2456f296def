import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { basename, join, sep } from 'node:path'
import {
  isCodeFile,
  isLeftAlonePath,
  isRepository,
  isRootDocument,
  isSkillPath,
  MAX_CODE_FILE_CHARS,
  SCHEMA_FILE,
  type SkillFile,
} from '../core/skill'

/** Folders read through links or below them, at most: past it they are skipped (the plain folders are all read). */
const MAX_LINKED_FOLDERS = 10_000

/**
 * Reads every skill file under `root` (docs/skill-format.md layout) with `/`-separated relative
 * paths. A folder that is itself one skill (it holds SKILL.md) reads as that skill, named after the
 * folder. Symbolic links are followed while they stay inside `root`; one that leads outside is
 * skipped and reported through `onSkip`. A folder is read through one link at most (an alias of a
 * skill is read; two links to each of thirty folders in a row would be read 2^30 times), and so
 * are MAX_LINKED_FOLDERS folders in all.
 */
export function readSkillsDir(root: string, onSkip: (path: string, why: string) => void = () => {}): SkillFile[] {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`Not a folder: ${root}`)
  }
  const isFile = (name: string) => statSync(join(root, name), { throwIfNoEntry: false })?.isFile() === true
  // A folder that is itself one skill (SKILL.md, or seed 001's schema.json + main.py) reads as
  // that skill's folder, code and all, named after the folder.
  const single = isFile('SKILL.md') || isFile('skill.md') || (isFile(SCHEMA_FILE) && isFile('main.py'))

  const inside = realpathSync(root)
  // Skills, and the code beside them (skill.py, tool.py, schema.json: docs/skill-code.md).
  const wanted = (path: string) => isSkillPath(path) || isCodeFile(path)
  const keep = (path: string, full: string) => {
    const text = readFileSync(full, 'utf8')
    if (isSkillPath(path) || text.length <= MAX_CODE_FILE_CHARS) files.push({ path, text })
    else onSkip(path, `code longer than ${MAX_CODE_FILE_CHARS} characters`)
  }
  const files: SkillFile[] = []
  // The real folders on the way down: a link back up one of them would loop.
  const ancestors = new Set<string>([inside])
  // The real folders already read through a link, and how many folders were read below links.
  const linkedInto = new Set<string>()
  let linkedReads = 0
  const tooMany = (path: string) => {
    if (++linkedReads <= MAX_LINKED_FOLDERS) return false
    onSkip(path, `links lead to more than ${MAX_LINKED_FOLDERS.toLocaleString('en')} folders`)
    return true
  }
  // `real` is the folder's real path: plain entries need no stat or realpath of their own (a
  // thousand-skill folder pays for the links only).
  // `prefix` is the folder's path relative to `root` with a trailing "/" ("" at the root);
  // `linked`: the folder was reached through a link.
  const walk = (dir: string, real: string, prefix: string, linked: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = prefix + entry.name
      // Hidden files and node_modules are left alone; the clients' skill folders (.claude/skills, …) are read.
      if (isLeftAlonePath(path)) continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) {
        if (linked && tooMany(path)) continue
        const realChild = join(real, entry.name)
        ancestors.add(realChild)
        walk(full, realChild, `${path}/`, linked)
        ancestors.delete(realChild)
        continue
      }
      if (entry.isFile()) {
        if (wanted(path)) keep(path, full)
        continue
      }
      let target = full
      if (entry.isSymbolicLink()) {
        try {
          target = realpathSync(full)
        } catch {
          onSkip(path, 'a link to nothing')
          continue
        }
        if (target !== inside && !target.startsWith(inside + sep)) {
          onSkip(path, 'a link that leads outside the folder')
          continue
        }
      }
      const stat = statSync(target, { throwIfNoEntry: false })
      if (stat?.isDirectory()) {
        const real = realpathSync(target)
        if (ancestors.has(real)) continue
        if (linkedInto.has(real)) {
          onSkip(path, 'a second link to a folder already read through a link')
          continue
        }
        if (tooMany(path)) continue
        linkedInto.add(real)
        ancestors.add(real)
        walk(full, real, `${path}/`, true)
        ancestors.delete(real)
      } else if (stat?.isFile() && wanted(path)) keep(path, target)
    }
  }
  walk(root, inside, single ? `${basename(inside)}/` : '', false)
  // A repository (skills in .claude/skills/, skills/, …): Markdown at its root is its own documents.
  if (!isRepository(files.map((file) => file.path))) return files
  return files.filter((file) => {
    if (!isRootDocument(file.path)) return true
    onSkip(file.path, "a repository's own document, not a skill")
    return false
  })
}

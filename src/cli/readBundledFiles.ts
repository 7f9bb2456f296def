/**
 * The files bundled with each skill of a folder (docs/agent-loop.md, "Bundled files"), for
 * read_skill_file and run_skill_script in `eval`: the text files in each skill's folder, hidden
 * files and node_modules left alone, links not followed (a link could lead out of the folder),
 * binary and oversized files left out.
 */
import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { folderOf, isLeftAlone, isSkillPath, type Skill, type SkillFile } from '../core/skill'

/** Per skill folder: files read, and bytes per file, at most. */
const MAX_FILES_PER_SKILL = 500
const MAX_FILE_BYTES = 1024 * 1024

export function readBundledFiles(folder: string, skills: readonly Skill[], known: readonly SkillFile[]): SkillFile[] {
  // A folder that is itself one skill is read as `<its name>/…` (readSkillsDir): paths start one level up.
  const root =
    !existsSync(join(folder, basename(folder))) && known.some((file) => file.path.startsWith(`${basename(folder)}/`))
      ? dirname(folder)
      : folder
  const have = new Set(known.map((file) => file.path))
  const found: SkillFile[] = []
  for (const skill of skills) {
    const folder = isSkillPath(skill.path) ? folderOf(skill.path) : null
    if (folder === null) continue
    let count = 0
    const walk = (relative: string) => {
      let entries
      try {
        entries = readdirSync(join(root, relative), { withFileTypes: true })
      } catch {
        return
      }
      for (const entry of entries) {
        if (isLeftAlone(entry.name) || count >= MAX_FILES_PER_SKILL) continue
        const path = `${relative}/${entry.name}`
        // Links are not followed: lstat says what the entry itself is.
        const stat = lstatSync(join(root, path), { throwIfNoEntry: false })
        if (!stat || stat.isSymbolicLink()) continue
        if (stat.isDirectory()) {
          // A nested skill keeps its own files.
          if (!skills.some((other) => other.path.startsWith(`${path}/`) && folderOf(other.path) === path)) walk(path)
          continue
        }
        if (!stat.isFile() || stat.size > MAX_FILE_BYTES || have.has(path)) continue
        const bytes = readFileSync(join(root, path))
        if (bytes.includes(0)) continue
        count++
        have.add(path)
        found.push({ path, text: bytes.toString('utf8') })
      }
    }
    walk(folder)
  }
  return found
}

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { isSkillPath, type SkillFile } from '../core/skill'

/** Reads every skill file under `root` (docs/skill-format.md layout) with `/`-separated relative paths. */
export function readSkillsDir(root: string): SkillFile[] {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory()) {
    throw new Error(`Not a folder: ${root}`)
  }
  const files: SkillFile[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue
      const full = join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.isFile()) {
        const path = relative(root, full).split(sep).join('/')
        if (isSkillPath(path)) files.push({ path, text: readFileSync(full, 'utf8') })
      }
    }
  }
  walk(root)
  return files
}

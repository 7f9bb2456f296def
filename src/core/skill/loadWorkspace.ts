import { compareCodePoints } from '../lib/text'
import { parseSkill } from './parseSkill'
import type { Diagnostic, Skill, SkillFile } from './types'

/**
 * Whether a path (relative to the skills root, `/`-separated) holds a skill: `<folder>/SKILL.md`
 * at any depth, or a flat `<name>.md` directly in the root (a root README.md is documentation).
 */
export function isSkillPath(path: string): boolean {
  const parts = path.split('/')
  const file = parts[parts.length - 1] ?? ''
  if (parts.length > 1) return file === 'SKILL.md'
  return /\.md$/i.test(file) && file.toLowerCase() !== 'readme.md'
}

export interface Workspace {
  /** Skills in load order: relative paths in code-point order (SPEC §2). */
  skills: Skill[]
  /** Problems that involve several files, keyed by the path they are reported on. */
  crossFileDiagnostics: Map<string, Diagnostic[]>
}

export type SkillParser = (path: string, text: string) => Skill

/**
 * Parses every skill file and orders them. One broken file only affects itself. `parse` lets the
 * UI pass a memoised parser so a keystroke re-parses one file, not all of them.
 */
export function loadWorkspace(files: readonly SkillFile[], parse: SkillParser = parseSkill): Workspace {
  const skills = files
    .filter((file) => isSkillPath(file.path))
    .sort((a, b) => compareCodePoints(a.path, b.path))
    .map((file) => parse(file.path, file.text))
  return { skills, crossFileDiagnostics: findDuplicateNames(skills) }
}

function findDuplicateNames(skills: readonly Skill[]): Map<string, Diagnostic[]> {
  const byName = new Map<string, Skill[]>()
  for (const skill of skills) byName.set(skill.name, [...(byName.get(skill.name) ?? []), skill])
  const result = new Map<string, Diagnostic[]>()
  for (const [name, group] of byName) {
    if (group.length < 2) continue
    for (const skill of group) {
      const others = group.filter((other) => other !== skill).map((other) => other.path)
      result.set(skill.path, [
        {
          code: 'duplicate-name',
          severity: 'error',
          message: `Another skill is also named "${name}" (${others.join(', ')}); names must be unique.`,
          range: skill.fieldRanges.name ?? { startLine: 1, startColumn: 1, endLine: 1, endColumn: 4 },
        },
      ])
    }
  }
  return result
}

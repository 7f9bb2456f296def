import type { LintRule } from './types'

export const CATALOG_SKILL_LIMIT = 30

/** Rules about the workspace as a whole. */
export const workspaceRules: LintRule[] = [
  {
    id: 'duplicate-name',
    explanation: 'Skill names identify skills (load_skill, LLM routing, the CLI); two skills with one name cannot both be reached.',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    checkWorkspace: (skills, report) => {
      const byName = new Map<string, (typeof skills)[number][]>()
      for (const context of skills) byName.set(context.skill.name, [...(byName.get(context.skill.name) ?? []), context])
      for (const [name, group] of byName) {
        if (group.length < 2) continue
        for (const context of group) {
          const others = group.filter((other) => other !== context).map((other) => other.skill.path)
          report(context.skill.path).at(
            context.split.fields.get('name')?.value ?? [0, 3],
            `Another skill is also named "${name}" (${others.join(', ')}).`,
          )
        }
      }
    },
  },
  {
    id: 'catalog-too-large',
    explanation: 'Past about 30 skills a model picking from one list gets worse. Group skills, or route in two steps (group, then skill).',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    checkWorkspace: (skills, report) => {
      const first = skills[0]
      if (first && skills.length > CATALOG_SKILL_LIMIT)
        report(first.skill.path).at(
          [0, 3],
          `${skills.length} skills in one workspace: over ${CATALOG_SKILL_LIMIT}, consider grouping them.`,
        )
    },
  },
]

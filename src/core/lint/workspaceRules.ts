import { message as m } from '../messages'
import { skillOrigin } from '../skill'
import type { LintRule } from './types'

export const CATALOG_SKILL_LIMIT = 30

/** Rules about the workspace as a whole. */
export const workspaceRules: LintRule[] = [
  {
    id: 'duplicate-name',
    severity: { app: 'error', strict: 'error', lenient: 'error' },
    checkWorkspace: (skills, report) => {
      // A repository often keeps one skill in several clients' folders (.claude/skills/x and
      // .agents/skills/x): each client reads its own, so outside this app's profiles a name clashes
      // only within one folder. This app routes them all together, so there it clashes anywhere.
      const together = skills[0]?.profile === 'app' || skills[0]?.profile === 'lenient'
      const byName = new Map<string, (typeof skills)[number][]>()
      for (const context of skills) {
        const key = together ? context.skill.name : `${skillOrigin(context.skill.path) ?? ''}\u0000${context.skill.name}`
        const list = byName.get(key)
        if (list) list.push(context)
        else byName.set(key, [context])
      }
      for (const group of byName.values()) {
        const name = group[0]?.skill.name ?? ''
        if (group.length < 2) continue
        for (const context of group) {
          const others = group.filter((other) => other !== context).map((other) => other.skill.path)
          report(context.skill.path).at(
            context.split.fields.get('name')?.value ?? [0, 3],
            m('lint.duplicate-name.message', { name, others: others.join(', ') }),
          )
        }
      }
    },
  },
  {
    id: 'fallback-unknown',
    severity: { app: 'warning', strict: 'error', lenient: 'warning' },
    checkWorkspace: (skills, report) => {
      const names = new Set(skills.map((context) => context.skill.name))
      for (const context of skills) {
        const { fallback, name } = context.skill
        if (!fallback || (names.has(fallback) && fallback !== name)) continue
        report(context.skill.path).at(
          context.split.fields.get('fallback')?.value ?? [0, 3],
          fallback === name
            ? m('lint.fallback-unknown.self', { name })
            : m('lint.fallback-unknown.message', { fallback, names: [...names].slice(0, 8).join(', ') }),
        )
      }
    },
  },
  {
    id: 'catalog-too-large',
    severity: { app: 'info', strict: 'info', lenient: 'off' },
    checkWorkspace: (skills, report) => {
      const first = skills[0]
      if (first && skills.length > CATALOG_SKILL_LIMIT)
        report(first.skill.path).at([0, 3], m('lint.catalog-too-large.message', { count: skills.length, limit: CATALOG_SKILL_LIMIT }))
    },
  },
]

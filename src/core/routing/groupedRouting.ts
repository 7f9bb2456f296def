/**
 * Grouped routing (seed 001, docs/routing.md "Grouped"): keyword routing first picks a group (its
 * skills' keywords together, scored like one skill), then the skill within that group; when no
 * group passes the threshold, or no skill of the winning group does, it routes over all skills.
 * "50 choose 1" becomes "5 choose 1, then 10 choose 1".
 */
import { createRouter, type RoutableSkill, type RoutingResult, type SkillScore } from './scoreRouting'
import { DEFAULT_THRESHOLD } from './threshold'

export interface GroupedSkill extends RoutableSkill {
  group: string | undefined
}

export interface GroupedRouting {
  /** Stage 1: one score per group (name, keywords of its auto skills together), in first-seen order. */
  groups: RoutingResult
  /** The group that won stage 1, or null. */
  group: string | null
  /** How many skills each group has. */
  members: ReadonlyMap<string, number>
  /** Stage 2: the winning group's skills only; null when no group won. */
  within: RoutingResult | null
  /** Routing over every skill: the answer when the group stage finds nothing. */
  global: RoutingResult
  /** True when the answer came from global routing although the workspace has groups. */
  fellBack: boolean
  winner: SkillScore | null
}

export type GroupedRouter = (input: string, threshold?: number) => GroupedRouting

/** The groups of a workspace, in the order their first skill loads. */
export function skillGroups(skills: readonly GroupedSkill[]): Map<string, GroupedSkill[]> {
  const groups = new Map<string, GroupedSkill[]>()
  for (const skill of skills) {
    if (!skill.group) continue
    const members = groups.get(skill.group) ?? []
    members.push(skill)
    groups.set(skill.group, members)
  }
  return groups
}

/** Compiles the three routers once per skill set; each call is three keyword passes over the message. */
export function createGroupedRouter(skills: readonly GroupedSkill[]): GroupedRouter {
  const groups = skillGroups(skills)
  const groupSkills: RoutableSkill[] = [...groups].map(([name, members]) => ({
    name,
    path: `group:${name}`,
    // Only skills keyword routing may pick lend their keywords to the group.
    triggerKeywords: members.filter((member) => member.entryMode === 'auto').flatMap((member) => member.triggerKeywords),
    entryMode: 'auto',
  }))
  const byGroup = createRouter(groupSkills)
  const within = new Map([...groups].map(([name, members]) => [name, createRouter(members)]))
  const global = createRouter(skills)
  const members = new Map([...groups].map(([name, list]) => [name, list.length]))
  return (input, threshold = DEFAULT_THRESHOLD) => {
    const groupResult = byGroup(input, threshold)
    const all = global(input, threshold)
    const group = groupResult.winner?.skill ?? null
    const inside = group === null ? null : (within.get(group)?.(input, threshold) ?? null)
    const winner = inside?.winner ?? all.winner
    return { groups: groupResult, group, members, within: inside, global: all, fellBack: groups.size > 0 && !inside?.winner, winner }
  }
}

export function groupedRouting(input: string, skills: readonly GroupedSkill[], threshold = DEFAULT_THRESHOLD): GroupedRouting {
  return createGroupedRouter(skills)(input, threshold)
}

import { describe, expect, it } from 'vitest'
import { parseSkill } from '../skill'
import { runAgent } from '../agent/runAgent'
import { createScriptedModel } from '../agent/scriptedModel'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { createVirtualFiles } from '../tools/virtualFiles'
import { groupedRouting } from './groupedRouting'
import { scoreRouting } from './scoreRouting'

const skill = (path: string, frontmatter: string) => parseSkill(path, `---\n${frontmatter}\n---\nBody of ${path}.\n`)

// The data group's keywords together beat the writing group for "report"; within data, the
// skill with the most coverage wins. Globally a writing skill would have won.
const skills = [
  skill('data/sql_report/SKILL.md', 'name: sql_report\ntrigger_keywords: [销售额, sales]'),
  skill('data/weekly/SKILL.md', 'name: weekly\ntrigger_keywords: [周报, report]'),
  skill('writing/report_writer/SKILL.md', 'name: report_writer\ntrigger_keywords: [sales report]'),
  skill('writing/hidden/SKILL.md', 'name: hidden\nentry_mode: manual\ntrigger_keywords: [销售额 sales report 周报]'),
  skill('weather.md', 'name: weather\ngroup: misc\ntrigger_keywords: [天气]'),
  skill('loose.md', 'name: loose\ntrigger_keywords: [hello]'),
]

describe('grouped routing', () => {
  it('reads the group from the field or the folder above the skill', () => {
    expect(skills.map((s) => s.group)).toEqual(['data', 'data', 'writing', 'writing', 'misc', undefined])
  })

  it('picks the group first (its skills’ keywords together), then the skill within it', () => {
    const input = 'sales report 周报'
    const result = groupedRouting(input, skills, 0.3)
    expect(result.groups.scores.map((s) => [s.skill, s.final === null ? null : Number(s.final.toFixed(3))])).toEqual([
      ['data', expect.any(Number)],
      ['writing', expect.any(Number)],
      ['misc', null],
    ])
    expect(result.group).toBe('data')
    expect(result.members.get('data')).toBe(2)
    expect(result.within?.scores.map((s) => s.skill)).toEqual(['sql_report', 'weekly'])
    expect(result.winner?.skill).toBe(result.within?.winner?.skill)
    expect(result.fellBack).toBe(false)
    // Keyword routing over all skills would answer differently: that is the point of the stage.
    expect(scoreRouting(input, skills, 0.3).winner?.skill).toBe('report_writer')
    expect(['sql_report', 'weekly']).toContain(result.winner?.skill)
  })

  it('a manual skill lends no keywords to its group', () => {
    const result = groupedRouting('销售额 sales report 周报', skills, 0.3)
    const writing = result.groups.scores.find((s) => s.skill === 'writing')
    expect(writing?.matched).toEqual(['sales report'])
  })

  it('falls back to routing every skill when no group passes, or the winning group has no skill that does', () => {
    const none = groupedRouting('hello there', skills, 0.3)
    expect(none).toMatchObject({ group: null, within: null, fellBack: true })
    expect(none.winner?.skill).toBe('loose')
    expect(groupedRouting('nothing at all', skills, 0.3).winner).toBeNull()
  })

  it('drives the agent in the Grouped mode, and the trace says which group won', async () => {
    const events = await runAgent({
      utterance: 'sales report 周报',
      skills,
      mode: 'grouped',
      threshold: 0.3,
      model: createScriptedModel(),
      tools: { files: createVirtualFiles({}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date('2026-11-30T00:00:00Z') },
      signal: new AbortController().signal,
      clock: () => 0,
      timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
      onEvent: () => {},
    })
    const activation = events.find((event) => event.type === 'activation')
    expect(activation).toMatchObject({
      mode: 'grouped',
      reason: expect.stringMatching(/^Grouped routing: group data wins, then (sql_report|weekly) within it/),
    })
  })
})

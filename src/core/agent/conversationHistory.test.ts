import { describe, expect, it } from 'vitest'
import { parseSkill } from '../skill'
import { createVirtualFiles } from '../tools/virtualFiles'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { conversationSkill, createScriptedModel, runAgent, runNextTurn, skillLoadedInTurn, type RunOptions, type TraceEvent } from './index'

const calc = parseSkill(
  'calculator/SKILL.md',
  '---\nname: calculator\ndescription: Computes arithmetic exactly. 计算数学表达式。\ntrigger_keywords: [计算, 计算一下, 是多少]\nrequired_tools: [calculator]\nmax_rounds: 3\n---\nYou compute.\n',
)

function options(overrides: Partial<RunOptions>): RunOptions {
  return {
    utterance: '计算一下 2^20 是多少',
    skills: [calc],
    mode: 'keyword',
    threshold: 0.3,
    model: createScriptedModel(),
    tools: { files: createVirtualFiles({}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date('2026-11-29T12:00:00Z') },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
    ...overrides,
  }
}

/** A conversation as the run view continues it: each reply with its own "keep this skill" choice. */
async function converse(mode: RunOptions['mode'], turns: { utterance: string; sticky: boolean }[]): Promise<TraceEvent[]> {
  const first = options({ mode })
  const events = await runAgent(first)
  for (const [index, turn] of turns.entries()) {
    events.push({ type: 'turn', turn: index + 2, utterance: turn.utterance, at: 0 })
    events.push(...(await runNextTurn(events, first.utterance, { ...options({ mode }), utterance: turn.utterance, sticky: turn.sticky })))
  }
  return events
}

const activations = (events: readonly TraceEvent[]) =>
  events.flatMap((event, index) => (event.type === 'activation' ? [{ index, skill: event.skill }] : []))

describe('skillLoadedInTurn', () => {
  it('labels a turn routed to no skill by its own events, not by a later sticky turn (issue 35 defect 3)', async () => {
    const events = await converse('keyword', [
      { utterance: 'thanks, bye', sticky: false },
      { utterance: 'and once more', sticky: true },
    ])
    const [first, second, third] = activations(events)
    expect([first?.skill, second?.skill, third?.skill]).toEqual(['calculator', null, 'calculator'])
    // What the old label read: every event from turn 2's activation on, turn 3's sticky skill included.
    expect(conversationSkill(events.slice(second!.index))).toBe('calculator')
    expect(skillLoadedInTurn(events, second!.index)).toBeNull()
  })

  it('names the skill a turn loaded with load_skill, and only in that turn', async () => {
    const events = await converse('progressive', [{ utterance: 'thanks, bye', sticky: false }])
    const [first, second] = activations(events)
    expect(first?.skill).toBeNull()
    expect(skillLoadedInTurn(events, first!.index)).toBe('calculator')
    expect(events.slice(second!.index).some((event) => event.type === 'tool' && event.tool === 'load_skill')).toBe(false)
    expect(skillLoadedInTurn(events, second!.index)).toBeNull()
  })

  it('ignores a load_skill call that failed or whose arguments are not JSON', () => {
    const tool = (args: string, error: boolean): TraceEvent => ({
      type: 'tool',
      at: 0,
      round: 1,
      skill: null,
      tool: 'load_skill',
      arguments: args,
      valid: !error,
      result: null,
      error: error ? { type: 'refused', message: 'no such skill' } : null,
      latencyMs: 0,
      precedingText: '',
      userMessage: null,
    })
    expect(skillLoadedInTurn([tool('{"name":"x"}', true), tool('{name', false)], 0)).toBeNull()
    expect(skillLoadedInTurn([tool('{name', false), tool('{"name":"calculator"}', false)], 0)).toBe('calculator')
  })
})

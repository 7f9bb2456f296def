import { describe, expect, it } from 'vitest'
import { SKILL_TEMPLATES } from '../templates'
import { loadWorkspace } from '../skill'
import { builtinToolRegistry } from '../tools'
import { EXAMPLE_KNOWLEDGE } from '../tools/exampleData'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { createVirtualFiles } from '../tools/virtualFiles'
import { createScriptedModel, runConversation, type RoutingMode, type TraceEvent } from './index'

const template = (id: string) => SKILL_TEMPLATES.find((item) => item.id === id)!

async function run(texts: { path: string; text: string }[], utterance: string, mode: RoutingMode): Promise<TraceEvent[]> {
  return runConversation([utterance], {
    skills: loadWorkspace(texts).skills,
    mode,
    threshold: 0.3,
    model: createScriptedModel(),
    registry: builtinToolRegistry,
    tools: { files: createVirtualFiles({}, () => {}), knowledge: EXAMPLE_KNOWLEDGE, mocks: DEFAULT_MOCKS, now: () => new Date() },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as number) },
    onEvent: () => {},
  })
}

const toolsCalled = (events: readonly TraceEvent[]) => events.flatMap((event) => (event.type === 'tool' ? [event.tool] : []))

describe('the scripted model follows a skill whose first step is a search (issue 35 defect 8)', () => {
  const refund = template('refund-policy')

  it.each([
    ['zh', '我要退款', 'keyword'],
    ['zh', '耳机拆封了还能退吗', 'progressive'],
    ['en', 'I want a refund', 'keyword'],
  ] as const)('calls search_knowledge for the refund template (%s: %s, %s routing)', async (language, utterance, mode) => {
    const events = await run([{ path: 'refund-policy/SKILL.md', text: refund.variants[language].text }], utterance, mode)
    expect(toolsCalled(events)).toContain('search_knowledge')
    expect(toolsCalled(events).filter((tool) => tool === 'search_knowledge')).toHaveLength(1)
    expect(events.some((event) => event.type === 'final')).toBe(true)
  })

  it('does not search when the skill names the tool only in a later step (the outline template)', async () => {
    const events = await run(
      [{ path: 'outline-writer/SKILL.md', text: template('outline-writer').variants.zh.text }],
      '列个提纲',
      'keyword',
    )
    expect(toolsCalled(events)).toEqual([])
  })

  it('does not search for a message no skill takes', async () => {
    const events = await run([{ path: 'refund-policy/SKILL.md', text: refund.variants.zh.text }], '你好呀', 'keyword')
    expect(toolsCalled(events)).not.toContain('search_knowledge')
  })
})

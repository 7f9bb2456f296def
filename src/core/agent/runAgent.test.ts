import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatMessage } from '../messages'
import { parseSkill, type Skill } from '../skill'
import { createVirtualFiles } from '../tools/virtualFiles'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { BUILTIN_TOOLS, createToolRegistry } from '../tools'
import {
  createScriptedModel,
  MAX_REPLY_CHARS,
  MAX_RESULT_CHARS,
  runAgent,
  TRUNCATED_MARK,
  type ModelClient,
  type RunOptions,
  type ScriptedReply,
  type TraceEvent,
} from './index'

const calc = parseSkill(
  'calculator/SKILL.md',
  '---\nname: calculator\ndescription: Computes arithmetic exactly, powers included. 计算数学表达式。\ntrigger_keywords: [计算, 计算一下, 是多少]\nrequired_tools: [calculator]\nmax_rounds: 3\n---\nYou compute.\n',
)
const weather = parseSkill(
  'weather.md',
  '---\nname: weather\ntrigger_keywords: [天气]\nrequired_tools: [get_weather]\nmax_rounds: 2\n---\nWeather.\n',
)

function options(overrides: Partial<RunOptions> & { skills?: Skill[] }): RunOptions {
  return {
    utterance: '计算一下 2^20 是多少',
    skills: [calc, weather],
    mode: 'keyword',
    threshold: 0.3,
    model: createScriptedModel(),
    tools: {
      files: createVirtualFiles({ 'notes/todo.md': '- buy milk' }),
      knowledge: [{ id: 'a', title: 'Agent 设计手册', text: 'RAG 是检索增强生成。' }],
      mocks: DEFAULT_MOCKS,
      now: () => new Date('2026-11-29T12:00:00Z'),
    },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
    ...overrides,
  }
}

const ofType = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type)

describe('runAgent with the scripted model', () => {
  afterEach(() => vi.useRealTimers())

  it('activates the calculator skill, narrows the tools and answers 1048576', async () => {
    const events = await runAgent(options({}))
    const [activation] = ofType(events, 'activation')
    expect(activation).toMatchObject({ skill: 'calculator', config: { maxRounds: 3, tools: [{ name: 'calculator' }] } })
    expect(ofType(events, 'tool')[0]).toMatchObject({
      tool: 'calculator',
      valid: true,
      result: { expression: '2^20', result: 1048576 },
      error: null,
    })
    expect(ofType(events, 'final')[0]!.text).toContain('2^20 = 1048576')
  })

  it('uses the default prompt and every tool when no skill wins', async () => {
    const events = await runAgent(options({ utterance: 'what day is it today?' }))
    expect(ofType(events, 'activation')[0]!.skill).toBeNull()
    expect(ofType(events, 'tool')[0]).toMatchObject({ tool: 'current_datetime', result: { weekday: 'Sunday' } })
  })

  it('loads a skill with load_skill in progressive disclosure, and refuses an unknown one', async () => {
    const events = await runAgent(options({ mode: 'progressive', utterance: '2^10 + 1' }))
    const tools = ofType(events, 'tool')
    expect(tools[0]).toMatchObject({ tool: 'load_skill', result: expect.stringContaining('<skill name="calculator">') })
    expect(tools[1]).toMatchObject({ tool: 'calculator', result: { result: 1025 } })

    const script: ScriptedReply[] = [{ tool_calls: [{ name: 'load_skill', arguments: { name: 'nope' } }] }, { text: 'ok' }]
    const bad = await runAgent(options({ mode: 'progressive', model: createScriptedModel(script) }))
    expect(ofType(bad, 'tool')[0]!.error).toMatchObject({ type: 'invalid_arguments' })
  })

  it('sends invalid arguments back to the model as a structured error', async () => {
    const script: ScriptedReply[] = [
      { tool_calls: [{ name: 'calculator', arguments: { expr: '1+1' } }] },
      { tool_calls: [{ name: 'calculator', arguments: '{"expression": ' }] },
      { text: 'done' },
    ]
    const model = createScriptedModel(script)
    const seen: unknown[] = []
    const spy: ModelClient = {
      label: 'spy',
      complete: async (request) => {
        seen.push(request.messages.at(-1))
        return model.complete(request)
      },
    }
    const events = await runAgent(options({ model: spy }))
    const tools = ofType(events, 'tool')
    expect(tools[0]!.error).toMatchObject({
      type: 'invalid_arguments',
      message: expect.stringContaining('does not have required property "expression"'),
    })
    expect(tools[1]!.error).toMatchObject({ type: 'invalid_arguments', message: expect.stringContaining('not valid JSON') })
    expect(JSON.parse((seen[1] as { content: string }).content)).toMatchObject({ error: { type: 'invalid_arguments' } })
    expect(ofType(events, 'final')[0]!.text).toBe('done')
  })

  it('stops at the round limit', async () => {
    const loop: ScriptedReply[] = Array.from({ length: 10 }, (_, i) => ({
      tool_calls: [{ name: 'calculator', arguments: { expression: `${i}+1` } }],
    }))
    const events = await runAgent(options({ model: createScriptedModel(loop) }))
    expect(ofType(events, 'round')).toHaveLength(3)
    expect(events.at(-1)).toMatchObject({ type: 'stopped', reason: 'round-limit' })
  })

  it('stops when the same call fails twice in a row', async () => {
    const again: ScriptedReply[] = Array.from({ length: 3 }, () => ({
      tool_calls: [{ name: 'calculator', arguments: { expression: '1/' } }],
    }))
    const events = await runAgent(options({ model: createScriptedModel(again) }))
    expect(ofType(events, 'tool')).toHaveLength(2)
    expect(events.at(-1)).toMatchObject({ type: 'stopped', reason: 'repeated-failure' })
  })

  it('times out a slow tool with the external limit', async () => {
    vi.useFakeTimers()
    // A registry of its own: the shared built-in tools are never patched.
    // The call's signal tells the tool it timed out, so a tool in a worker can be terminated.
    let callSignal: AbortSignal | undefined
    const registry = createToolRegistry(
      BUILTIN_TOOLS.map((tool) =>
        tool.name === 'web_search'
          ? {
              ...tool,
              load: async () => (_args: unknown, context: { signal: AbortSignal }) => {
                callSignal = context.signal
                return new Promise(() => {})
              },
            }
          : tool,
      ),
    )
    const pending = runAgent(
      options({
        utterance: 'x',
        mode: 'none',
        registry,
        model: createScriptedModel([{ tool_calls: [{ name: 'web_search', arguments: { query: 'q' } }] }, { text: 'fine' }]),
      }),
    )
    await vi.advanceTimersByTimeAsync(9_999)
    await vi.advanceTimersByTimeAsync(1)
    const timed = await pending
    expect(ofType(timed, 'tool')[0]!.error).toMatchObject({ type: 'timeout', message: 'web_search took longer than 10 s.' })
    expect(callSignal?.aborted).toBe(true)
  })

  it('keeps what arrived when aborted mid-run', async () => {
    const controller = new AbortController()
    let started: () => void = () => {}
    const streaming = new Promise<void>((resolve) => (started = resolve))
    const model: ModelClient = {
      label: 'abortable',
      complete: (request) =>
        new Promise((_, reject) => {
          request.onText('partial ')
          request.signal.addEventListener('abort', () => reject(new Error('aborted')))
          started()
        }),
    }
    const pending = runAgent(options({ model, signal: controller.signal }))
    await streaming
    controller.abort()
    const events = await pending
    expect(ofType(events, 'model')[0]).toMatchObject({ text: 'partial ' })
    expect(events.at(-1)).toMatchObject({ type: 'stopped', reason: 'aborted' })
  })

  it('reports a required tool that is not in the catalog as missing', async () => {
    const odd = parseSkill('odd.md', '---\nname: odd\ntrigger_keywords: [odd]\nrequired_tools: [teleport, calculator]\n---\n')
    const events = await runAgent(options({ utterance: 'odd', skills: [odd] }))
    expect(ofType(events, 'activation')[0]!.missingTools).toEqual(['teleport'])
  })
})

describe('the SKILL_CALL text protocol', () => {
  it('parses several calls per reply, nested objects included, and keeps malformed ones for validation', async () => {
    const { parseSkillCalls } = await import('./textProtocol')
    const calls = parseSkillCalls(
      'Let me check.\nSKILL_CALL: {"skill": "a", "params": {"q": {"deep": "}"}}}\nSKILL_CALL: {"skill": "b", "params": {}}\nSKILL_CALL: {"skill": "c", "params": {oops}}',
      1,
    )
    expect(calls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', '{"q":{"deep":"}"}}'],
      ['b', '{}'],
      ['c', '{"skill": "c", "params": {oops}}'],
    ])
  })

  it('runs the same loop with calls written in the text', async () => {
    const events = await runAgent(options({ toolProtocol: 'text' }))
    expect(ofType(events, 'model')[0]!.text).toContain('SKILL_CALL: {"skill":"calculator","params":{"expression":"2^20"}}')
    expect(ofType(events, 'tool')[0]).toMatchObject({ tool: 'calculator', result: { result: 1048576 } })
    expect(ofType(events, 'final')[0]!.text).toContain('2^20 = 1048576')
  })
})

describe('LLM routing', () => {
  const addCalc = parseSkill(
    'add-calc/SKILL.md',
    '---\nname: add-calc\ndescription: Adds a list of numbers. 对数字求和、相加。\ntrigger_keywords: [相加, 求和]\nrequired_tools: [calculator]\nparameters:\n  type: object\n  properties:\n    numbers: { type: array, items: { type: number }, minItems: 2 }\n  required: [numbers]\n---\nAdd them.\n',
  )

  it('lets the model pick a skill and validates its arguments against parameters', async () => {
    const events = await runAgent(options({ mode: 'llm', skills: [calc, addCalc], utterance: '3、5、8 求和' }))
    expect(ofType(events, 'activation')[0]).toMatchObject({
      skill: 'add-calc',
      reason: expect.stringContaining('valid arguments {"numbers":[3,5,8]}'),
    })
  })

  it('uses no skill when the arguments fail validation or the skill does not exist', async () => {
    const bad = await runAgent(options({ mode: 'llm', skills: [addCalc], utterance: '7 求和' }))
    expect(ofType(bad, 'activation')[0]).toMatchObject({ skill: null, reason: expect.stringContaining('arguments are invalid') })
    const script: ScriptedReply[] = [{ text: '{"skill": "teleport", "args": {}}' }, { text: 'fine' }]
    const unknown = await runAgent(options({ mode: 'llm', model: createScriptedModel(script) }))
    expect(ofType(unknown, 'activation')[0]!.reason).toContain('not a skill here')
  })
})

describe('runaway sizes', () => {
  it('cuts a huge tool result before it reaches the model or the trace, and says so', async () => {
    const registry = createToolRegistry(
      BUILTIN_TOOLS.map((tool) =>
        tool.name === 'calculator' ? { ...tool, load: async () => () => ({ result: 'x'.repeat(11 * 1024 * 1024) }) } : tool,
      ),
    )
    const seen: string[] = []
    const model: ModelClient = {
      label: 'recorder',
      complete: async (request) => {
        seen.push(JSON.stringify(request.messages))
        return seen.length === 1
          ? { text: '', toolCalls: [{ id: 'c1', name: 'calculator', arguments: '{"expression":"1"}' }] }
          : { text: 'done', toolCalls: [] }
      },
    }
    const events = await runAgent(options({ registry, model }))
    const tool = ofType(events, 'tool')[0]!
    expect(tool.result).toMatchObject({ truncated: true })
    expect(JSON.stringify(tool.result).length).toBeLessThan(MAX_RESULT_CHARS + 1000)
    expect(seen[1]!.length).toBeLessThan(MAX_RESULT_CHARS + 10_000)
  })

  it('cuts a runaway streamed reply at the cap, with a mark', async () => {
    const streamed: string[] = []
    const model: ModelClient = {
      label: 'flood',
      complete: async (request) => {
        for (let i = 0; i < 60; i++) request.onText('y'.repeat(10_000))
        return { text: 'y'.repeat(600_000), toolCalls: [] }
      },
    }
    const events = await runAgent(options({ model, onText: (_, delta) => streamed.push(delta) }))
    expect(streamed.join('').length).toBe(MAX_REPLY_CHARS)
    const final = ofType(events, 'final')[0]!
    expect(final.text.length).toBe(MAX_REPLY_CHARS + TRUNCATED_MARK.length)
    expect(final.text.endsWith(TRUNCATED_MARK)).toBe(true)
  })
})

describe('the model’s reasoning', () => {
  it('goes to the trace beside the reply, never into the answer or back to the model', async () => {
    const sent: string[] = []
    let round = 0
    const model: ModelClient = {
      label: 'reasoning stand-in',
      complete: async (request) => {
        sent.push(JSON.stringify(request.messages))
        round++
        request.onReasoning?.(`thinking ${round}`)
        return round === 1
          ? {
              text: '',
              reasoning: 'Use the calculator.',
              toolCalls: [{ id: 'c1', name: 'calculator', arguments: '{"expression":"2^20"}' }],
            }
          : { text: '2^20 = 1048576', reasoning: 'The tool said so.', toolCalls: [] }
      },
    }
    const streamed: [number, string][] = []
    const events = await runAgent(options({ model, onReasoning: (at, delta) => streamed.push([at, delta]) }))
    expect(streamed).toEqual([
      [1, 'thinking 1'],
      [2, 'thinking 2'],
    ])
    expect(ofType(events, 'model').map((event) => event.reasoning)).toEqual(['Use the calculator.', 'The tool said so.'])
    expect(ofType(events, 'final')).toMatchObject([{ text: '2^20 = 1048576' }])
    expect(sent[1]).not.toContain('Use the calculator.')
  })
})

describe('the activation’s reason in the reader’s language (issue 35 defect 4)', () => {
  it('carries the routing verdict as a message of its own, so a Chinese page says it in Chinese', async () => {
    const { zh } = await import('../messages/zh')
    const [winner] = ofType(await runAgent(options({})), 'activation')
    expect(winner!.reason).toMatch(/^calculator wins keyword routing: Wins: \d\.\d{3} > threshold 0\.3$/)
    expect(winner!.text?.params?.verdict).toMatchObject({ key: 'verdict.winner' })
    expect(formatMessage(winner!.text!, zh)).toMatch(/^calculator 在关键词路由中胜出：胜出：\d\.\d{3} > 阈值 0\.3$/)

    const [none] = ofType(await runAgent(options({ utterance: '我想知道这个东西到底应该怎么计算才对呢', threshold: 0.99 })), 'activation')
    expect(none!.skill).toBeNull()
    const chinese = formatMessage(none!.text!, zh)
    expect(chinese).toContain('没有技能生效')
    expect(chinese).not.toMatch(/Below the threshold|Wins:|threshold/)
  })
})

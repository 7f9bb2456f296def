/**
 * The agent with skills that have code (docs/skill-code.md): LLM routing's execute step, a skill's
 * code as a tool, the fallback skill after two failures. The sandbox is stood in for by a runner
 * that computes the sum in JavaScript (the real one is tested in src/cli/nodeCodeRunner.test.ts).
 */
import { describe, expect, it } from 'vitest'
import type { CodeRunner, CodeRunRequest } from '../code'
import { checkExpectations, trialFacts } from '../evals/checkExpectations'
import { runPatternCheck, type PatternCheck } from '../evals/patternCheck'
import { parseSkill, workspaceCode, type SkillFile } from '../skill'
import { createVirtualFiles } from '../tools/virtualFiles'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { createScriptedModel, runAgent, type ModelClient, type ModelRequest, type RunOptions, type TraceEvent } from './index'

const files: SkillFile[] = [
  {
    path: 'add_calc/SKILL.md',
    text: '---\nname: add-calc\ndescription: 两个或多个数字求和。Adds numbers.\ntrigger_keywords: [求和, 相加]\nrequired_tools: [calculator]\nfallback: calculator\nparameters:\n  type: object\n  properties:\n    numbers: { type: array, items: { type: number }, minItems: 2 }\n  required: [numbers]\n---\n调用 `add-calc` 求和。\n',
  },
  { path: 'add_calc/skill.py', text: 'from .tool import add\ndef run(args):\n    return {"result": add(args["numbers"])}\n' },
  { path: 'add_calc/tool.py', text: 'def add(numbers):\n    return sum(numbers)\n' },
  {
    path: 'calculator/SKILL.md',
    text: '---\nname: calculator\ndescription: Computes arithmetic exactly. 计算数学表达式。\ntrigger_keywords: [计算]\nrequired_tools: [calculator]\n---\nYou compute.\n',
  },
]
const skills = files.filter((file) => file.path.endsWith('SKILL.md')).map((file) => parseSkill(file.path, file.text))
const skillCode = workspaceCode(files, skills)

function sandbox(behaviour: 'sum' | 'raise' = 'sum'): CodeRunner & { requests: CodeRunRequest[] } {
  const requests: CodeRunRequest[] = []
  const run: CodeRunner = async (request) => {
    requests.push(request)
    if (behaviour === 'raise')
      return {
        ok: false,
        error: {
          type: 'exception',
          message: 'ValueError: boom',
          traceback: 'Traceback (most recent call last):\n  File "tool.py", line 2, in add\nValueError: boom\n',
        },
        stdout: 'about to fail\n',
        stderr: '',
        ms: 3,
      }
    const numbers = request.args.numbers as number[]
    const total = numbers.reduce((sum, n) => sum + n, 0)
    return {
      ok: true,
      result: { result: total, user_message: `${numbers.join(' + ')} = ${total}` },
      stdout: 'summing\n',
      stderr: '',
      ms: 2,
    }
  }
  return Object.assign(run, { requests })
}

function options(overrides: Partial<RunOptions>): RunOptions {
  return {
    utterance: '3、5、8 求和',
    skills,
    mode: 'keyword',
    threshold: 0.1,
    model: createScriptedModel(),
    tools: { files: createVirtualFiles({}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date('2026-11-30T12:00:00Z') },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
    skillCode,
    ...overrides,
  }
}

const ofType = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type)

describe('skills with code in the agent', () => {
  it('reads a skill folder: skill.py with its tool.py, parameters from the frontmatter', () => {
    const code = skillCode.get('add_calc/SKILL.md')
    expect(code).toMatchObject({ folder: 'add_calc', entry: 'skill.py', function: 'run', parametersFrom: 'frontmatter' })
    expect(code?.files.map((file) => file.path)).toEqual(['skill.py', 'tool.py'])
    expect(skillCode.has('calculator/SKILL.md')).toBe(false)
  })

  it('LLM routing: decide, execute the code with the validated arguments, then answer from its result', async () => {
    const runCode = sandbox()
    const requests: ModelRequest[] = []
    const scripted = createScriptedModel()
    const model: ModelClient = { label: 'spy', complete: (request) => (requests.push(request), scripted.complete(request)) }
    // What the run view shows while a step runs: announced before its event, in order.
    const seen: string[] = []
    const events = await runAgent(
      options({
        mode: 'llm',
        runCode,
        model,
        onWorking: (step) => seen.push(`working ${step.type} ${step.name}`),
        onEvent: (event) => seen.push(event.type),
      }),
    )
    // The catalog enters before the routing call; the skill's body with the first round, after the execute step.
    expect(seen.slice(0, 6)).toEqual(['disclosure', 'model', 'activation', 'working execute skill.py', 'execute', 'disclosure'])
    expect(runCode.requests).toEqual([
      { entry: 'skill.py', function: 'run', args: { numbers: [3, 5, 8] }, files: skillCode.get('add_calc/SKILL.md')!.files },
    ])
    // Routing call, the activation it chose, then the execute step, then the rounds.
    expect(events.map((event) => event.type).slice(0, 6)).toEqual(['disclosure', 'model', 'activation', 'execute', 'disclosure', 'round'])
    const [execute] = ofType(events, 'execute')
    expect(execute).toMatchObject({
      skill: 'add-calc',
      tool: 'add-calc',
      file: 'skill.py',
      arguments: '{"numbers":[3,5,8]}',
      result: { result: 16 },
      error: null,
      userMessage: '3 + 5 + 8 = 16',
      code: { file: 'skill.py', stdout: 'summing\n' },
    })
    // The answer call carries the result to the model.
    const answerCall = requests.at(-1)!
    expect(answerCall.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringContaining('The skill\'s code (skill.py) returned: {"result":16'),
    })
    expect(ofType(events, 'final')[0]?.text).toBe('3 + 5 + 8 = 16')
    // An eval asserts on the code's result like any tool call.
    const checkPattern = async (check: PatternCheck) => runPatternCheck(check)
    const results = await checkExpectations(
      { tools_called: ['add-calc'], tool_results: { 'add-calc': { result: 16 } } },
      trialFacts(events),
      checkPattern,
    )
    expect(results.every((result) => result.passed)).toBe(true)
    expect((await checkExpectations({ tool_results: { 'add-calc': { result: 17 } } }, trialFacts(events), checkPattern))[0]).toMatchObject({
      passed: false,
    })
  })

  it('LLM routing: a failing execute step is traced with its traceback, and the model is told not to make up a result', async () => {
    const events = await runAgent(options({ mode: 'llm', runCode: sandbox('raise') }))
    const [execute] = ofType(events, 'execute')
    expect(execute).toMatchObject({
      error: { type: 'failed', message: 'ValueError: boom' },
      code: { traceback: expect.stringContaining('File "tool.py", line 2') },
    })
    expect(ofType(events, 'final')[0]?.text).toContain("The skill's code failed: ValueError: boom")
  })

  it('keyword routing: the active skill offers its code as a tool, validated against its parameters', async () => {
    const runCode = sandbox()
    const seen: string[] = []
    const events = await runAgent(
      options({ runCode, onWorking: (step) => seen.push(`working ${step.type} ${step.name}`), onEvent: (event) => seen.push(event.type) }),
    )
    expect(seen[seen.indexOf('tool') - 1]).toBe('working tool add-calc')
    expect(ofType(events, 'activation')[0]?.skill).toBe('add-calc')
    const [call] = ofType(events, 'tool')
    expect(call).toMatchObject({ tool: 'add-calc', valid: true, result: { result: 16 }, code: { file: 'skill.py', stdout: 'summing\n' } })
    expect(ofType(events, 'final')[0]?.text).toContain('3 + 5 + 8 = 16')
  })

  it('with no skill active, every skill with code is a tool; without a runner, none is', async () => {
    const seen: string[][] = []
    const model: ModelClient = {
      label: 'spy',
      complete: async (request) => (seen.push(request.tools.map((tool) => tool.name)), { text: 'ok', toolCalls: [] }),
    }
    await runAgent(options({ mode: 'none', model, runCode: sandbox() }))
    expect(seen[0]).toContain('add-calc')
    await runAgent(options({ mode: 'none', model }))
    expect(seen[1]).not.toContain('add-calc')
  })

  it('after two failed tool calls the fallback skill takes over with its prompt and tools, and the trace says so', async () => {
    const requests: ModelRequest[] = []
    const model: ModelClient = {
      label: 'spy',
      complete: async (request) => {
        requests.push(request)
        if (requests.length <= 2)
          return { text: '', toolCalls: [{ id: `c${requests.length}`, name: 'add-calc', arguments: '{"numbers":[1,2]}' }] }
        return { text: 'done', toolCalls: [] }
      },
    }
    const events = await runAgent(options({ model, runCode: sandbox('raise') }))
    expect(ofType(events, 'tool').map((event) => event.error?.type)).toEqual(['failed', 'failed'])
    expect(ofType(events, 'stopped')).toEqual([])
    const [fallback] = ofType(events, 'fallback')
    expect(fallback).toMatchObject({
      from: 'add-calc',
      to: 'calculator',
      message: expect.stringContaining('switching to its fallback skill calculator'),
    })
    const last = requests.at(-1)!
    expect(last.messages[0]).toMatchObject({ role: 'system', content: 'You compute.\n' })
    expect(last.tools.map((tool) => tool.name)).toEqual(['calculator'])
    expect(ofType(events, 'final')[0]?.text).toBe('done')
  })
})

/**
 * The third level of progressive disclosure in the agent loop: read_skill_file and run_skill_script
 * offered once a skill with bundled files is active or loaded (every routing mode), the offline
 * model reading what the instructions name, and the trace's disclosure steps with their tokens.
 */
import { describe, expect, it } from 'vitest'
import { parseSkill, type SkillFile } from '../skill'
import { createVirtualFiles } from '../tools/virtualFiles'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { workspaceBundles } from '../tools/skillFileTools'
import type { CodeRunner, CodeRunRequest } from '../code/codeRun'
import { createScriptedModel, runAgent, type RunOptions, type TraceEvent } from './index'
import type { ModelRequest } from './types'

const files: SkillFile[] = [
  {
    path: 'pdf-forms/SKILL.md',
    text: '---\nname: pdf-forms\ndescription: Fill in and check PDF forms. Use for PDF form questions.\ntrigger_keywords: [pdf form]\n---\n# PDF forms\nFor the field rules read `reference.md`. To check a form, run `scripts/check_form.py <file>`.\n',
  },
  { path: 'pdf-forms/reference.md', text: '# Field rules\nDates are written YYYY-MM-DD.\n' },
  { path: 'pdf-forms/scripts/check_form.py', text: 'import sys\nprint("3 fields ok in", sys.argv[1])\n' },
  { path: 'weather/SKILL.md', text: '---\nname: weather\ndescription: Weather.\ntrigger_keywords: [weather]\n---\nWeather.\n' },
  { path: 'weather/notes.md', text: 'weather secret' },
]
const skills = files.filter((file) => file.path.endsWith('SKILL.md')).map((file) => parseSkill(file.path, file.text))
const bundles = workspaceBundles(skills, files)

const requests: CodeRunRequest[] = []
const fakeRunner: CodeRunner = async (request) => {
  requests.push(request)
  return { ok: true, result: { exit_code: 0 }, stdout: `3 fields ok in ${request.script?.argv[0] ?? '?'}\n`, stderr: '', ms: 5 }
}

function options(overrides: Partial<RunOptions>): RunOptions {
  return {
    utterance: 'pdf form: check the fields of form.pdf against the reference',
    skills,
    skillFiles: bundles,
    runCode: fakeRunner,
    mode: 'keyword',
    threshold: 0.05,
    model: createScriptedModel(),
    tools: { files: createVirtualFiles({}), knowledge: [], mocks: DEFAULT_MOCKS, now: () => new Date('2026-12-01T00:00:00Z') },
    signal: new AbortController().signal,
    clock: () => 0,
    timers: { set: (fn, ms) => setTimeout(fn, ms), clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>) },
    onEvent: () => {},
    ...overrides,
  }
}

const ofType = <T extends TraceEvent['type']>(events: TraceEvent[], type: T) =>
  events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type)

/** The scripted model, recording the tools it was shown in each call. */
function watched() {
  const seen: string[][] = []
  const model = createScriptedModel()
  return {
    seen,
    model: {
      label: model.label,
      complete: (request: ModelRequest) => (seen.push(request.tools.map((tool) => tool.name)), model.complete(request)),
    },
  }
}

describe('bundled files in the agent loop', () => {
  it('keyword routing: the active skill offers its files; the offline model reads the named reference, runs the script, answers', async () => {
    requests.length = 0
    const { model, seen } = watched()
    const events = await runAgent(options({ model }))
    expect(seen[0]).toEqual(expect.arrayContaining(['read_skill_file', 'run_skill_script']))
    const calls = ofType(events, 'tool')
    expect(calls.map((call) => [call.tool, call.arguments])).toEqual([
      ['read_skill_file', JSON.stringify({ skill: 'pdf-forms', path: 'reference.md' })],
      ['run_skill_script', JSON.stringify({ skill: 'pdf-forms', path: 'scripts/check_form.py', args: ['form.pdf'] })],
    ])
    expect(calls[0]?.result).toMatchObject({ path: 'reference.md', content: '# Field rules\nDates are written YYYY-MM-DD.\n' })
    expect(calls[1]?.result).toEqual({
      skill: 'pdf-forms',
      path: 'scripts/check_form.py',
      exit_code: 0,
      stdout: '3 fields ok in form.pdf\n',
      stderr: '',
    })
    expect(requests[0]).toMatchObject({ entry: 'scripts/check_form.py', script: { argv: ['form.pdf'] } })
    const final = ofType(events, 'final')[0]?.text ?? ''
    expect(final).toContain('Dates are written YYYY-MM-DD')
    expect(final).toContain('3 fields ok in form.pdf')
    expect(ofType(events, 'activation')[0]?.config.tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['read_skill_file', 'run_skill_script']),
    )
  })

  it('traces each level with its tokens: body at the start, then each file read and each script run', async () => {
    const events = await runAgent(options({ countTokens: (text) => text.length * 10 }))
    const steps = ofType(events, 'disclosure')
    expect(steps.map((step) => [step.level, step.skill, step.path ?? null, step.round])).toEqual([
      ['body', 'pdf-forms', null, 0],
      ['file', 'pdf-forms', 'reference.md', 1],
      ['script', 'pdf-forms', 'scripts/check_form.py', 2],
    ])
    expect(steps[1]).toMatchObject({ characters: 44, tokens: 440, estimated: false })
    expect(steps[2]).toMatchObject({ exitCode: 0, estimated: false })
  })

  it('progressive disclosure: the catalog with its size, the body when loaded, and the files only after loading', async () => {
    const { model, seen } = watched()
    const events = await runAgent(options({ mode: 'progressive', model }))
    expect(seen[0]).toContain('load_skill')
    expect(seen[0]).not.toContain('read_skill_file')
    expect(seen[1]).toEqual(expect.arrayContaining(['read_skill_file', 'run_skill_script']))
    const steps = ofType(events, 'disclosure')
    expect(steps.map((step) => step.level)).toEqual(['catalog', 'body', 'file', 'script'])
    expect(steps[0]).toMatchObject({ skills: 2, estimated: true })
    expect(steps[0]?.tokens).toBeGreaterThan(5)
    expect(ofType(events, 'tool').map((call) => call.tool)).toEqual(['load_skill', 'read_skill_file', 'run_skill_script'])
  })

  it.each(['grouped', 'llm'] as const)('%s routing offers the files of the skill it activates', async (mode) => {
    const { model, seen } = watched()
    const events = await runAgent(options({ mode, model }))
    expect(ofType(events, 'activation')[0]?.skill).toBe('pdf-forms')
    expect(seen.at(-1)).toContain('read_skill_file')
    expect(ofType(events, 'tool').map((call) => call.tool)).toContain('read_skill_file')
  })

  it('offers nothing with no skill active, nor run_skill_script where code cannot run', async () => {
    const none = watched()
    await runAgent(options({ mode: 'none', model: none.model }))
    expect(none.seen.flat()).not.toContain('read_skill_file')
    const noCode = watched()
    await runAgent(options({ runCode: undefined, model: noCode.model }))
    expect(noCode.seen[0]).toContain('read_skill_file')
    expect(noCode.seen[0]).not.toContain('run_skill_script')
  })

  it("refuses hostile paths, another skill's files and other languages as tool errors the model can read", async () => {
    const script = createScriptedModel([
      {
        tool_calls: [
          { name: 'read_skill_file', arguments: { skill: 'pdf-forms', path: '../weather/notes.md' } },
          { name: 'read_skill_file', arguments: { skill: 'weather', path: 'notes.md' } },
          { name: 'read_skill_file', arguments: { skill: 'pdf-forms', path: '/etc/passwd' } },
          { name: 'run_skill_script', arguments: { skill: 'pdf-forms', path: 'reference.md' } },
        ],
      },
      { text: 'done' },
    ])
    requests.length = 0
    const events = await runAgent(options({ model: script }))
    const calls = ofType(events, 'tool')
    expect(calls.map((call) => call.error?.type)).toEqual(['refused', 'invalid_arguments', 'refused', 'refused'])
    expect(calls[0]?.error?.message).toContain('leaves the skill')
    expect(calls[2]?.error?.message).toContain('absolute path')
    expect(calls[3]?.error?.message).toContain('run_skill_script runs Python 3')
    expect(JSON.stringify(events)).not.toContain('weather secret')
    expect(requests).toEqual([])
    expect(ofType(events, 'disclosure').map((step) => step.level)).toEqual(['body'])
  })

  it("a script's failure (time-out) comes back as a tool error, not a disclosure", async () => {
    const timedOut: CodeRunner = async () => ({
      ok: false,
      error: { type: 'timeout', message: 'The code ran longer than 1 s and was stopped.' },
      stdout: 'partial',
      stderr: '',
      ms: 1000,
    })
    const events = await runAgent(options({ runCode: timedOut }))
    const run = ofType(events, 'tool').find((call) => call.tool === 'run_skill_script')
    expect(run?.error).toEqual({ type: 'timeout', message: 'The code ran longer than 1 s and was stopped.' })
    expect(run?.code?.stdout).toBe('partial')
    expect(ofType(events, 'disclosure').map((step) => step.level)).toEqual(['body', 'file'])
  })

  it('the text protocol gets the same tools described in its prompt', async () => {
    const events = await runAgent(options({ toolProtocol: 'text' }))
    expect(ofType(events, 'activation')[0]?.systemPrompt).toContain('read_skill_file')
    expect(ofType(events, 'tool').map((call) => call.tool)).toEqual(['read_skill_file', 'run_skill_script'])
  })
})

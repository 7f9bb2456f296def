import { describe, expect, it, vi } from 'vitest'
import { LINT_RULES } from '../core/lint'
import { mergeIncoming } from '../core/share'
import * as skill from '../core/skill'
import * as routingSuite from '../core/routingSuite'
import { createDerivations } from './derive'

vi.mock('../core/skill', async (importOriginal) => {
  const original = await importOriginal<typeof skill>()
  return { ...original, parseSkill: vi.fn(original.parseSkill), parseYamlTextInSteps: vi.fn(original.parseYamlTextInSteps) }
})
vi.mock('../core/routingSuite', async (importOriginal) => {
  const original = await importOriginal<typeof routingSuite>()
  return {
    ...original,
    parseRoutingTestsInSteps: vi.fn(original.parseRoutingTestsInSteps),
  }
})

const files = Array.from({ length: 300 }, (_, i) => ({
  path: `s${i}/SKILL.md`,
  text: `---\nname: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [plan, task${i}]\n---\nBody\n`,
}))

describe('bulk work ahead of a render', () => {
  it('parses and lints imported files in slices, so the render that adds them parses nothing', async () => {
    const derive = createDerivations()
    const parse = vi.mocked(skill.parseSkill)
    parse.mockClear()
    await derive.prepare(files, 'app')
    expect(parse).toHaveBeenCalledTimes(300)
    parse.mockClear()
    const workspace = derive.workspace(files)
    expect(workspace.skills).toHaveLength(300)
    derive.lint(files, 'app')
    expect(parse).not.toHaveBeenCalled()
    // A file changed since it was prepared is parsed again, not taken stale.
    const changed = files.map((file, i) => (i === 7 ? { ...file, text: file.text.replace('task7', 'task7, seven') } : file))
    derive.workspace(changed)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(derive.workspace(changed).skills.find((parsed) => parsed.path === 's7/SKILL.md')?.triggerKeywords).toEqual([
      'plan',
      'task7',
      'seven',
    ])
  })

  it('lints the files as the import will leave them ahead, workspace rules included', async () => {
    const derive = createDerivations()
    const shared = LINT_RULES.find((rule) => rule.id === 'keyword-shared')
    if (!shared?.checkWorkspace) throw new Error('keyword-shared is a workspace rule')
    const check = vi.spyOn(shared, 'checkWorkspace')
    try {
      await derive.prepare(files, 'app')
      expect(check).toHaveBeenCalledTimes(1)
      // The store's files are another array with the same contents: the lint finds it all done.
      const lint = derive.lint([...files], 'app')
      expect(check).toHaveBeenCalledTimes(1)
      expect(lint.findings.get('s1/SKILL.md')?.some((finding) => finding.code === 'keyword-shared')).toBe(true)
    } finally {
      check.mockRestore()
    }
  })

  it('resolves even when preparing fails, and the render then does the work itself', async () => {
    const derive = createDerivations()
    const parse = vi.mocked(skill.parseSkill)
    parse.mockImplementationOnce(() => {
      throw new Error('a parser bug')
    })
    await expect(derive.prepare(files, 'app')).resolves.toBeUndefined()
    expect(derive.workspace(files).skills).toHaveLength(300)
    expect(derive.lint(files, 'app').findings.size).toBe(300)
  })

  it('keeps the workspace of the files before a change and after it: a deferred render reading the old ones re-parses nothing', () => {
    const derive = createDerivations()
    const parse = vi.mocked(skill.parseSkill)
    const before = files.slice(0, 100)
    const first = derive.workspace(before)
    derive.workspace(files)
    parse.mockClear()
    expect(derive.workspace(before)).toBe(first)
    expect(derive.workspace([...before])).not.toBe(first)
    expect(derive.workspace(files).skills).toHaveLength(300)
    expect(parse).not.toHaveBeenCalled()
  })

  it('routes the suite in slices to the same result, and stops when newer files come', async () => {
    const suite = `${Array.from({ length: 50 }, (_, i) => `- utterance: plan task${i}\n  expect: s${i}\n`).join('')}`
    const withSuite = [...files, { path: 'routing-tests.yaml', text: suite }]
    const derive = createDerivations()
    expect(await derive.prepareTests(withSuite, 0.3, () => false)).toBe(false)
    expect(await derive.prepareTests(withSuite, 0.3, () => true)).toBe(true)
    const prepared = derive.tests(withSuite, 0.3)
    expect(prepared?.suite.passed).toBe(50)
    expect(prepared).toEqual(createDerivations().tests(withSuite, 0.3))
  })

  it('parses a long suite in steps ahead, once for every caller, and the render that shows it parses nothing', async () => {
    // A text no other test reads: core keeps the last few suites it parsed.
    const suite = '# ahead\n' + Array.from({ length: 300 }, (_, i) => `- utterance: plan task${i}\n  expect: s${i}\n`).join('')
    const withSuite = [...files, { path: 'routing-tests.yaml', text: suite }]
    const inSteps = vi.mocked(routingSuite.parseRoutingTestsInSteps)
    const yaml = vi.mocked(skill.parseYamlTextInSteps)
    inSteps.mockClear()
    yaml.mockClear()
    const derive = createDerivations()
    // The Tests badge and the Tests tab ask at once.
    expect(await Promise.all([derive.prepareTests(withSuite, 0.3, () => true), derive.prepareTests(withSuite, 0.3, () => true)])).toEqual([
      true,
      true,
    ])
    expect(inSteps).toHaveBeenCalledTimes(1)
    expect(yaml).toHaveBeenCalledTimes(1)
    expect(derive.tests(withSuite, 0.3)?.suite.passed).toBe(300)
    // The render found the suite parsed: the YAML parser did not run again.
    expect(yaml).toHaveBeenCalledTimes(1)
  })
})

describe('an import that keeps both', () => {
  it('the two suites the merge reads are parsed in steps ahead, and the merge and the render after it parse nothing', async () => {
    const suite = (from: number) =>
      `# merge ${from}\n` +
      Array.from({ length: 200 }, (_, i) => `- utterance: plan task${from + i}\n  expect: s${(from + i) % 300}\n`).join('')
    const own = [...files.slice(0, 10), { path: 'routing-tests.yaml', text: suite(0) }]
    const incoming = [...files.slice(10), { path: 'routing-tests.yaml', text: suite(100) }]
    const yaml = vi.mocked(skill.parseYamlTextInSteps)
    const derive = createDerivations()
    yaml.mockClear()
    // Not in the caller's task (an import's click): the first slice comes in a task of its own.
    const ahead = derive.prepareSuites([suite(100), suite(0)])
    expect(yaml).not.toHaveBeenCalled()
    await ahead
    expect(yaml).toHaveBeenCalled()
    yaml.mockClear()
    const merged = mergeIncoming(own, incoming, 'imported')
    expect(merged.tests.added).toBe(100)
    expect(yaml).not.toHaveBeenCalled()
    // The merged suite is new text: `prepare` parses it ahead of the render too.
    await derive.prepare(merged.files, 'app')
    expect(yaml).toHaveBeenCalledTimes(1)
    expect(derive.tests(merged.files, 0.3)?.cases).toHaveLength(300)
    expect(yaml).toHaveBeenCalledTimes(1)
  })
})

describe('a keystroke in one skill of many', () => {
  const code = [
    {
      path: 'calc/SKILL.md',
      text: '---\nname: calc\ndescription: Adds.\nparameters:\n  type: object\n  properties:\n    a: { type: number }\n---\nBody\n',
    },
    { path: 'calc/skill.py', text: 'def run(args):\n    return args["a"]\n' },
    { path: 'evals.yaml', text: 'cases:\n  - name: adds\n    utterance: add 1\n    expect:\n      skill: calc\n' },
  ]
  const workspaceFiles = [...code, ...files]
  const edit = (all: typeof workspaceFiles, path: string, change: (text: string) => string) =>
    all.map((file) => (file.path === path ? { ...file, text: change(file.text) } : file))

  it('keeps the routing of the last few utterances: an urgent render reading the committed one after an interrupted deferred render routes nothing', () => {
    const derive = createDerivations()
    const committed = derive.shown(files, 'plan task1', 0.3, false)
    // Deferred renders for two newer keystrokes were interrupted before they committed.
    derive.shown(files, 'plan task12', 0.3, false)
    const newest = derive.shown(files, 'plan task123', 0.3, false)
    const grouped = derive.shown(files, 'plan task1', 0.3, true)
    expect(derive.shown(files, 'plan task1', 0.3, false)).toBe(committed)
    expect(derive.routing(files, 'plan task123', 0.3)).toBe(newest)
    expect(derive.shown(files, 'plan task1', 0.3, true)).toBe(grouped)
    expect(committed.winner?.skill).toBe('s1')
  })

  it('re-parses that skill only, to the workspace a full load gives', () => {
    const derive = createDerivations()
    const parse = vi.mocked(skill.parseSkill)
    const first = derive.workspace(workspaceFiles)
    parse.mockClear()
    const typed = edit(workspaceFiles, 's7/SKILL.md', (text) => text.replace('task7]', 'task7, seven]'))
    const second = derive.workspace(typed)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(second.skills.filter((one, i) => one !== first.skills[i]).map((one) => one.path)).toEqual(['s7/SKILL.md'])
    expect(second).toEqual(skill.loadWorkspace(typed))
    expect(second.skills.find((one) => one.path === 's7/SKILL.md')?.triggerKeywords).toEqual(['plan', 'task7', 'seven'])
    // A file that is no skill changed: the same workspace; paths changed: a full load.
    expect(derive.workspace(edit(typed, 'evals.yaml', (text) => text + '\n'))).toBe(second)
    const renamed = typed.map((file) => (file.path === 's8/SKILL.md' ? { ...file, path: 's8b/SKILL.md' } : file))
    expect(derive.workspace(renamed)).toEqual(skill.loadWorkspace(renamed))
  })

  it('finds a skill by path at its place, after a keystroke, a rename and a delete', () => {
    const derive = createDerivations()
    expect(derive.skillAt(workspaceFiles, 's7/SKILL.md')?.name).toBe('s7')
    const typed = edit(workspaceFiles, 's7/SKILL.md', (text) => text.replace('task7]', 'task7, seven]'))
    expect(derive.skillAt(typed, 's7/SKILL.md')).toBe(derive.workspace(typed).skills.find((one) => one.path === 's7/SKILL.md'))
    expect(derive.skillAt(typed, 's7/SKILL.md')?.triggerKeywords).toContain('seven')
    const renamed = typed.map((file) => (file.path === 's7/SKILL.md' ? { ...file, path: 'a7/SKILL.md' } : file))
    expect(derive.skillAt(renamed, 's7/SKILL.md')).toBeUndefined()
    expect(derive.skillAt(renamed, 'a7/SKILL.md')?.triggerKeywords).toContain('seven')
    expect(derive.skillAt(renamed, 's8/SKILL.md')?.name).toBe('s8')
    const deleted = renamed.filter((file) => file.path !== 's3/SKILL.md')
    expect(derive.skillAt(deleted, 's3/SKILL.md')).toBeUndefined()
    expect(derive.skillAt(deleted, 's4/SKILL.md')?.name).toBe('s4')
    expect(derive.skillAt(deleted, 'evals.yaml')).toBeUndefined()
    expect(derive.skillAt(deleted, null)).toBeUndefined()
  })

  it('keeps the code and the evals of the files before, unless what they read changed', () => {
    const derive = createDerivations()
    const codeBefore = derive.code(workspaceFiles)
    const evalsBefore = derive.evals(workspaceFiles)
    const body = edit(workspaceFiles, 's3/SKILL.md', (text) => text + 'more body')
    expect(derive.code(body)).toBe(codeBefore)
    expect(derive.codeFiles(body)).toBe(derive.codeFiles(workspaceFiles))
    // The list of other files follows the paths only: a keystroke keeps it, a new file changes it.
    expect(derive.otherFiles(body)).toBe(derive.otherFiles(workspaceFiles))
    expect(derive.otherFiles([...body, { path: 'notes.txt', text: 'n' }])).toEqual([...derive.otherFiles(body), 'notes.txt'])
    expect(derive.evals(body)).toBe(evalsBefore)

    const python = edit(body, 'calc/skill.py', (text) => text.replace('"a"]', '"a"] * 2'))
    expect(
      derive
        .code(python)
        .get('calc/SKILL.md')
        ?.files.find((file) => file.path === 'skill.py')?.text,
    ).toContain('* 2')
    const parameters = edit(python, 'calc/SKILL.md', (text) => text.replace('a: { type: number }', 'b: { type: string }'))
    expect(Object.keys(derive.code(parameters).get('calc/SKILL.md')?.parameters?.properties ?? {})).toEqual(['b'])
    const evals = edit(parameters, 'evals.yaml', (text) => text.replace('add 1', 'add 2'))
    expect(derive.evals(evals)).not.toBe(evalsBefore)
    expect(JSON.stringify(derive.evals(evals))).toContain('add 2')
  })
})

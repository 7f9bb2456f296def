import { describe, expect, it } from 'vitest'
import { isSkillPath } from './loadWorkspace'
import { parseSkill } from './parseSkill'
import {
  belongsToCode,
  codeFilesByFolder,
  codeOwnerOf,
  codeToolName,
  isCodeFile,
  readSchemaFile,
  starterSkillCode,
  workspaceCode,
} from './skillCode'
import type { SkillFile } from './types'

const skillsOf = (files: SkillFile[]) => files.filter((file) => isSkillPath(file.path)).map((file) => parseSkill(file.path, file.text))

describe("a skill's code", () => {
  it('finds the entry (skill.py before main.py), lists every code file of the folder, and leaves nested skills their own', () => {
    const files: SkillFile[] = [
      { path: 'data/report/SKILL.md', text: '---\nname: report\n---\nx' },
      { path: 'data/report/main.py', text: 'def execute(p): return 1' },
      { path: 'data/report/skill.py', text: 'def run(a): return 1' },
      { path: 'data/report/lib/helpers.py', text: '' },
      { path: 'data/report/README.md', text: 'docs' },
      { path: 'data/report/inner/SKILL.md', text: '---\nname: inner\n---\nx' },
      { path: 'data/report/inner/main.py', text: 'def execute(p): return 2' },
      { path: 'flat.md', text: '---\nname: flat\n---\nx' },
      { path: 'prompt_only/SKILL.md', text: '---\nname: prompt_only\n---\nx' },
      { path: 'prompt_only/scripts/helper.py', text: '' },
    ]
    const codes = workspaceCode(files, skillsOf(files))
    expect(codes.get('data/report/SKILL.md')).toMatchObject({ folder: 'data/report', entry: 'skill.py', function: 'run' })
    expect(codes.get('data/report/SKILL.md')?.files.map((file) => file.path)).toEqual(['lib/helpers.py', 'main.py', 'skill.py'])
    expect(codes.get('data/report/inner/SKILL.md')).toMatchObject({ entry: 'main.py', function: 'execute', files: [{ path: 'main.py' }] })
    // A flat skill has no folder for code; scripts without an entry do not make a skill runnable.
    expect([...codes.keys()].sort()).toEqual(['data/report/SKILL.md', 'data/report/inner/SKILL.md'])
    // Which skill a file's code belongs to: the nearest folder first.
    expect(codeOwnerOf(codes, 'data/report/lib/helpers.py')?.skillPath).toBe('data/report/SKILL.md')
    expect(codeOwnerOf(codes, 'data/report/SKILL.md')?.skillPath).toBe('data/report/SKILL.md')
    expect(codeOwnerOf(codes, 'data/report/inner/main.py')?.skillPath).toBe('data/report/inner/SKILL.md')
    expect(codeOwnerOf(codes, 'data/report/inner/SKILL.md')?.code.folder).toBe('data/report/inner')
    expect(codeOwnerOf(codes, 'prompt_only/scripts/helper.py')).toBeNull()
    expect(codeOwnerOf(codes, 'data/reporter/x.py')).toBeNull()
    // The same answers from the code files alone, without a parsed skill.
    const byFolder = codeFilesByFolder(files, skillsOf(files))
    for (const file of [...files, { path: 'data/reporter/x.py' }, { path: 'elsewhere/SKILL.md' }])
      expect([file.path, belongsToCode(byFolder, file.path)]).toEqual([file.path, codeOwnerOf(codes, file.path) !== null])
    // …but they are listed under their skill all the same.
    expect(
      codeFilesByFolder(files, skillsOf(files))
        .get('prompt_only')
        ?.map((file) => file.path),
    ).toEqual(['prompt_only/scripts/helper.py'])
    // Its group comes from the folder above it.
    expect(skillsOf(files).map((skill) => [skill.name, skill.group])).toContainEqual(['report', 'data'])
  })

  it('takes parameters from the frontmatter, else from schema.json, and says what is wrong with a bad schema.json', () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } }
    expect(readSchemaFile(JSON.stringify({ name: 'x', parameters: schema }))).toEqual({ parameters: schema, problem: null })
    expect(readSchemaFile(JSON.stringify(schema))).toEqual({ parameters: schema, problem: null })
    expect(readSchemaFile('{ nope').problem).toMatch(/^schema.json is not valid JSON/)
    expect(readSchemaFile('[1]').problem).toBe('schema.json must be a JSON object.')
    const files: SkillFile[] = [
      { path: 'a/SKILL.md', text: '---\nname: a\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\nx' },
      { path: 'a/main.py', text: '' },
      { path: 'a/schema.json', text: JSON.stringify({ parameters: schema }) },
      { path: 'b/SKILL.md', text: '---\nname: b\n---\nx' },
      { path: 'b/main.py', text: '' },
      { path: 'b/schema.json', text: '{ broken' },
    ]
    const codes = workspaceCode(files, skillsOf(files))
    expect(codes.get('a/SKILL.md')).toMatchObject({ parametersFrom: 'frontmatter', parameters: { properties: { n: { type: 'number' } } } })
    expect(codes.get('b/SKILL.md')).toMatchObject({
      parametersFrom: null,
      parameters: undefined,
      schemaProblem: expect.stringContaining('not valid JSON'),
    })
  })

  it('names the code as a tool the way the model APIs accept', () => {
    expect(codeToolName({ name: 'add-calc' })).toBe('add-calc')
    expect(codeToolName({ name: 'sum numbers' })).toBe('sum_numbers')
    expect(codeToolName({ name: '加法' })).toMatch(/^skill_[0-9a-z]+$/)
    expect(isCodeFile('a/b.py')).toBe(true)
    expect(isCodeFile('a/schema.json')).toBe(true)
    expect(isCodeFile('a/evals/evals.json')).toBe(false)
  })
})

describe('a first skill.py', () => {
  it('names the parameters and returns plain data', () => {
    const text = starterSkillCode({
      name: 'add-calc',
      parameters: { type: 'object', properties: { numbers: {}, 'not-an-identifier': {} } },
    })
    expect(text).toContain(
      'def run(args: dict):\n    numbers = args.get("numbers")\n    return {"received": args, "user_message": "Done."}\n',
    )
    expect(text.startsWith('"""add-calc\'s code')).toBe(true)
  })
})

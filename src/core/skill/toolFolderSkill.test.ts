/**
 * Seed 001's tool folder (/work/shared/seeds/001_*.md, sections 2.1 and 3.1: `skills/<name>/`
 * with `schema.json` and `main.py`, no SKILL.md) as a skill of the workspace.
 */
import { describe, expect, it } from 'vitest'
import { importPaths } from '../share/importPaths'
import { mergeIncoming } from '../share/mergeIncoming'
import { loadWorkspace, reloadWorkspace } from './loadWorkspace'
import { workspaceCode } from './skillCode'
import { isToolSkillPath, parseToolSchema, toolSkillPaths } from './toolFolderSkill'

const SCHEMA = JSON.stringify({
  name: 'execute_sql',
  description: '在指定的业务数据库上执行只读 SQL 查询。仅适用于数据查询场景，禁止执行写入操作。',
  parameters: {
    type: 'object',
    properties: { sql: { type: 'string', pattern: '^SELECT\\s.*' }, db_name: { type: 'string', enum: ['orders', 'users', 'inventory'] } },
    required: ['sql', 'db_name'],
  },
})
const MAIN = 'def execute(params):\n    return {"user_message": "ok"}\n'
const files = [
  { path: 'execute_sql/main.py', text: MAIN },
  { path: 'execute_sql/schema.json', text: SCHEMA },
]

describe('seed 001 tool folders', () => {
  it('are found by their paths: schema.json beside main.py, with no SKILL.md', () => {
    expect(toolSkillPaths(['execute_sql/main.py', 'execute_sql/schema.json'])).toEqual(['execute_sql/schema.json'])
    expect(toolSkillPaths(['a/schema.json'])).toEqual([])
    expect(toolSkillPaths(['a/schema.json', 'a/main.py', 'a/SKILL.md'])).toEqual([])
    expect(toolSkillPaths(['schema.json', 'main.py'])).toEqual([])
    const has = (path: string) => ['x/main.py', 'x/schema.json'].includes(path)
    expect(isToolSkillPath('x/schema.json', has)).toBe(true)
    expect(isToolSkillPath('x/main.py', has)).toBe(false)
  })

  it('load as a skill with its code, its parameters from schema.json', () => {
    const { skills } = loadWorkspace(files)
    expect(skills).toHaveLength(1)
    expect(skills[0]).toMatchObject({ path: 'execute_sql/schema.json', name: 'execute_sql', diagnostics: [] })
    const code = workspaceCode(files, skills).get('execute_sql/schema.json')
    expect(code).toMatchObject({ folder: 'execute_sql', entry: 'main.py', function: 'execute', parametersFrom: 'schema.json' })
    expect(code?.parameters?.required).toEqual(['sql', 'db_name'])
  })

  it('an edit to schema.json re-reads the skill; broken JSON is a diagnostic at its place, not a lost skill', () => {
    const first = loadWorkspace(files)
    const edited = [files[0]!, { path: 'execute_sql/schema.json', text: SCHEMA.replace('execute_sql', 'run_sql') }]
    expect(reloadWorkspace({ files, workspace: first }, edited)?.skills[0]?.name).toBe('run_sql')
    const broken = parseToolSchema('execute_sql/schema.json', '{"name": "execute_sql",\n  "description": }')
    expect(broken.name).toBe('execute_sql')
    expect(broken.diagnostics[0]).toMatchObject({ severity: 'error', code: 'schema-json' })
    expect(broken.diagnostics[0]!.message).toContain('schema.json is not valid JSON')
  })

  it('a picked folder brings them in (the page said "4 files were not imported"), and an import adds them as a skill', () => {
    const picked = [
      'proj/skills/execute_sql/schema.json',
      'proj/skills/execute_sql/main.py',
      'proj/skills/read_file/schema.json',
      'proj/skills/read_file/main.py',
    ]
    expect(importPaths(picked)).toEqual({
      paths: ['execute_sql/schema.json', 'execute_sql/main.py', 'read_file/schema.json', 'read_file/main.py'],
      outside: [],
    })
    const merged = mergeIncoming([], files, 'imported')
    expect(merged.added).toEqual(['execute_sql/schema.json'])
    expect(merged.addedOthers).toEqual(['execute_sql/main.py'])
  })
})

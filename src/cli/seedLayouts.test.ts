/**
 * The seeds' own layouts, run by the CLI as the seeds write them (/work/shared/seeds/):
 * seed 001's tool folder (`skills/<name>/schema.json` + `main.py` with `execute(params)`, no
 * SKILL.md; the schema is section 2.1's execute_sql, main.py follows section 3.1's `execute`
 * shape) and seed 004's SKILL.md with the `parameters` shorthand beside `skill.py` + `tool.py`.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadWorkspace } from '../core/skill'
import { SEED_001_MAIN, SEED_001_SCHEMA, SEED_004 } from '../core/skill/seedFixtures'
import { readSkillsDir } from './readSkillsDir'
import { runCli } from './runCli'

async function run(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, { out: (line) => out.push(line), err: (line) => err.push(line), lines: async function* () {} })
  return { code, out, err }
}

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'seeds-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('seed 001: a tool folder (schema.json + main.py, no SKILL.md) is a skill', { timeout: 60_000 }, () => {
  const dir = folder({ 'execute_sql/schema.json': SEED_001_SCHEMA, 'execute_sql/main.py': SEED_001_MAIN })

  it('loads with the name and description of schema.json', () => {
    const { skills } = loadWorkspace(readSkillsDir(dir))
    expect(skills.map((skill) => [skill.path, skill.name, skill.description])).toEqual([
      ['execute_sql/schema.json', 'execute_sql', '在指定的业务数据库上执行只读 SQL 查询。仅适用于数据查询场景，禁止执行写入操作。'],
    ])
    expect(skills[0]!.parameters?.required).toEqual(['sql', 'db_name'])
  })

  it('exec runs execute(params) with valid arguments', async () => {
    const { code, out } = await run([
      'exec',
      '--skills',
      dir,
      '--skill',
      'execute_sql',
      '--args',
      '{"sql": "SELECT * FROM orders", "db_name": "orders"}',
    ])
    expect(code).toBe(0)
    expect(JSON.parse(out[0]!)).toMatchObject({
      result: { user_message: '在 orders 上执行了查询（最多 100 行）', data: { sql: 'SELECT * FROM orders', db_name: 'orders' } },
      stdout: 'running "SELECT * FROM orders"\n',
    })
  })

  it('enforces schema.json before execute(params) runs: the pattern, the enum, the range, required', async () => {
    for (const [args, words] of [
      ['{"sql": "DELETE FROM orders", "db_name": "orders"}', 'pattern'],
      ['{"sql": "SELECT 1", "db_name": "payroll"}', 'db_name'],
      ['{"sql": "SELECT 1", "db_name": "users", "limit": 9000}', 'limit'],
      ['{"sql": "SELECT 1"}', 'db_name'],
    ] as const) {
      const { code, out } = await run(['exec', '--skills', dir, '--skill', 'execute_sql', '--args', args])
      expect(code).toBe(1)
      const result = JSON.parse(out[0]!) as { error: { type: string; message: string }; stdout?: string }
      expect(result.error.type).toBe('invalid-arguments')
      expect(`${result.error.message} ${JSON.stringify(result)}`).toContain(words)
      expect(result.stdout).toBeUndefined()
    }
  })

  it('--skills may name the tool folder itself', async () => {
    const { code, out } = await run([
      'exec',
      '--skills',
      join(dir, 'execute_sql'),
      '--skill',
      'execute_sql',
      '--args',
      '{"sql": "SELECT 1", "db_name": "users", "limit": 5}',
    ])
    expect(code).toBe(0)
    expect(JSON.parse(out[0]!)).toMatchObject({ result: { data: { limit: 5 } } })
  })

  it('a folder with a SKILL.md stays that skill; its schema.json only gives parameters', () => {
    const both = folder({
      'execute_sql/SKILL.md': '---\nname: sql\ndescription: Runs SQL.\n---\nBody.\n',
      'execute_sql/schema.json': SEED_001_SCHEMA,
      'execute_sql/main.py': SEED_001_MAIN,
    })
    expect(loadWorkspace(readSkillsDir(both)).skills.map((skill) => skill.path)).toEqual(['execute_sql/SKILL.md'])
  })
})

describe('seed 004: the parameters shorthand runs as written', { timeout: 60_000 }, () => {
  const dir = folder(SEED_004)

  it('exec checks the arguments against the schema the shorthand means, then runs skill.py', async () => {
    const ok = await run(['exec', '--skills', dir, '--skill', 'add-calc', '--args', '{"numbers": [3, 5, 8]}'])
    expect(ok.code).toBe(0)
    expect(JSON.parse(ok.out[0]!)).toMatchObject({ result: { numbers: [3, 5, 8], result: 16 } })
    for (const args of ['{}', '{"numbers": ["three"]}']) {
      const bad = await run(['exec', '--skills', dir, '--skill', 'add-calc', '--args', args])
      expect(bad.code).toBe(1)
      expect(JSON.parse(bad.out[0]!)).toMatchObject({ error: { type: 'invalid-arguments' } })
    }
  })

  it('lint reports the shorthand as an info, never an error', async () => {
    const { code, out } = await run(['lint', dir])
    expect(code).toBe(0)
    const text = out.join('\n')
    expect(text).toContain('parameters-shorthand')
    expect(text).not.toMatch(/\berror\b/)
  })
})

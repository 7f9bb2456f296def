import { describe, expect, it } from 'vitest'
import { BUILTIN_TOOLS } from './builtinTools'
import { runCalculator } from './calculator'
import { runFileRead, runFileWrite } from './fileTools'
import { runSearchKnowledge } from './searchKnowledge'
import { builtinToolRegistry, createToolRegistry } from './toolRegistry'
import { ToolRefusal, type ToolContext } from './types'
import { createVirtualFiles, resolveWorkspacePath } from './virtualFiles'

const context = (files = createVirtualFiles({ 'a.md': 'x'.repeat(5000) })): ToolContext => ({
  files,
  knowledge: [
    { id: '1', title: 'RAG 入门', text: 'RAG（检索增强生成）先检索知识库，再让模型回答。' },
    { id: '2', title: 'Weather API', text: 'The weather tool returns temperature and rain probability.' },
  ],
  mocks: {},
  now: () => new Date(0),
  signal: new AbortController().signal,
})

describe('calculator', () => {
  it('evaluates without eval and refuses functions that reach outside arithmetic', () => {
    expect(runCalculator({ expression: '2^20' }, context())).toEqual({ expression: '2^20', result: 1048576 })
    expect(() => runCalculator({ expression: 'import({x: 1})' }, context())).toThrow(ToolRefusal)
    expect(() => runCalculator({ expression: 'evaluate("1+1")' }, context())).toThrow(ToolRefusal)
    expect(() => runCalculator({ expression: 'constructor.constructor("return process")()' }, context())).toThrow()
  })
})

describe('one calculator call cannot poison the next', () => {
  it('refuses configuration, and the next call computes as usual', () => {
    expect(() => runCalculator({ expression: 'config({number:"BigNumber", precision:20000})' }, context())).toThrow(ToolRefusal)
    const started = Date.now()
    expect(runCalculator({ expression: '2^0.5' }, context())).toEqual({ expression: '2^0.5', result: Math.SQRT2 })
    expect(Date.now() - started).toBeLessThan(1000)
  })
})

describe('the file sandbox', () => {
  it.each(['../secret', '/etc/passwd', 'a/../../b', '..', '%2e%2e/x', 'a\\..\\b', 'C:/x', '~/x', 'a\u0000b', '....//x'])(
    'refuses %j',
    (path) => {
      expect(() => resolveWorkspacePath(path)).toThrow(ToolRefusal)
    },
  )

  it('normalises harmless paths', () => {
    expect(resolveWorkspacePath('./notes//todo.md')).toBe('notes/todo.md')
  })

  it('truncates at max_chars and refuses files over 5 MB', () => {
    expect(runFileRead({ file_path: 'a.md', max_chars: 10 }, context())).toMatchObject({
      content: 'x'.repeat(10),
      truncated: true,
      file_size: 5000,
    })
    expect(() => runFileWrite({ file_path: 'big.txt', content: 'x'.repeat(5 * 1024 * 1024 + 1) }, context())).toThrow(/5 MB/)
  })
})

describe('search_knowledge', () => {
  it('finds Chinese and English documents', () => {
    expect(runSearchKnowledge({ query: '检索增强' }, context())).toMatchObject({ results: [{ title: 'RAG 入门' }] })
    expect(runSearchKnowledge({ query: 'rain' }, context())).toMatchObject({ results: [{ title: 'Weather API' }] })
    expect(runSearchKnowledge({ query: 'zebra' }, context())).toMatchObject({
      results: [],
      user_message: expect.stringContaining('nothing'),
    })
  })
})

describe('execute_sql on the demo SQLite database', async () => {
  const { default: initSqlJs } = await import('sql.js')
  const { createDemoDatabase, runExecuteSql } = await import('./executeSql')
  const database = createDemoDatabase(await initSqlJs())
  const run = (sql: string, limit?: number) =>
    runExecuteSql({ sql, ...(limit ? { limit } : {}) }, { ...context(), database: async () => database })

  it('answers queries, with a row limit', async () => {
    await expect(run('SELECT count(*) AS n FROM orders')).resolves.toMatchObject({ columns: ['n'], rows: [[8]] })
    await expect(run('WITH t AS (SELECT amount FROM orders) SELECT sum(amount) FROM t')).resolves.toMatchObject({ row_count: 1 })
    await expect(run('SELECT * FROM orders', 3)).resolves.toMatchObject({ row_count: 3, truncated: true })
  })

  it('stops reading an endless query after its row limit instead of building every row', async () => {
    const started = Date.now()
    await expect(run('WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT x FROM c', 50)).resolves.toMatchObject({
      row_count: 50,
      truncated: true,
    })
    expect(Date.now() - started).toBeLessThan(2000)
  })

  it.each([
    ['a DELETE', 'DELETE FROM orders'],
    ['a DELETE hidden in a SELECT', 'SELECT * FROM orders; DELETE FROM orders'],
    ['a write through a CTE', 'WITH d AS (SELECT 1) INSERT INTO orders(id) SELECT 99 FROM d'],
    ['ATTACH', "ATTACH ':memory:' AS other"],
    ['a PRAGMA write', 'PRAGMA user_version = 3'],
    ['turning query_only off', 'PRAGMA query_only = 0'],
    ['a schema change', 'CREATE TABLE x(y)'],
    ['VACUUM', 'VACUUM'],
  ])('refuses %s', async (_, sql) => {
    await expect(run(sql)).rejects.toBeInstanceOf(ToolRefusal)
    await expect(run('SELECT count(*) FROM orders')).resolves.toMatchObject({ rows: [[8]] })
  })

  it('reports a syntax error', async () => {
    await expect(run('SELEC nothing')).rejects.toThrow(/syntax error/)
  })
})

describe('the tool registry', () => {
  it('has one descriptor per tool, and every descriptor loads a runner', async () => {
    expect(new Set(builtinToolRegistry.names).size).toBe(BUILTIN_TOOLS.length)
    for (const tool of builtinToolRegistry.tools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20)
      expect(typeof (await tool.load()), tool.name).toBe('function')
    }
  })

  it('refuses two tools with one name', () => {
    expect(() => createToolRegistry([BUILTIN_TOOLS[0]!, BUILTIN_TOOLS[0]!])).toThrow(/same name/)
  })

  it('runs a mocked tool from the mock rules it is given', async () => {
    const run = await builtinToolRegistry.get('get_weather')!.load()
    expect(
      await run({ city: 'Paris' }, { ...context(), mocks: { get_weather: [{ when: { city: 'paris' }, response: { ok: 1 } }] } }),
    ).toEqual({ ok: 1 })
  })
})

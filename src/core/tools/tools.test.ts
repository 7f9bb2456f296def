import { describe, expect, it } from 'vitest'
import { calculator } from './calculator'
import { fileRead, fileWrite } from './fileTools'
import { searchKnowledge } from './searchKnowledge'
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
    expect(calculator.run({ expression: '2^20' }, context())).toEqual({ expression: '2^20', result: 1048576 })
    expect(() => calculator.run({ expression: 'import({x: 1})' }, context())).toThrow(ToolRefusal)
    expect(() => calculator.run({ expression: 'evaluate("1+1")' }, context())).toThrow(ToolRefusal)
    expect(() => calculator.run({ expression: 'constructor.constructor("return process")()' }, context())).toThrow()
  })
})

describe('the file sandbox', () => {
  it.each(['../secret', '/etc/passwd', 'a/../../b', '..', '%2e%2e/x', 'a\\..\\b', 'C:/x', '~/x', 'a\u0000b', '....//x'])('refuses %j', (path) => {
    expect(() => resolveWorkspacePath(path)).toThrow(ToolRefusal)
  })

  it('normalises harmless paths', () => {
    expect(resolveWorkspacePath('./notes//todo.md')).toBe('notes/todo.md')
  })

  it('truncates at max_chars and refuses files over 5 MB', () => {
    expect(fileRead.run({ file_path: 'a.md', max_chars: 10 }, context())).toMatchObject({ content: 'x'.repeat(10), truncated: true, file_size: 5000 })
    expect(() => fileWrite.run({ file_path: 'big.txt', content: 'x'.repeat(5 * 1024 * 1024 + 1) }, context())).toThrow(/5 MB/)
  })
})

describe('search_knowledge', () => {
  it('finds Chinese and English documents', () => {
    expect(searchKnowledge.run({ query: '检索增强' }, context())).toMatchObject({ results: [{ title: 'RAG 入门' }] })
    expect(searchKnowledge.run({ query: 'rain' }, context())).toMatchObject({ results: [{ title: 'Weather API' }] })
    expect(searchKnowledge.run({ query: 'zebra' }, context())).toMatchObject({ results: [], user_message: expect.stringContaining('nothing') })
  })
})

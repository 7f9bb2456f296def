import { describe, expect, it } from 'vitest'
import { decideIncoming, diskPathProblem, keepLineEndings, planDiskChanges } from './diskFolder'

describe('diskPathProblem', () => {
  it('takes ordinary relative paths and refuses any that could leave the folder or hide', () => {
    for (const path of ['calc/SKILL.md', 'weather.md', 'routing-tests.yaml', '退款助手/SKILL.md', 'a/scripts/run.py'])
      expect(diskPathProblem(path)).toBeNull()
    for (const path of [
      '',
      '../x/SKILL.md',
      'a/../../b',
      '/etc/passwd',
      'C:/x.md',
      'a\\b.md',
      'a//b.md',
      './a.md',
      '.git/config',
      'a/.env',
      'a\u0000b',
      'x'.repeat(600),
    ])
      expect(diskPathProblem(path), JSON.stringify(path)).not.toBeNull()
  })
})

describe('keepLineEndings', () => {
  it('writes CRLF and a byte-order mark back when the file had them, and leaves LF files alone', () => {
    expect(keepLineEndings('a\r\nb\r\n', 'a\nb\nc\n')).toBe('a\r\nb\r\nc\r\n')
    expect(keepLineEndings('a\r\nb\r\n', 'a\r\nb\n')).toBe('a\r\nb\r\n')
    expect(keepLineEndings('\ufeffa\n', 'a\nb\n')).toBe('\ufeffa\nb\n')
    expect(keepLineEndings('a\nb\n', 'a\r\nb\n')).toBe('a\r\nb\n')
    expect(keepLineEndings(null, 'new\n')).toBe('new\n')
    // A file that mixes both is not "a CRLF file": nothing is converted.
    expect(keepLineEndings('a\r\nb\n', 'x\ny\n')).toBe('x\ny\n')
  })
})

describe('planDiskChanges', () => {
  const synced = new Map([
    ['calc/SKILL.md', 'calc'],
    ['calc/scripts/run.py', 'print(1)'],
    ['weather.md', 'weather'],
    ['routing-tests.yaml', 'cases'],
  ])

  it('writes changed and new files and removes deleted ones', () => {
    expect(
      planDiskChanges(synced, [
        { path: 'calc/SKILL.md', text: 'calc 2' },
        { path: 'calc/scripts/run.py', text: 'print(1)' },
        { path: 'new/SKILL.md', text: 'new' },
        { path: 'routing-tests.yaml', text: 'cases' },
      ]),
    ).toEqual([
      { kind: 'write', path: 'new/SKILL.md', text: 'new' },
      { kind: 'write', path: 'calc/SKILL.md', text: 'calc 2' },
      { kind: 'remove', path: 'weather.md' },
    ])
  })

  it('turns a renamed folder skill into one folder move (its other files go along) and a write of the new name', () => {
    expect(
      planDiskChanges(synced, [
        { path: 'calculator/SKILL.md', text: 'calculator' },
        { path: 'calculator/scripts/run.py', text: 'print(1)' },
        { path: 'weather.md', text: 'weather' },
        { path: 'routing-tests.yaml', text: 'cases' },
      ]),
    ).toEqual([
      { kind: 'move', from: 'calc', to: 'calculator', path: 'calculator/SKILL.md' },
      { kind: 'write', path: 'calculator/SKILL.md', text: 'calculator' },
    ])
  })

  it('moves a renamed flat skill as a file', () => {
    expect(
      planDiskChanges(synced, [
        { path: 'calc/SKILL.md', text: 'calc' },
        { path: 'calc/scripts/run.py', text: 'print(1)' },
        { path: 'forecast.md', text: 'weather' },
        { path: 'routing-tests.yaml', text: 'cases' },
      ]),
    ).toEqual([{ kind: 'move', from: 'weather.md', to: 'forecast.md', path: 'forecast.md' }])
  })

  it('writes anew and removes where folders cannot move (a folder opened in the browser)', () => {
    expect(
      planDiskChanges(
        synced,
        [
          { path: 'calculator/SKILL.md', text: 'calculator' },
          { path: 'calculator/scripts/run.py', text: 'print(1)' },
          { path: 'weather.md', text: 'weather' },
          { path: 'routing-tests.yaml', text: 'cases' },
        ],
        { moves: false },
      ),
    ).toEqual([
      { kind: 'write', path: 'calculator/SKILL.md', text: 'calculator' },
      { kind: 'write', path: 'calculator/scripts/run.py', text: 'print(1)' },
      { kind: 'remove', path: 'calc/SKILL.md' },
      { kind: 'remove', path: 'calc/scripts/run.py' },
    ])
  })

  it('does nothing when page and disk agree', () => {
    expect(
      planDiskChanges(
        synced,
        [...synced].map(([path, text]) => ({ path, text })),
      ),
    ).toEqual([])
  })
})

describe('decideIncoming', () => {
  it('takes a change the page did not touch, notes agreement, and asks when both sides changed', () => {
    expect(decideIncoming('a', 'a', 'b')).toBe('apply')
    expect(decideIncoming(undefined, undefined, 'new')).toBe('apply')
    expect(decideIncoming('a', 'a', null)).toBe('apply')
    expect(decideIncoming('a', 'b', 'b')).toBe('agree')
    expect(decideIncoming('a', undefined, null)).toBe('agree')
    expect(decideIncoming('a', 'mine', 'theirs')).toBe('conflict')
    expect(decideIncoming('a', 'mine', null)).toBe('conflict')
    expect(decideIncoming('a', undefined, 'theirs')).toBe('conflict')
  })
})

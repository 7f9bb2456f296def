import { describe, expect, it } from 'vitest'
import { loadWorkspace, parseSkill, parseYamlText } from './index'

describe('parseSkill', () => {
  it('reads every field of docs/skill-format.md', () => {
    const skill = parseSkill(
      'plan/SKILL.md',
      `---
name: plan_and_write
description: Plans things.
trigger_keywords: [规划, plan]
required_tools: [search_knowledge, file_write]
max_rounds: 7
entry_mode: manual
tags: writing, planning
version: "1.10"
parameters:
  type: object
  properties: { topic: { type: string } }
tools:
  lookup:
    description: Looks up a thing.
    parameters: { type: object, properties: { q: { type: string } } }
    mock: { answer: 42 }
---
## Body
`,
    )
    expect(skill).toMatchObject({
      name: 'plan_and_write',
      description: 'Plans things.',
      triggerKeywords: ['规划', 'plan'],
      requiredTools: ['search_knowledge', 'file_write'],
      maxRounds: 7,
      entryMode: 'manual',
      tags: ['writing', 'planning'],
      version: '1.10',
      parameters: { type: 'object', properties: { topic: { type: 'string' } } },
      tools: { lookup: { description: 'Looks up a thing.', mock: { answer: 42 } } },
      body: '## Body\n',
      bodyStartLine: 19,
    })
    expect(skill.diagnostics).toEqual([])
  })

  it('uses defaults and the folder or file name when there is no frontmatter', () => {
    const folder = parseSkill('writer/SKILL.md', '# Just a prompt\n')
    expect(folder).toMatchObject({
      name: 'writer',
      description: 'No description',
      triggerKeywords: [],
      requiredTools: [],
      maxRounds: 5,
      entryMode: 'auto',
      body: '# Just a prompt\n',
      bodyStartLine: 1,
    })
    expect(parseSkill('flat.md', 'text').name).toBe('flat')
  })

  it('reports a YAML error at its line and column in the file, keeping the body', () => {
    const text = '---\nname: broken\ntrigger_keywords: [a, b\nmax_rounds: 3\n---\nBody stays.\n'
    const skill = parseSkill('broken/SKILL.md', text)
    const error = skill.diagnostics.find((d) => d.severity === 'error')
    expect(error?.code).toBe('frontmatter-syntax')
    expect(error?.range.startLine).toBeGreaterThanOrEqual(3)
    expect(error?.range.startLine).toBeLessThanOrEqual(5)
    expect(skill.name).toBe('broken')
    expect(skill.body).toBe('Body stays.\n')
  })

  it('points a bad value at its exact position', () => {
    const skill = parseSkill('x/SKILL.md', '---\nname: x\nmax_rounds: lots\n---\n')
    expect(skill.maxRounds).toBe(5)
    expect(skill.diagnostics).toEqual([
      expect.objectContaining({
        code: 'field-type',
        severity: 'error',
        range: { startLine: 3, startColumn: 13, endLine: 3, endColumn: 17 },
      }),
    ])
  })

  it('coerces scalars where a list is expected, with a warning', () => {
    const skill = parseSkill('x/SKILL.md', '---\ntrigger_keywords: plan\nrequired_tools: [calculator, 42]\n---\n')
    expect(skill.triggerKeywords).toEqual(['plan'])
    expect(skill.requiredTools).toEqual(['calculator', '42'])
    expect(skill.diagnostics.map((d) => [d.code, d.severity, d.range.startLine])).toEqual([
      ['field-coerced', 'warning', 2],
      ['field-coerced', 'warning', 3],
    ])
  })

  it('clamps max_rounds out of 1..50 and rejects an unknown entry_mode', () => {
    const skill = parseSkill('x/SKILL.md', '---\nmax_rounds: 99\nentry_mode: sometimes\n---\n')
    expect(skill.maxRounds).toBe(50)
    expect(skill.entryMode).toBe('auto')
    expect(skill.diagnostics.map((d) => d.code)).toEqual(['max-rounds-range', 'field-value'])
  })

  it('never evaluates ---js or ---javascript frontmatter', () => {
    const probe = globalThis as { pwned?: boolean }
    for (const language of ['js', 'javascript']) {
      const skill = parseSkill('evil/SKILL.md', `---${language}\n(globalThis.pwned = true, { name: "evil" })\n---\nbody\n`)
      expect(probe.pwned).toBeUndefined()
      expect(skill.name).toBe('evil')
      expect(skill.diagnostics[0]).toMatchObject({ severity: 'error', code: 'frontmatter-syntax' })
      expect(skill.diagnostics[0]!.message).toContain('not allowed')
    }
  })

  it('reports the same YAML error every time (no stale cache)', () => {
    const text = '---\nname: [unclosed\n---\n'
    expect(parseSkill('a.md', text).diagnostics).toHaveLength(1)
    expect(parseSkill('a.md', text).diagnostics).toHaveLength(1)
  })

  it('stops an alias bomb instead of expanding it', () => {
    const bomb = ['---', 'a: &a [x, x, x, x, x, x, x, x, x]']
    for (let i = 1; i < 10; i++)
      bomb.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
          .fill('*' + String.fromCharCode(96 + i))
          .join(', ')}]`,
      )
    bomb.push('---', 'body')
    const skill = parseSkill('bomb.md', bomb.join('\n'))
    expect(skill.diagnostics.some((d) => d.severity === 'error' && /alias/i.test(d.message))).toBe(true)
    expect(skill.body).toBe('body')
  })

  it('reads a file whose lines end in a lone CR (old Mac) like any other', () => {
    const text = '---\rname: mac\rdescription: Old line breaks.\rtrigger_keywords: [mac]\r---\rBody\r'
    const skill = parseSkill('mac.md', text)
    expect(skill.diagnostics.filter((d) => d.severity === 'error')).toEqual([])
    expect(skill.name).toBe('mac')
    expect(skill.triggerKeywords).toEqual(['mac'])
    expect(skill.body.trim()).toBe('Body')
  })

  it('keeps a __proto__ key in the frontmatter as data', () => {
    const skill = parseSkill('p.md', '---\nname: p\ndescription: d\n__proto__:\n  polluted: yes\n---\n')
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(skill.extraFields)).toBe(Object.prototype)
    expect(Object.prototype.hasOwnProperty.call(skill.extraFields, '__proto__')).toBe(true)
  })

  it('reports an unclosed frontmatter block', () => {
    const skill = parseSkill('a.md', '---\nname: a\n')
    expect(skill.diagnostics.map((d) => d.message)).toEqual([expect.stringContaining('never closed')])
  })

  it('loads public Agent Skills files without remarks and keeps their extra fields', () => {
    const skill = parseSkill(
      'pdf/SKILL.md',
      '---\nname: pdf\ndescription: Work with PDFs. Use when the user mentions PDFs.\nlicense: Complete terms in LICENSE.txt\nallowed-tools: Read Bash(pdftotext:*)\nmetadata:\n  author: someone\n---\n# PDF\n',
    )
    expect(skill.diagnostics).toEqual([])
    expect(skill.extraFields).toEqual({
      license: 'Complete terms in LICENSE.txt',
      'allowed-tools': 'Read Bash(pdftotext:*)',
      metadata: { author: 'someone' },
    })
  })

  it('keeps unknown keys with an info remark, and survives CRLF and a BOM', () => {
    const skill = parseSkill('a.md', '\uFEFF---\r\nname: a\r\ncolour: blue\r\n---\r\nBody\r\n')
    expect(skill.name).toBe('a')
    expect(skill.extraFields).toEqual({ colour: 'blue' })
    expect(skill.diagnostics).toEqual([
      expect.objectContaining({ code: 'unknown-field', severity: 'info', range: expect.objectContaining({ startLine: 3 }) }),
    ])
    expect(skill.body).toBe('Body\r\n')
  })

  it('reads YAML 1.2: yes and on stay text, and a duplicated key is an error', () => {
    expect(parseSkill('a.md', '---\nname: on\n---\n').name).toBe('on')
    const duplicate = parseSkill('a.md', '---\nname: a\nname: b\n---\n')
    expect(duplicate.diagnostics[0]).toMatchObject({ severity: 'error', range: expect.objectContaining({ startLine: 3 }) })
  })
})

describe('loadWorkspace', () => {
  it('orders skills by path in code-point order and skips non-skill files', () => {
    const { skills } = loadWorkspace([
      { path: 'b/SKILL.md', text: '' },
      { path: 'README.md', text: '# docs' },
      { path: 'b/reference.md', text: 'not a skill' },
      { path: '\uFF21.md', text: '' },
      { path: '𝒜.md', text: '' },
      { path: 'a.md', text: '' },
    ])
    expect(skills.map((skill) => skill.path)).toEqual(['a.md', 'b/SKILL.md', '\uFF21.md', '𝒜.md'])
  })

  it('keeps loading the other skills when one is broken, and flags duplicate names', async () => {
    const files = [
      { path: 'ok/SKILL.md', text: '---\nname: same\n---\n' },
      { path: 'bad/SKILL.md', text: '---\nname: [\n---\n' },
      { path: 'other.md', text: '---\nname: same\n---\n' },
    ]
    const workspace = loadWorkspace(files)
    expect(workspace.skills.map((skill) => skill.name)).toEqual(['bad', 'same', 'same'])
    // Duplicate names are a workspace lint rule (the one place that checks them).
    const { lintWorkspace } = await import('../lint')
    const { findings } = lintWorkspace(files)
    expect(findings.get('ok/SKILL.md')?.find((f) => f.code === 'duplicate-name')).toMatchObject({
      code: 'duplicate-name',
      range: expect.objectContaining({ startLine: 2, startColumn: 7 }),
    })
    expect(findings.get('bad/SKILL.md')?.some((f) => f.code === 'duplicate-name')).toBe(false)
  })
})

describe('pathological frontmatter', () => {
  it.each([
    ['deep flow nesting', '---\na: ' + '['.repeat(5000) + ']'.repeat(5000) + '\n---\nbody', /nests deeper/],
    [
      'deep indentation',
      '---\n' + Array.from({ length: 300 }, (_, i) => ' '.repeat(i * 2) + 'k:').join('\n') + '\n---\nbody',
      /nests deeper/,
    ],
    ['thousands of keys', '---\n' + Array.from({ length: 20000 }, (_, i) => `k${i}: ${i}`).join('\n') + '\n---\nbody', /lines; the limit/],
    ['a 5 MB value', '---\ndescription: ' + 'x'.repeat(5 * 1024 * 1024) + '\n---\nbody', /the limit is 262,144/],
  ])('refuses %s before parsing, with a clear message, and keeps the body', (_, text, message) => {
    const skill = parseSkill('a.md', text)
    expect(skill.diagnostics[0]).toMatchObject({ severity: 'error', message: expect.stringMatching(message) })
    expect(skill.body).toBe('body')
  })

  it('parses a 5 MB body without trouble', () => {
    const skill = parseSkill('a.md', '---\nname: big\n---\n' + 'x'.repeat(5 * 1024 * 1024))
    expect(skill.name).toBe('big')
    expect(skill.diagnostics).toEqual([])
  })

  it('refuses a value that contains itself (a circular alias), before anything walks it', () => {
    const skill = parseSkill('loop/SKILL.md', '---\nname: loop\ntools:\n  echo:\n    description: x\n    mock: &m {self: *m}\n---\nBody\n')
    expect(skill.diagnostics.map((d) => d.message).join()).toContain('refers to the value that contains it')
    expect(() => JSON.stringify(skill)).not.toThrow()
    expect(parseYamlText('- &a [*a]').errors[0]?.message).toContain('contains it')
  })

  it('bounds the keywords a skill brings: their number and their length, with a warning', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `k${i}`).join(', ')
    const skill = parseSkill('big/SKILL.md', `---\nname: big\ntrigger_keywords: [${many}, ${'x'.repeat(500)}]\n---\nBody\n`)
    expect(skill.triggerKeywords).toHaveLength(200)
    expect(skill.diagnostics.map((d) => d.message).join()).toContain('Only the first 200 of 10001 keywords')
    const long = parseSkill('long/SKILL.md', `---\nname: long\ntrigger_keywords: [ok, ${'y'.repeat(500)}]\n---\nBody\n`)
    expect(long.triggerKeywords).toEqual(['ok'])
    expect(long.diagnostics.map((d) => d.message).join()).toContain('longer than 100 characters')
  })

  it('keeps linting 10,000 keywords fast (the nested rule compares them pairwise)', async () => {
    const { lintWorkspace } = await import('../lint')
    const many = Array.from({ length: 10_000 }, (_, i) => `keyword${i}`).join(', ')
    const started = performance.now()
    lintWorkspace([{ path: 'big/SKILL.md', text: `---\nname: big\ntrigger_keywords: [${many}]\n---\nBody\n` }])
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

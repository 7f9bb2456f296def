import { describe, expect, it } from 'vitest'
import { applyFix, createLintCache, LINT_RULES, lintWorkspace, lintWorkspaceInSteps, type LintProfile } from './index'
import type { Finding } from './types'
import { formatMessage } from '../messages'
import { zh } from '../messages/zh'

const GOOD_DESCRIPTION =
  'Computes exact arithmetic results for expressions the user writes, with powers and roots. Use it when the user asks to calculate something or asks how much a number is. Do not use it for unit conversions with live rates or for statistics over the database.'

function lint(files: { path: string; text: string }[], ruleId: string, profile: LintProfile = 'app') {
  const rule = LINT_RULES.find((candidate) => candidate.id === ruleId)
  if (!rule) throw new Error(`no rule ${ruleId}`)
  const result = lintWorkspace(files, { profile, rules: [rule] })
  return [...result.findings.entries()].flatMap(([path, findings]) =>
    findings.filter((f) => f.code === ruleId).map((f) => ({ path, ...f })),
  )
}

const skill = (frontmatter: string, body = 'Body.\n', path = 'calc/SKILL.md') => ({ path, text: `---\n${frontmatter}\n---\n${body}` })

// [rule, profile, failing file, passing file, expected fix result (optional)]
const CASES: [string, LintProfile, { path: string; text: string }, { path: string; text: string }, string?][] = [
  [
    'yaml-comment-cuts-value',
    'app',
    skill('name: calc\ndescription: Triage tickets like #123 and more'),
    skill('name: calc\ndescription: "Triage tickets like #123"'),
    'description: "Triage tickets like #123 and more"',
  ],
  ['yaml-boolean-word', 'app', skill('name: on'), skill('name: "on"'), 'name: "on"'],
  ['yaml-number-as-text', 'app', skill('name: calc\nversion: 1.10'), skill('name: calc\nversion: "1.10"'), 'version: "1.10"'],
  ['yaml-date', 'app', skill('name: calc\ndescription: 2025-01-15'), skill('name: calc\ndescription: "2025-01-15"')],
  [
    'file-starts-with-bom',
    'strict',
    { path: 'calc/SKILL.md', text: '\uFEFF---\nname: calc\n---\n' },
    skill('name: calc'),
    '---\nname: calc',
  ],
  ['frontmatter-missing', 'strict', { path: 'calc/SKILL.md', text: '# Just a body\n' }, skill('name: calc')],
  ['name-missing', 'strict', skill('description: x'), skill('name: calc')],
  [
    'name-format',
    'strict',
    skill('name: Plan_And_Write'),
    skill('name: plan-and-write', 'x', 'plan-and-write/SKILL.md'),
    'name: plan-and-write',
  ],
  ['name-matches-folder', 'app', skill('name: calculator'), skill('name: calc'), 'name: calc'],
  ['description-missing', 'app', skill('name: calc'), skill(`name: calc\ndescription: ${GOOD_DESCRIPTION}`)],
  [
    'description-too-long',
    'strict',
    skill(`name: calc\ndescription: ${'x'.repeat(1025)}`),
    skill(`name: calc\ndescription: ${'x'.repeat(1024)}`),
  ],
  [
    'description-length',
    'app',
    skill('name: calc\ndescription: Short. Do not use for x.'),
    skill(`name: calc\ndescription: ${GOOD_DESCRIPTION}`),
  ],
  [
    'description-when-not',
    'app',
    skill('name: calc\ndescription: Computes things for the user.'),
    skill('name: calc\ndescription: Computes things. Do not use it for dates.'),
  ],
  [
    'description-point-of-view',
    'app',
    skill('name: calc\ndescription: I compute things for you.'),
    skill('name: calc\ndescription: Computes things.'),
  ],
  ['yaml-flow-style', 'strict', skill('name: calc\nmetadata: { author: me }'), skill('name: calc\nmetadata:\n  author: me')],
  ['yaml-anchor-or-tag', 'strict', skill('name: &n calc\ndescription: *n'), skill('name: calc\ndescription: calc')],
  ['yaml-anchor-or-tag', 'app', skill('name: calc\ndescription: !!str 5'), skill('name: calc\ndescription: "5"')],
  [
    'description-angle-brackets',
    'strict',
    skill('name: calc\ndescription: Use for <b>maths</b>.'),
    skill('name: calc\ndescription: Use for maths.'),
  ],
  [
    'required-tool-unknown',
    'app',
    skill('name: calc\nrequired_tools: [calculater]'),
    skill('name: calc\nrequired_tools: [calculator, lookup]\ntools:\n  lookup: { description: d, mock: 1 }'),
    'required_tools: [calculator]',
  ],
  [
    'unknown-key',
    'strict',
    skill('name: calc\ntrigger_keywords: [a]'),
    skill('name: calc\nlicense: MIT\nallowed-tools: Read\nmetadata: { author: me }'),
  ],
  [
    'version-under-metadata',
    'strict',
    skill('name: calc\nversion: "1.0"'),
    skill('name: calc\nmetadata:\n  version: "1.0"'),
    'metadata:\n  version: "1.0"',
  ],
  [
    'allowed-tools-form',
    'strict',
    skill('name: calc\nallowed-tools: [Read, Write]'),
    skill('name: calc\nallowed-tools: Read Write'),
    'allowed-tools: "Read Write"',
  ],
  [
    'compatibility-length',
    'strict',
    skill(`name: calc\ncompatibility: ${'x'.repeat(501)}`),
    skill('name: calc\ncompatibility: Needs network access'),
  ],
  [
    'parameters-schema',
    'app',
    skill(
      'name: calc\nparameters:\n  type: object\n  properties:\n    numbers: { type: array, items: number }\n  required: [numbers, other]',
    ),
    skill(
      'name: calc\nparameters:\n  type: object\n  properties:\n    numbers: { type: array, items: { type: number } }\n  required: [numbers]',
    ),
  ],
  [
    'parameters-shorthand',
    'app',
    skill('name: calc\nparameters:\n  numbers: { type: array, items: number }\n  required: [numbers]'),
    skill('name: calc\nparameters:\n  type: object\n  properties:\n    numbers: { type: array, items: { type: number } }'),
    'parameters:\n  type: object\n  properties:\n    numbers:\n      type: array\n      items:\n        type: number\n  required: [numbers]\n---',
  ],
  ['body-empty', 'app', skill('name: calc', ''), skill('name: calc', 'You compute.')],
  ['body-too-long', 'strict', skill('name: calc', 'line\n'.repeat(501)), skill('name: calc', 'line\n'.repeat(100))],
  [
    'keyword-empty',
    'app',
    skill('name: calc\ntrigger_keywords: ["", plan]'),
    skill('name: calc\ntrigger_keywords: [plan]'),
    'trigger_keywords: [plan]',
  ],
  [
    'keyword-duplicate',
    'app',
    skill('name: calc\ntrigger_keywords: [plan, outline, Plan]'),
    skill('name: calc\ntrigger_keywords: [plan, outline]'),
    'trigger_keywords: [plan, outline]',
  ],
  [
    'keyword-fullwidth-separator',
    'app',
    skill('name: calc\ntrigger_keywords: [退款，退货、退钱, refund]'),
    skill('name: calc\ntrigger_keywords: [退款, 退货, 退钱, refund]'),
    'trigger_keywords: [退款, 退货, 退钱, refund]',
  ],
  [
    'keyword-fullwidth-separator',
    'lenient',
    skill('name: calc\ntrigger_keywords:\n  - 退款；退货\n  - refund'),
    skill('name: calc\ntrigger_keywords:\n  - 退款\n  - refund'),
    'trigger_keywords:\n  - 退款\n  - 退货\n  - refund',
  ],
  [
    'yaml-fullwidth-colon',
    'app',
    skill('name: calc\ntrigger_keywords：[退款, refund]'),
    skill('name: calc\ntrigger_keywords: [退款, refund]'),
    'trigger_keywords: [退款, refund]',
  ],
  ['keyword-nested', 'app', skill('name: calc\ntrigger_keywords: [规划, 规划一下]'), skill('name: calc\ntrigger_keywords: [规划, 拆解]')],
  [
    'keyword-too-short',
    'app',
    skill('name: calc\ntrigger_keywords: [算, ai, plan]'),
    skill('name: calc\ntrigger_keywords: [计算, plan, 天气]'),
  ],
  ['keywords-missing', 'app', skill('name: calc'), skill('name: calc\ntrigger_keywords: [plan, outline]')],
  ['keywords-few', 'app', skill('name: calc\ntrigger_keywords: [plan]'), skill('name: calc\ntrigger_keywords: [plan, outline]')],
  // Client profiles (clientRules.ts; docs/clients.md).
  ['client-field', 'codex', skill('name: calc\ndescription: x\nmodel: sonnet'), skill('name: calc\ndescription: x')],
  ['client-field', 'strict', skill('name: calc\ndescription: x\ncontext: fork'), skill('name: calc\ndescription: x\nlicense: MIT')],
  [
    'claude-code-field-value',
    'claude-code',
    skill('name: calc\ndescription: x\ndisable-model-invocation: "true"'),
    skill('name: calc\ndescription: x\ndisable-model-invocation: true\ncontext: fork'),
    'disable-model-invocation: true',
  ],
  [
    'name-reserved-word',
    'claude-api',
    skill('name: claude-helper\ndescription: x', 'Body.\n', 'claude-helper/SKILL.md'),
    skill('name: calc\ndescription: x'),
  ],
  ['xml-tag', 'claude-api', skill('name: calc\ndescription: Use <b>bold</b> text'), skill('name: calc\ndescription: Use it when a > b')],
  [
    'metadata-map',
    'strict',
    skill('name: calc\ndescription: x\nmetadata: some text'),
    skill('name: calc\ndescription: x\nmetadata:\n  author: me'),
  ],
  [
    'metadata-value',
    'strict',
    skill('name: calc\ndescription: x\nmetadata:\n  author: me\n  version: 1.10'),
    skill('name: calc\ndescription: x\nmetadata:\n  version: "1.10"'),
    'version: "1.10"',
  ],
]

/**
 * Every frontmatter case of the reference validator's own tests (skills-ref tests/test_validator.py
 * and tests/test_parser.py), with its verdict there: error or none. The directory cases (a missing
 * path, a file, a folder without SKILL.md) are the CLI's, in src/cli/runCli.test.ts.
 */
const REFERENCE_CASES: [string, string, string, boolean][] = [
  ['valid skill', 'my-skill', 'name: my-skill\ndescription: A test skill', false],
  ['uppercase name', 'MySkill', 'name: MySkill\ndescription: A test skill', true],
  ['name over 64 characters', 'a'.repeat(70), `name: ${'a'.repeat(70)}\ndescription: A test skill`, true],
  ['leading hyphen', '-my-skill', 'name: -my-skill\ndescription: A test skill', true],
  ['consecutive hyphens', 'my--skill', 'name: my--skill\ndescription: A test skill', true],
  ['invalid characters', 'my_skill', 'name: my_skill\ndescription: A test skill', true],
  ['folder differs from name', 'wrong-name', 'name: correct-name\ndescription: A test skill', true],
  ['unexpected field', 'my-skill', 'name: my-skill\ndescription: A test skill\nunknown_field: should not be here', true],
  ['all fields', 'my-skill', 'name: my-skill\ndescription: A test skill\nlicense: MIT\nmetadata:\n  author: Test', false],
  ['allowed-tools', 'my-skill', 'name: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)', false],
  ['Chinese name', '技能', 'name: 技能\ndescription: A skill with Chinese name', false],
  ['Russian name with hyphens', 'мой-навык', 'name: мой-навык\ndescription: A skill with Russian name', false],
  ['Russian lowercase', 'навык', 'name: навык\ndescription: A skill with Russian lowercase name', false],
  ['Russian uppercase', 'НАВЫК', 'name: НАВЫК\ndescription: A skill with Russian uppercase name', true],
  ['description over 1024', 'my-skill', `name: my-skill\ndescription: ${'x'.repeat(1100)}`, true],
  ['compatibility', 'my-skill', 'name: my-skill\ndescription: A test skill\ncompatibility: Requires Python 3.11+', false],
  ['compatibility over 500', 'my-skill', `name: my-skill\ndescription: A test skill\ncompatibility: ${'x'.repeat(550)}`, true],
  ['NFKC: decomposed name, composed folder', 'café', 'name: cafe\u0301\ndescription: A test skill', false],
  ['missing name', 'my-skill', 'description: A test skill', true],
  ['missing description', 'my-skill', 'name: my-skill', true],
  ['metadata map', 'my-skill', 'name: my-skill\ndescription: A test skill\nmetadata:\n  author: Test Author\n  version: 1.0', false],
  ['invalid YAML', 'my-skill', 'name: [invalid\ndescription: broken', true],
  ['frontmatter not a mapping', 'my-skill', '- just\n- a list', true],
]

describe('the strict profile agrees with the Agent Skills reference validator', () => {
  const errorsOf = (path: string, frontmatter: string) =>
    lintWorkspace([{ path, text: `---\n${frontmatter}\n---\nBody.\n` }], { profile: 'strict' })
      .findings.get(path)
      ?.filter((f) => f.severity === 'error')
      .map((f) => f.code) ?? []

  it.each(REFERENCE_CASES)('%s: the same verdict as the reference', (_, folder, frontmatter, referenceErrs) => {
    expect(errorsOf(`${folder}/SKILL.md`, frontmatter).length > 0).toBe(referenceErrs)
  })

  it('reads the lowercase skill.md the reference accepts', () => {
    expect(errorsOf('my-skill/skill.md', 'name: my-skill\ndescription: A test skill')).toEqual([])
  })

  it('accepts lowercase names in any script, compared with the folder after NFKC', () => {
    expect(errorsOf('退款助手/SKILL.md', 'name: 退款助手\ndescription: 回答退款问题。')).toEqual([])
    expect(errorsOf('обработка/SKILL.md', 'name: обработка\ndescription: Обработка данных.')).toEqual([])
    expect(errorsOf('ﬁle-tool/SKILL.md', 'name: file-tool\ndescription: Files.')).toEqual([])
    expect(errorsOf('Bad/SKILL.md', 'name: Bad\ndescription: x')).toContain('name-format')
  })

  it('reads a lowercase skill.md, keeps angle brackets a warning, and reports compatibility written as a list', () => {
    expect(errorsOf('tool/skill.md', 'name: tool\ndescription: A tool.')).toEqual([])
    expect(errorsOf('tool/SKILL.md', 'name: tool\ndescription: Use <b>bold</b>.')).toEqual([])
    expect(errorsOf('tool/SKILL.md', 'name: tool\ndescription: x\ncompatibility: [node, python]')).toContain('compatibility-length')
  })

  it('does not take repository documents at the root for skills', async () => {
    const { isSkillPath } = await import('../skill')
    expect(['README.md', 'CLAUDE.md', 'AGENTS.md', 'CONTRIBUTING.md'].some(isSkillPath)).toBe(false)
    expect(isSkillPath('weather.md')).toBe(true)
  })
})

describe('lint messages', () => {
  it('come from the catalog, in English and in Chinese', async () => {
    const { formatMessage } = await import('../messages')
    const { zh } = await import('../messages/zh')
    const [finding] = lint([skill('name: calc\ntrigger_keywords: [退款，退货]')], 'keyword-fullwidth-separator', 'app')
    expect(finding!.message).toBe('"退款，退货" is one keyword: "，" does not separate list items in YAML.')
    expect(formatMessage(finding!.text!, zh)).toBe('"退款，退货" 是一个关键词："，" 在 YAML 里不能分隔列表项。')
    expect(formatMessage(finding!.fix!.label, zh)).toBe('拆成 2 个关键词')
  })
})

describe('lint rules', () => {
  it.each(CASES)('%s (%s profile) flags the bad case and passes the good one', (ruleId, profile, bad, good, fixed) => {
    const findings = lint([bad], ruleId, profile)
    expect(findings.length).toBeGreaterThan(0)
    expect(findings[0]!.explanation.length).toBeGreaterThan(20)
    expect(lint([good], ruleId, profile)).toEqual([])
    if (fixed !== undefined) {
      const fix = findings[0]!.fix
      expect(fix).toBeDefined()
      expect(applyFix(bad.text, fix)).toContain(fixed)
    }
  })

  it('has a test case for every per-skill rule', () => {
    // Rules that read a skill's other files are tested with them, in clientRules.test.ts.
    const tested = new Set([...CASES.map(([id]) => id), 'upload-size', 'codex-sidecar'])
    const untested = LINT_RULES.filter((rule) => rule.check && !tested.has(rule.id)).map((rule) => rule.id)
    expect(untested).toEqual([])
  })

  it('names three of the skills that share a keyword and counts the rest, in one translatable sentence', () => {
    const files = Array.from({ length: 6 }, (_, i) => skill(`name: s${i}\ntrigger_keywords: [规划]`, 'x', `s${i}/SKILL.md`))
    const [first] = lint(files, 'keyword-shared')
    expect(first?.text).toEqual({ key: 'lint.keyword-shared.messageMore', params: { keyword: '规划', names: 's1, s2, s3', count: 2 } })
    expect(formatMessage(first!.text!, zh)).toBe('"规划" 也是 s1, s2, s3 等另外 2 个技能的关键词。')
    expect(formatMessage(lint(files.slice(0, 2), 'keyword-shared')[0]!.text!)).toBe('"规划" is also a keyword of s1.')
  })

  it('flags a keyword shared by two skills, and duplicate names, across files', () => {
    const files = [
      skill('name: a\ntrigger_keywords: [plan, one]', 'x', 'a/SKILL.md'),
      skill('name: a\ntrigger_keywords: [PLAN, two]', 'x', 'b/SKILL.md'),
    ]
    expect(lint(files, 'keyword-shared').map((f) => f.path)).toEqual(['a/SKILL.md', 'b/SKILL.md'])
    expect(lint(files, 'duplicate-name').map((f) => [f.path, f.severity])).toEqual([
      ['a/SKILL.md', 'error'],
      ['b/SKILL.md', 'error'],
    ])
    // A fallback names another skill of the workspace.
    const fallbacks = [
      skill('name: a\nfallback: b', 'x', 'a/SKILL.md'),
      skill('name: b\nfallback: nowhere', 'x', 'b/SKILL.md'),
      skill('name: c\nfallback: c', 'x', 'c/SKILL.md'),
    ]
    expect(lint(fallbacks, 'fallback-unknown').map((f) => [f.path, f.message])).toEqual([
      ['b/SKILL.md', 'fallback "nowhere" is not a skill in this workspace (skills: a, b, c).'],
      ['c/SKILL.md', 'fallback names this skill itself (c); name another skill to switch to.'],
    ])
    const many = Array.from({ length: 31 }, (_, i) => skill(`name: s${i}`, 'x', `s${i}/SKILL.md`))
    expect(lint(many, 'catalog-too-large')).toHaveLength(1)
  })

  it('offers to quote a value that broke the YAML', () => {
    const bad = skill('name: calc\ndescription: Use this skill when: the user asks')
    const { findings } = lintWorkspace([bad])
    const syntax = findings.get('calc/SKILL.md')!.find((f) => f.code === 'frontmatter-syntax')!
    expect(syntax.fix?.title).toBe('Quote the value')
    // The block is reported where it breaks; its name and description are there, not missing.
    for (const profile of ['app', 'strict'] as const)
      expect(
        lintWorkspace([bad], { profile })
          .findings.get('calc/SKILL.md')!
          .map((f) => f.code),
      ).not.toEqual(expect.arrayContaining([expect.stringMatching(/^(name|description|keywords)-missing$/)]))
    const unclosed = { path: 'calc/SKILL.md', text: '---\nname: calc\ndescription: Adds.\n' }
    expect(
      lintWorkspace([unclosed])
        .findings.get('calc/SKILL.md')!
        .map((f) => f.code),
    ).toEqual(['frontmatter-syntax'])
    // A closed block that does not parse leaves the body where it was: an empty one is still said.
    expect(lint([{ path: 'calc/SKILL.md', text: '---\nname: [calc\n---\n' }], 'body-empty')).toHaveLength(1)
    // A block that was read and lacks them still says so.
    expect(lint([{ path: 'calc/SKILL.md', text: '---\ngroup: math\n---\nx' }], 'name-missing')).toHaveLength(1)
    const fixed = applyFix(bad.text, syntax.fix)
    expect(fixed).toContain('description: "Use this skill when: the user asks"')
    expect(
      lintWorkspace([{ path: bad.path, text: fixed }])
        .findings.get('calc/SKILL.md')!
        .filter((f) => f.severity === 'error'),
    ).toEqual([])
  })

  it('gives a well-formed public Agent Skills file no error under any profile', () => {
    const pdf = {
      path: 'pdf/SKILL.md',
      text: '---\nname: pdf\ndescription: Extracts text and tables from PDF files, fills forms and merges documents. Use when the user mentions PDFs or forms. Do not use for Word or Excel files.\nlicense: Proprietary. LICENSE.txt has complete terms\n---\n# PDF\n\nInstructions.\n',
    }
    for (const profile of ['app', 'strict', 'lenient'] as const) {
      const errors = lintWorkspace([pdf], { profile })
        .findings.get('pdf/SKILL.md')!
        .filter((f) => f.severity === 'error')
      expect(errors).toEqual([])
    }
  })

  it('keeps style advice out of errors in the app profile', () => {
    const { findings } = lintWorkspace([skill('name: calc\ndescription: I do stuff\ntrigger_keywords: [a]')])
    const errors = findings
      .get('calc/SKILL.md')!
      .filter((f) => f.severity === 'error')
      .map((f) => f.code)
    expect(errors).toEqual([])
  })
})

describe('the per-skill lint cache', () => {
  it('reuses unchanged skills and re-lints changed ones, with workspace rules always fresh', async () => {
    const { parseSkill } = await import('../skill')
    const { createLintCache } = await import('./index')
    const cache = createLintCache()
    const parsed = new Map<string, ReturnType<typeof parseSkill>>()
    const parse = (path: string, text: string) => {
      const key = path + '\0' + text
      if (!parsed.has(key)) parsed.set(key, parseSkill(path, text))
      return parsed.get(key)!
    }
    const a = skill('name: a\ntrigger_keywords: [plan, one]', 'x', 'a/SKILL.md')
    const b = skill('name: b\ntrigger_keywords: [two, three]', 'x', 'b/SKILL.md')
    const first = lintWorkspace([a, b], { cache, parse })
    expect(first.findings.get('b/SKILL.md')!.some((f) => f.code === 'keyword-shared')).toBe(false)
    const b2 = skill('name: b\ntrigger_keywords: [plan, three]', 'x', 'b/SKILL.md')
    const second = lintWorkspace([a, b2], { cache, parse })
    expect(second.findings.get('a/SKILL.md')!.some((f) => f.code === 'keyword-shared')).toBe(true)
    expect(second.findings.get('b/SKILL.md')!.some((f) => f.code === 'keyword-shared')).toBe(true)
    expect(lintWorkspace([a, b2], { cache, parse })).toEqual(second)
    const reused = cache.workspace
    lintWorkspace([a, { ...b2, text: b2.text + 'more body' }], { cache, parse })
    expect(cache.workspace).toBe(reused)
    // A longer frontmatter moves the keyword: the shared-keyword finding follows it.
    const moved = lintWorkspace([a, { ...b2, text: b2.text.replace('name: b', 'description: d\nname: b') }], { cache, parse })
    expect(cache.workspace).not.toBe(reused)
    expect(moved.findings.get('b/SKILL.md')!.find((f) => f.code === 'keyword-shared')!.range.startLine).toBe(4)
  })
})

describe('MCP tool names in required_tools', () => {
  it('knows the server’s MCP tools, and offers the quick fix for a misspelt one', async () => {
    const { BUILTIN_TOOL_NAMES } = await import('../tools')
    const toolNames = [...BUILTIN_TOOL_NAMES, 'github__create_issue']
    const lintWith = (tools: string) =>
      lintWorkspace([skill(`name: calc\nrequired_tools: [${tools}]`)], { toolNames })
        .findings.get('calc/SKILL.md')!
        .filter((f) => f.code === 'required-tool-unknown')
    expect(lintWith('github__create_issue')).toEqual([])
    const [finding] = lintWith('github__create_isue')
    expect(finding?.fix?.title).toBe('Change to "github__create_issue"')
  })
})

describe('lint in steps', () => {
  it('yields while linting a thousand skills that share keywords, to the same result as lintWorkspace', () => {
    const files = Array.from({ length: 1000 }, (_, i) => ({
      path: `s${i}/SKILL.md`,
      text: `---\nname: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [规划, plan, task${i}]\n---\nBody\n`,
    }))
    const steps = lintWorkspaceInSteps(files, { cache: createLintCache() })
    let yielded = 0
    let step = steps.next()
    for (; !step.done; step = steps.next()) yielded++
    // 1,000 skills, then 2,000 shared-keyword findings, then 1,000 merged lists: about 40 steps of 100.
    expect(yielded).toBeGreaterThan(30)
    expect(step.value.findings).toEqual(lintWorkspace(files).findings)
    expect(step.value.findings.get('s3/SKILL.md')?.filter((finding) => finding.code === 'keyword-shared')).toHaveLength(2)
  })
})

describe('a keystroke re-lints one skill', () => {
  it('gives what a fresh lint gives after every edit, totals included, and keeps the other skills’ lists', async () => {
    const { parseSkill } = await import('../skill')
    // The app's parser: the same text gives the same parsed skill (derive.ts reuses them).
    const parsed = new Map<string, ReturnType<typeof parseSkill>>()
    const parse = (path: string, text: string) => {
      const key = path + '\0' + text
      if (!parsed.has(key)) parsed.set(key, parseSkill(path, text))
      return parsed.get(key)!
    }
    let seed = 7
    const random = (below: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % below
    }
    let files = Array.from({ length: 40 }, (_, i) =>
      skill(`name: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [task${i}, plan]`, 'Body\n', `s${i}/SKILL.md`),
    )
    const edits: ((text: string) => string)[] = [
      (text) => text + 'more body ',
      (text) => text.replace('trigger_keywords: [', 'trigger_keywords: [extra, '),
      (text) => text.replace(/name: s\d+/, 'name: s1'),
      (text) => text.replace('description:', 'description: : broken'),
      (text) => text.replace('Plans', 'Plans and writes'),
    ]
    const cache = createLintCache()
    const toolNames = ['calculator']
    for (let step = 0; step < 60; step++) {
      const at = random(files.length)
      const edit = edits[step % 3 === 0 ? random(edits.length) : 0]!
      files = files.map((file, i) => (i === at ? { ...file, text: edit(file.text) } : file))
      const before = cache.last?.result
      const workspaceBefore = cache.workspace
      const result = lintWorkspace(files, { cache, parse, toolNames })
      const fresh = lintWorkspace(files, { toolNames })
      expect(new Map(result.findings)).toEqual(fresh.findings)
      const counted = { error: 0, warning: 0, info: 0 }
      for (const list of fresh.findings.values()) for (const finding of list) counted[finding.severity]++
      expect(result.totals).toEqual(counted)
      if (before && cache.workspace === workspaceBefore) {
        // Only the edited skill's list may be a new array: the editor compares them by identity.
        const renewed = files.filter((file) => result.findings.get(file.path) !== before.findings.get(file.path))
        expect(renewed.length).toBeLessThanOrEqual(1)
      }
    }
  })

  it('a description typed above shared keywords moves only that skill’s workspace findings (at 5,000 skills the full pass took 30 ms a key)', async () => {
    const { parseSkill } = await import('../skill')
    const parsed = new Map<string, ReturnType<typeof parseSkill>>()
    const parse = (path: string, text: string) => {
      if (!parsed.has(path + text)) parsed.set(path + text, parseSkill(path, text))
      return parsed.get(path + text)!
    }
    // Every skill shares "plan": each has a keyword-shared finding that points below its description.
    let files = Array.from({ length: 50 }, (_, i) =>
      skill(`name: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [task${i}, plan]`, 'Body\n', `s${i}/SKILL.md`),
    )
    const cache = createLintCache()
    const first = lintWorkspace(files, { cache, parse })
    const sharedAt = (findings: ReadonlyMap<string, Finding[]>) =>
      findings.get('s7/SKILL.md')?.find((finding) => finding.code === 'keyword-shared')?.range
    for (const typed of ['Plans task 7 and', 'Plans task 7 and writes\n  its report']) {
      files = files.map((file) =>
        file.path === 's7/SKILL.md' ? { ...file, text: file.text.replace(/Plans task 7[^\n]*(\n {2}its report)?/, typed) } : file,
      )
      const result = lintWorkspace(files, { cache, parse })
      expect(new Map(result.findings)).toEqual(lintWorkspace(files).findings)
      // The other skills' lists are the same arrays: their findings were neither rebuilt nor formatted again.
      for (const file of files) if (file.path !== 's7/SKILL.md') expect(result.findings.get(file.path)).toBe(first.findings.get(file.path))
    }
    expect(sharedAt(lintWorkspace(files, { cache, parse }).findings)?.startLine).toBe(sharedAt(first.findings)!.startLine + 1)
  })

  it('reads the last findings by path and never walks them all (a keystroke at 5,000 skills copied them)', async () => {
    const files = Array.from({ length: 200 }, (_, i) =>
      skill(`name: s${i}\ndescription: Plans task ${i}.\ntrigger_keywords: [task${i}]`, 'Body\n', `s${i}/SKILL.md`),
    )
    const { parseSkill } = await import('../skill')
    const parsed = new Map<string, ReturnType<typeof parseSkill>>()
    // The app's parser: an unchanged text gives the same skill (derive.ts reuses them).
    const parse = (path: string, text: string) => {
      if (!parsed.has(path + text)) parsed.set(path + text, parseSkill(path, text))
      return parsed.get(path + text)!
    }
    const cache = createLintCache()
    const first = lintWorkspace(files, { cache, parse })
    class Unwalkable extends Map<string, Finding[]> {
      override entries(): MapIterator<[string, Finding[]]> {
        throw new Error('walked every skill’s findings')
      }
      override [Symbol.iterator]() {
        return this.entries()
      }
      override forEach(): void {
        throw new Error('walked every skill’s findings')
      }
    }
    cache.last!.result = { ...first, findings: new Unwalkable(first.findings) }
    let edited = files
    for (let key = 0; key < 100; key++) {
      edited = edited.map((file, i) => (i === key % 7 ? { ...file, text: file.text + 'x' } : file))
      const result = lintWorkspace(edited, { cache, parse })
      expect(result.findings.get('s100/SKILL.md')).toBe(first.findings.get('s100/SKILL.md'))
      expect(result.findings.size).toBe(200)
    }
    const fresh = lintWorkspace(edited)
    const last = lintWorkspace(edited, { cache, parse })
    for (const file of edited) expect(last.findings.get(file.path)).toEqual(fresh.findings.get(file.path))
  })
})

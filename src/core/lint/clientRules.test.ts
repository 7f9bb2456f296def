import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLintCache, lintWorkspace, type LintProfile } from './index'

const skill = (frontmatter: string, path = 'calc/SKILL.md', body = 'Body.\n') => ({ path, text: `---\n${frontmatter}\n---\n${body}` })

const findings = (files: { path: string; text: string }[], profile: LintProfile) =>
  [...lintWorkspace(files, { profile }).findings.values()].flat()
const codes = (files: { path: string; text: string }[], profile: LintProfile, severity?: string) =>
  findings(files, profile)
    .filter((finding) => !severity || finding.severity === severity)
    .map((finding) => finding.code)
    .sort()

const CLAUDE_CODE_SKILL = skill(
  [
    'name: deploy',
    'description: Deploys the site. Use when the user asks to deploy; do not use for local builds.',
    'disable-model-invocation: true',
    'allowed-tools: Bash(git push:*) Read',
    'model: sonnet',
    'context: fork',
    'agent: Explore',
    'argument-hint: "[environment]"',
    'hooks:',
    '  PreToolUse:',
    '    - matcher: Bash',
  ].join('\n'),
  'deploy/SKILL.md',
)

describe('client profiles: a field one client defines is a warning, never an error, elsewhere', () => {
  it('Claude Code reads its own fields without a word', () => {
    expect(codes([CLAUDE_CODE_SKILL], 'claude-code').filter((code) => code === 'client-field' || code === 'unknown-key')).toEqual([])
    expect(codes([CLAUDE_CODE_SKILL], 'claude-code', 'error')).toEqual([])
  })

  it('the standard, Codex and the Claude API warn about each Claude Code field, and none is an error', () => {
    for (const profile of ['strict', 'codex', 'claude-api'] as const) {
      const client = findings([CLAUDE_CODE_SKILL], profile).filter((finding) => finding.code === 'client-field')
      expect(client.map((finding) => finding.severity)).toEqual(Array(6).fill('warning'))
      expect(codes([CLAUDE_CODE_SKILL], profile, 'error')).toEqual([])
    }
    const [model] = findings([CLAUDE_CODE_SKILL], 'codex').filter((finding) => finding.code === 'client-field')
    expect(model?.message).toBe('"disable-model-invocation" is a Claude Code, GitHub Copilot in VS Code field; Codex ignores it.')
  })

  it('Copilot in VS Code reads the fields it shares with Claude Code, and warns about the others', () => {
    const warned = findings([CLAUDE_CODE_SKILL], 'copilot').filter((finding) => finding.code === 'client-field')
    expect(warned.map((finding) => finding.message)).toEqual([
      '"model" is a Claude Code field; GitHub Copilot in VS Code ignores it.',
      '"agent" is a Claude Code field; GitHub Copilot in VS Code ignores it.',
      '"hooks" is a Claude Code field; GitHub Copilot in VS Code ignores it.',
    ])
  })

  it('a key no client defines stays an error in the standard and the Claude API, a warning in the clients that load leniently', () => {
    const file = skill('name: calc\ndescription: Adds numbers.\nauthor: me')
    expect(findings([file], 'strict').find((finding) => finding.code === 'unknown-key')?.severity).toBe('error')
    expect(findings([file], 'claude-api').find((finding) => finding.code === 'unknown-key')?.severity).toBe('error')
    for (const profile of ['claude-code', 'codex', 'copilot'] as const) {
      const finding = findings([file], profile).find((candidate) => candidate.code === 'unknown-key')
      expect(finding?.severity).toBe('warning')
      expect(finding?.message).toContain('does not read "author"')
    }
  })

  it('Claude Code checks its fields’ values, with a fix for a quoted boolean', () => {
    const file = skill('name: calc\ndescription: x\nuser-invocable: "false"\ncontext: isolated\neffort: extreme')
    const found = findings([file], 'claude-code').filter((finding) => finding.code === 'claude-code-field-value')
    expect(found.map((finding) => finding.message)).toEqual([
      '"user-invocable" is not a value Claude Code reads here: expected true or false (unquoted).',
      '"context" is not a value Claude Code reads here: expected fork.',
      '"effort" is not a value Claude Code reads here: expected low, medium, high or max.',
    ])
    expect(found[0]?.fix?.title).toBe('Write false unquoted')
    // A list of allowed tools is Claude Code's own form; the standard wants one string.
    const list = skill('name: calc\ndescription: x\nallowed-tools:\n  - Read\n  - Grep')
    expect(codes([list], 'claude-code')).not.toContain('allowed-tools-form')
    expect(codes([list], 'strict')).toContain('allowed-tools-form')
  })
})

describe('the Claude API’s upload rules', () => {
  it('refuses a reserved word in the name and an XML tag in the name or description', () => {
    const file = skill('name: claude-helper\ndescription: Formats <answer> blocks.', 'claude-helper/SKILL.md')
    expect(codes([file], 'claude-api', 'error')).toEqual(['name-reserved-word', 'xml-tag'])
    // Elsewhere the reserved word is a note and the tag is the standard's angle-bracket warning.
    expect(codes([file], 'strict', 'error')).toEqual([])
    expect(codes([file], 'claude-code', 'error')).toEqual([])
  })

  it('refuses a skill folder over 30 MB, all its files together', () => {
    const big = 'x'.repeat(31 * 1024 * 1024)
    const files = [
      skill('name: calc\ndescription: Adds numbers.'),
      { path: 'calc/data.csv', text: big },
      { path: 'other/data.csv', text: big },
    ]
    expect(codes(files, 'claude-api', 'error')).toContain('upload-size')
    expect(codes([skill('name: calc\ndescription: Adds numbers.'), { path: 'other/data.csv', text: big }], 'claude-api')).not.toContain(
      'upload-size',
    )
  })
})

describe('Codex’s agents/openai.yaml', () => {
  const SKILL = skill('name: ask-light\ndescription: Answers briefly. Use for quick questions.', 'ask-light/SKILL.md')
  const sidecar = (text: string) => ({ path: 'ask-light/agents/openai.yaml', text })

  it('takes the keys Codex reads', () => {
    const good = sidecar(
      'interface:\n  display_name: "Ask Light"\n  short_description: "Quick answers"\n  default_prompt: "Use $ask-light to answer."\n  brand_color: "#3B82F6"\npolicy:\n  allow_implicit_invocation: false\n',
    )
    expect(codes([SKILL, good], 'codex')).not.toContain('codex-sidecar')
  })

  it('says what Codex would not read, in the sidecar’s words', () => {
    const bad = sidecar('interface:\n  title: Ask\n  brand_color: blue\npolicy:\n  allow_implicit_invocation: "no"\nextras: {}\n')
    const messages = findings([SKILL, bad], 'codex')
      .filter((finding) => finding.code === 'codex-sidecar')
      .map((finding) => finding.message)
    expect(messages).toEqual([
      'agents/openai.yaml: "interface.title" is not a key Codex reads (display_name, short_description, icon_small, icon_large, brand_color, default_prompt).',
      'agents/openai.yaml: "extras" is not a key Codex reads (interface, policy, dependencies).',
      'agents/openai.yaml: interface.brand_color is not a colour like "#3B82F6".',
      'agents/openai.yaml: policy.allow_implicit_invocation is not true or false.',
    ])
    expect(findings([SKILL, sidecar('interface: [a\n')], 'codex').some((finding) => finding.code === 'codex-sidecar')).toBe(true)
    // Only Codex reads it.
    expect(codes([SKILL, bad], 'claude-code')).not.toContain('codex-sidecar')
  })
})

describe('catalog-cut: lint warns when the chosen client would cut a skill', () => {
  const many = (count: number, length: number) =>
    Array.from({ length: count }, (_, i) => skill(`name: s${i + 10}\ndescription: ${'d'.repeat(length)}`, `s${i + 10}/SKILL.md`))

  it('warns at each description Claude Code drops, and nowhere under the budget', () => {
    const cut = findings(many(40, 300), 'claude-code').filter((finding) => finding.code === 'catalog-cut')
    expect(cut.length).toBeGreaterThan(5)
    expect(cut.every((finding) => finding.severity === 'warning')).toBe(true)
    expect(cut[0]?.message).toBe(
      'Claude Code lists only this skill’s name: its description does not fit the listing budget (8,000 characters for 40 skills).',
    )
    expect(findings(many(10, 300), 'claude-code').some((finding) => finding.code === 'catalog-cut')).toBe(false)
    // Not a rule of the standard nor of this app's profile.
    expect(findings(many(40, 300), 'strict').some((finding) => finding.code === 'catalog-cut')).toBe(false)
    expect(findings(many(40, 300), 'app').some((finding) => finding.code === 'catalog-cut')).toBe(false)
  })

  it('Codex: every skill shortened round-robin is warned with what is shown', () => {
    const cut = findings(many(40, 300), 'codex').filter((finding) => finding.code === 'catalog-cut')
    expect(cut).toHaveLength(40)
    expect(cut[0]?.message).toMatch(
      /^Codex shows \d+ of this description’s 300 characters \(its listing budget is 8,000 characters for 40 skills\)\.$/,
    )
  })

  it('follows a description typed shorter, with the page’s cache (one keystroke re-lints)', () => {
    const cache = createLintCache()
    const files = many(27, 300)
    const before = lintWorkspace(files, { profile: 'claude-code', cache })
    const cutBefore = [...before.findings.values()].flat().filter((finding) => finding.code === 'catalog-cut').length
    expect(cutBefore).toBeGreaterThan(0)
    const shorter = files.map((file, i) => (i === 0 ? skill('name: s10\ndescription: short', 's10/SKILL.md') : file))
    const after = lintWorkspace(shorter, { profile: 'claude-code', cache })
    const cutAfter = [...after.findings.values()].flat().filter((finding) => finding.code === 'catalog-cut').length
    expect(cutAfter).toBeLessThan(cutBefore)
    expect(after).toEqual(lintWorkspace(shorter, { profile: 'claude-code' }))
  })
})

describe('real public SKILL.md files: no false errors', () => {
  // src/core/lint/fixtures/public/SOURCES.md names each file's repository and commit.
  const root = join(import.meta.dirname, 'fixtures', 'public')
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]))
  const files = walk(root)
    .filter((path) => path.endsWith('SKILL.md'))
    .map((path) => ({ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }))
  // Each repository is its own workspace (both anthropics/skills and openai/skills have a skill-creator).
  const errorsBySkill = (profile: LintProfile) => {
    const repositories = [...new Set(files.map((file) => file.path.split('/')[0]))]
    const results = repositories.map((repository) =>
      lintWorkspace(
        files.filter((file) => file.path.startsWith(`${repository}/`)),
        { profile },
      ),
    )
    return Object.fromEntries(
      results
        .flatMap((result) => [...result.findings])
        .flatMap(([path, list]) => {
          const errors = list.filter((finding) => finding.severity === 'error').map((finding) => finding.code)
          return errors.length ? [[path.split('/').slice(-2, -1)[0], errors.sort()]] : []
        }),
    )
  }

  it('has the files', () => {
    expect(files.length).toBe(9)
  })

  it('Claude Code, Codex: none at all', () => {
    expect(errorsBySkill('claude-code')).toEqual({})
    expect(errorsBySkill('codex')).toEqual({})
  })

  it('the standard, Copilot and the Claude API: only what the reference validator and the documented rules refuse', () => {
    // claude-api's description is 1,068 characters (anthropics/skills#1613); template is named
    // "template-skill"; skill-usage has a top-level version. Claude Code's user-invocable is not one of them.
    expect(errorsBySkill('strict')).toEqual({
      'claude-api': ['description-too-long'],
      template: ['name-matches-folder'],
      'skill-usage': ['unknown-key'],
    })
    expect(errorsBySkill('copilot')).toEqual({ 'claude-api': ['description-too-long'], template: ['name-matches-folder'] })
    expect(errorsBySkill('claude-api')).toEqual({
      'claude-api': ['description-too-long', 'name-reserved-word'],
      template: ['name-matches-folder'],
      'skill-usage': ['unknown-key'],
    })
  })
})

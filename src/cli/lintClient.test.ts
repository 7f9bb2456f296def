import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadWorkspace } from '../core/skill'
import { readSkillsDir } from './readSkillsDir'
import { runCli } from './runCli'

async function run(argv: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    lines: async function* () {},
  })
  return { code, out, err }
}

/** A folder holding `files` (relative path → text). */
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'clients-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return root
}

const described = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody.\n`

describe('skill-playground lint --client', () => {
  // Thirty skills with descriptions of about 300 characters: over Claude Code's 8,000-character listing.
  const crowded = Object.fromEntries(
    Array.from({ length: 30 }, (_, i) => [`s${i + 10}/SKILL.md`, described(`s${i + 10}`, `Handles case ${i}. ${'x'.repeat(285)}`)]),
  )

  it('lints as Claude Code reads the files and warns at every description its listing drops', async () => {
    const dir = folder({ ...crowded, 's10/SKILL.md': described('s10', 'Deploys the site.', 'model: sonnet\ncontext: fork\n') })
    const { code, out, err } = await run(['lint', dir, '--client', 'claude-code', '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(out.join('\n'))
    expect(report.profile).toBe('claude-code')
    expect(report.client).toBe('claude-code')
    expect(report.findings.filter((finding: { rule: string }) => finding.rule === 'client-field')).toEqual([])
    const cut = report.findings.filter((finding: { rule: string }) => finding.rule === 'catalog-cut')
    expect(cut.length).toBeGreaterThan(0)
    expect(cut.every((finding: { severity: string }) => finding.severity === 'warning')).toBe(true)
    expect(report.catalog).toMatchObject({ unit: 'chars', budget: 8000 })
    expect(report.catalog.wanted).toBeGreaterThan(8000)
    expect(report.catalog.used).toBeLessThanOrEqual(8000)
    expect(report.catalog.entries).toHaveLength(30)
    expect(report.catalog.entries[0]).toEqual({ skill: 's10', path: 's10/SKILL.md', state: 'full', shown: 17, length: 17 })
    expect(report.catalog.entries.at(-1)).toMatchObject({ skill: 's39', state: 'name-only', shown: 0, length: 302 })
    expect(err).toEqual([])
  })

  it('says the listing in one line, and warns in Codex about the Claude Code fields', async () => {
    const dir = folder({ ...crowded, 's10/SKILL.md': described('s10', 'Deploys the site.', 'model: sonnet\n') })
    const { code, out, err } = await run(['lint', dir, '--client', 'codex'])
    expect(code).toBe(0)
    expect(
      out.some((line) => /s10\/SKILL\.md:\d+:\d+ warning "model" is a Claude Code field; Codex ignores it\. \[client-field\]/.test(line)),
    ).toBe(true)
    expect(err.find((line) => line.startsWith("Codex's listing"))).toMatch(
      /^Codex's listing: 9,\d{3} of 8,000 characters; 1 whole, 29 shortened\.$/,
    )
  })

  it('exits 1 on the Claude API’s upload errors, and 2 on an unknown client or a clashing --profile', async () => {
    const dir = folder({ 'claude-helper/SKILL.md': described('claude-helper', 'Formats <answer> tags.') })
    const api = await run(['lint', dir, '--client', 'claude-api'])
    expect(api.code).toBe(1)
    expect(api.out.join('\n')).toContain('[name-reserved-word]')
    expect(api.out.join('\n')).toContain('[xml-tag]')
    expect((await run(['lint', dir, '--client', 'cursor'])).code).toBe(2)
    expect((await run(['lint', dir, '--client', 'cursor'])).err.join('\n')).toContain(
      '--client must be one of agent-skills, claude-code, codex, copilot, claude-api',
    )
    expect((await run(['lint', dir, '--client', 'codex', '--profile', 'app'])).code).toBe(2)
    // The standard's own profile may be named too; there the reserved word is a note and the tag a warning.
    expect((await run(['lint', dir, '--client', 'agent-skills', '--profile', 'strict'])).code).toBe(0)
  })
})

describe('the folders clients read', () => {
  const repository = () =>
    folder({
      '.claude/skills/x/SKILL.md': described('x', 'Claude Code skill.'),
      '.claude/settings.json': '{"secret": true}',
      '.claude/skills/x/.cache/notes.md': 'hidden inside a skill',
      '.agents/skills/a/SKILL.md': described('a', 'Standard skill.'),
      '.github/skills/g/SKILL.md': described('g', 'Copilot skill.'),
      '.codex/skills/c/SKILL.md': described('c', 'Codex skill.'),
      'skills/y/SKILL.md': described('y', 'Repository skill.'),
      '.git/skills/z/SKILL.md': described('z', 'Never read.'),
      'skills/.curated/k/SKILL.md': described('k', 'From the openai/skills catalog layout.'),
      'skills/.hidden/h/SKILL.md': described('h', 'Never read.'),
      'node_modules/pkg/skills/n/SKILL.md': described('n', 'Never read.'),
      'README.md': '# A repository\n',
      'THIRD_PARTY_NOTICES.md': 'Notices, not a skill.\n',
    })

  it('--skills . reads .claude/skills/, skills/ (with openai/skills’ catalog tiers) and the other client folders, and nothing else hidden', () => {
    const paths = readSkillsDir(repository()).map((file) => file.path)
    expect(paths.sort()).toEqual([
      '.agents/skills/a/SKILL.md',
      '.claude/skills/x/SKILL.md',
      '.codex/skills/c/SKILL.md',
      '.github/skills/g/SKILL.md',
      'skills/.curated/k/SKILL.md',
      'skills/y/SKILL.md',
    ])
    expect(
      loadWorkspace(readSkillsDir(repository()))
        .skills.map((skill) => skill.name)
        .sort(),
    ).toEqual(['a', 'c', 'g', 'k', 'x', 'y'])
  })

  it('a repository’s own Markdown at its root is not a skill, and is said to be left out', () => {
    const skipped: string[] = []
    const paths = readSkillsDir(repository(), (path, why) => skipped.push(`${path}: ${why}`)).map((file) => file.path)
    expect(paths).not.toContain('THIRD_PARTY_NOTICES.md')
    expect(skipped).toContain("THIRD_PARTY_NOTICES.md: a repository's own document, not a skill")
    // A skills folder itself keeps its flat skills.
    expect(readSkillsDir(folder({ 'weather.md': '---\nname: weather\n---\nBody.\n' })).map((file) => file.path)).toEqual(['weather.md'])
  })

  it('lint says where each skill came from', async () => {
    const dir = folder({
      '.claude/skills/x/SKILL.md': described('x', 'Claude Code skill.'),
      'skills/y/SKILL.md': described('y', 'Repository skill.'),
    })
    const text = await run(['lint', dir])
    expect(text.err).toContain('Read .claude/skills (1), skills (1).')
    const json = JSON.parse((await run(['lint', dir, '--json'])).out.join('\n'))
    expect(json.origins).toEqual([
      { folder: '.claude/skills', skills: 1 },
      { folder: 'skills', skills: 1 },
    ])
    expect(json.skills).toBe(2)
  })
})

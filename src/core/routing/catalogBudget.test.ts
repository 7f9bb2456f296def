import { describe, expect, it } from 'vitest'
import { budgetNumbers, CLIENT_PROFILES } from '../clients'
import { loadWorkspace } from '../skill'
import { budgetOf, catalogBudget } from './catalogBudget'

/** `count` skills named s01…, each with a description of `length` characters. */
function workspace(count: number, length: number, extra = '') {
  const files = Array.from({ length: count }, (_, i) => {
    const name = `s${String(i + 1).padStart(2, '0')}`
    return { path: `${name}/SKILL.md`, text: `---\nname: ${name}\ndescription: ${'d'.repeat(length)}\n${extra}---\nBody\n` }
  })
  return loadWorkspace(files).skills
}

describe('catalogBudget: the budgets', () => {
  it('turns each client’s numbers into its budget', () => {
    expect(budgetOf('claude-code', CLIENT_PROFILES['claude-code'].numbers)).toEqual({ unit: 'chars', budget: 8000 })
    expect(budgetOf('claude-code', budgetNumbers('claude-code', { contextTokens: 1_000_000 }))).toEqual({ unit: 'chars', budget: 40_000 })
    expect(budgetOf('codex', CLIENT_PROFILES.codex.numbers)).toEqual({ unit: 'chars', budget: 8000 })
    expect(budgetOf('codex', budgetNumbers('codex', { contextTokens: 272_000 }))).toEqual({ unit: 'tokens', budget: 5440 })
    expect(budgetOf('copilot', CLIENT_PROFILES.copilot.numbers)).toEqual({ unit: 'chars', budget: 15_000 })
    expect(budgetOf('agent-skills', CLIENT_PROFILES['agent-skills'].numbers).budget).toBe(0)
  })

  it('keeps a typed number only when it is a whole, non-negative number in range', () => {
    expect(budgetNumbers('copilot', { budgetChars: 900.7 }).budgetChars).toBe(900)
    expect(budgetNumbers('copilot', { budgetChars: -1 }).budgetChars).toBe(15_000)
    expect(budgetNumbers('copilot', { budgetChars: Number.NaN }).budgetChars).toBe(15_000)
    expect(budgetNumbers('copilot', { budgetChars: '12' }).budgetChars).toBe(15_000)
    expect(budgetNumbers('claude-code', { percent: 0.5 }).percent).toBe(0.5)
  })
})

describe('catalogBudget: Claude Code', () => {
  it('lists everything whole under the budget', () => {
    const layout = catalogBudget(workspace(3, 100), 'claude-code')
    expect(layout.entries.map((e) => e.state)).toEqual(['full', 'full', 'full'])
    expect(layout.used).toBe(layout.wanted)
    expect(layout.text.split('\n')[0]).toBe(`- s01: ${'d'.repeat(100)}`)
  })

  it('drops whole descriptions from the end of the list until it fits, and keeps every name', () => {
    // 40 lines of 6 + 1 + 300 + 1 = 308 characters: 12,320 wanted, 8,000 allowed.
    const layout = catalogBudget(workspace(40, 300), 'claude-code')
    expect(layout.wanted).toBe(40 * 308)
    const states = layout.entries.map((e) => e.state)
    const kept = states.filter((s) => s === 'full').length
    expect(states.slice(0, kept).every((s) => s === 'full')).toBe(true)
    expect(states.slice(kept).every((s) => s === 'name-only')).toBe(true)
    expect(layout.used).toBeLessThanOrEqual(8000)
    // One description fewer dropped would not fit.
    expect(layout.used + 301).toBeGreaterThan(8000)
    expect(layout.text).toContain('- s40\n'.trim())
  })

  it('caps a description (with when_to_use) at 1,536 characters, and leaves disable-model-invocation skills out', () => {
    const long = catalogBudget(workspace(1, 1000, `when_to_use: ${'w'.repeat(700)}\n`), 'claude-code')
    expect(long.entries[0]).toMatchObject({ state: 'shortened', descriptionChars: 1701, shownChars: 1535 })
    const manual = catalogBudget(workspace(2, 10, 'disable-model-invocation: true\n'), 'claude-code')
    expect(manual.entries).toEqual([])
    expect(manual.manualOnly).toEqual(['s01', 's02'])
  })
})

describe('catalogBudget: Codex', () => {
  it('shares the room left round-robin: short descriptions stay whole, long ones are shortened evenly', () => {
    const skills = [...workspace(1, 20), ...workspace(30, 400).slice(1)]
    const layout = catalogBudget(skills, 'codex', budgetNumbers('codex', { budgetChars: 4000 }))
    expect(layout.used).toBeLessThanOrEqual(4000)
    expect(layout.entries[0]).toMatchObject({ state: 'full', shownChars: 20 })
    const shown = layout.entries.slice(1).map((e) => e.shownChars)
    expect(Math.max(...shown) - Math.min(...shown)).toBeLessThanOrEqual(1)
    expect(layout.entries.slice(1).every((e) => e.state === 'shortened')).toBe(true)
    expect(layout.text).toMatch(/^- s01: d{20} \(file: s01\/SKILL\.md\)$/m)
  })

  it('leaves skills out, in order, when even names and paths overflow', () => {
    const layout = catalogBudget(workspace(10, 50), 'codex', budgetNumbers('codex', { budgetChars: 120 }))
    const states = layout.entries.map((e) => e.state)
    expect(states.filter((s) => s === 'omitted').length).toBeGreaterThan(0)
    expect(states.indexOf('omitted')).toBe(states.filter((s) => s !== 'omitted').length)
    expect(layout.used).toBeLessThanOrEqual(120)
  })

  it('counts tokens as UTF-8 bytes / 4 when the context window is known', () => {
    const layout = catalogBudget(workspace(5, 40), 'codex', budgetNumbers('codex', { contextTokens: 10_000 }))
    expect(layout.unit).toBe('tokens')
    expect(layout.budget).toBe(200)
    expect(layout.entries.every((e) => e.state === 'full')).toBe(true)
  })

  it('caps each description at 1,024 characters (1,021 and "...")', () => {
    const layout = catalogBudget(workspace(1, 1100), 'codex', budgetNumbers('codex', { budgetChars: 100_000 }))
    expect(layout.entries[0]).toMatchObject({ state: 'shortened', shownChars: 1021 })
    expect(layout.text).toContain(`: ${'d'.repeat(1021)}... (file:`)
  })
})

describe('catalogBudget: Copilot in VS Code and the Claude API', () => {
  it('Copilot: blocks while they fit, then names only, then "and N more"', () => {
    const layout = catalogBudget(workspace(100, 300), 'copilot', budgetNumbers('copilot', { namesChars: 50 }))
    const states = layout.entries.map((e) => e.state)
    const full = states.filter((s) => s === 'full').length
    expect(full).toBeGreaterThan(30)
    expect(full).toBeLessThan(100)
    expect(states.filter((s) => s === 'name-only').length).toBe(10) // "s01, s02, …": 3 + 9 × 5 = 48 characters
    expect(layout.text).toMatch(/Additional skills available \(invoke by name\): s\d+, .*\.\.\. and \d+ more$/)
    expect(layout.text.startsWith('<skill>\n<name>s01</name>\n<description>')).toBe(true)
  })

  it('Claude API: the first eight skills go in a request; a description over 1,024 characters is cut', () => {
    const layout = catalogBudget(workspace(10, 1100), 'claude-api')
    expect(layout.entries.map((e) => e.state)).toEqual([...Array(8).fill('shortened'), 'omitted', 'omitted'])
  })

  it('the standard sets no budget: everything is listed whole', () => {
    const layout = catalogBudget(workspace(200, 500), 'agent-skills')
    expect(layout.entries.every((e) => e.state === 'full')).toBe(true)
    expect(layout.budget).toBe(0)
  })

  it('a thousand long descriptions are laid out quickly for every client', () => {
    const skills = workspace(1000, 1000)
    const started = performance.now()
    for (const client of ['claude-code', 'codex', 'copilot', 'claude-api', 'agent-skills'] as const) catalogBudget(skills, client)
    catalogBudget(skills, 'codex', budgetNumbers('codex', { contextTokens: 1_000_000 }))
    expect(performance.now() - started).toBeLessThan(5000)
  })
})

describe('catalogBudget: skills a client never lists', () => {
  it('Codex leaves out a skill whose agents/openai.yaml turns implicit invocation off, when it can read the files', () => {
    const skills = workspace(2, 50)
    const sidecar = (path: string) => (path === 's01/agents/openai.yaml' ? 'policy:\n  allow_implicit_invocation: false\n' : undefined)
    const layout = catalogBudget(skills, 'codex', undefined, sidecar)
    expect(layout.manualOnly).toEqual(['s01'])
    expect(layout.entries.map((e) => e.name)).toEqual(['s02'])
    expect(catalogBudget(skills, 'codex').entries).toHaveLength(2)
    // Claude Code reads no sidecar.
    expect(catalogBudget(skills, 'claude-code', undefined, sidecar).entries).toHaveLength(2)
  })
})

describe('catalogBudget: characters are code points', () => {
  it('an emoji or a CJK extension B character counts once, and is never cut in half', () => {
    const skills = loadWorkspace([{ path: 'e/SKILL.md', text: `---\nname: e\ndescription: ${'😀'.repeat(10)}𠀀\n---\nB\n` }]).skills
    const layout = catalogBudget(skills, 'claude-code', budgetNumbers('claude-code', { descriptionChars: 6 }))
    expect(layout.entries[0]).toMatchObject({ descriptionChars: 11, shownChars: 5, state: 'shortened' })
    expect(layout.text).toBe(`- e: ${'😀'.repeat(5)}…`)
  })
})

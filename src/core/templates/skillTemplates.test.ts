import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSkillsDir } from '../../cli/readSkillsDir'
import { parseRoutingTests, runRoutingTests } from '../routingSuite'
import { lintWorkspace } from '../lint'
import { createRouter } from '../routing'
import { loadWorkspace, parseSkill, type SkillFile } from '../skill'
import { blankSkillText, SKILL_TEMPLATES } from './index'

const LANGUAGES = ['zh', 'en'] as const

describe('the scenario templates', () => {
  it('offer at least eight scenarios, each in Chinese and English', () => {
    expect(SKILL_TEMPLATES.length).toBeGreaterThanOrEqual(8)
    for (const template of SKILL_TEMPLATES)
      for (const language of LANGUAGES) {
        const variant = template.variants[language]
        expect(variant.cases.length, template.id).toBeGreaterThanOrEqual(3)
        expect(variant.cases.length, template.id).toBeLessThanOrEqual(5)
        expect(parseSkill(`${template.name}/SKILL.md`, variant.text).name).toBe(template.name)
      }
  })

  it.each(LANGUAGES)('route their own cases right, alone and all together (%s)', (language) => {
    const all: SkillFile[] = SKILL_TEMPLATES.map((template) => ({
      path: `${template.name}/SKILL.md`,
      text: template.variants[language].text,
    }))
    const together = createRouter(loadWorkspace(all).skills)
    for (const template of SKILL_TEMPLATES) {
      const alone = createRouter(loadWorkspace([{ path: `${template.name}/SKILL.md`, text: template.variants[language].text }]).skills)
      for (const { utterance, expectSelf } of template.variants[language].cases) {
        const expected = expectSelf ? template.name : null
        expect(alone(utterance).winner?.skill ?? null, `${template.id}: ${utterance} (alone)`).toBe(expected)
        if (expectSelf) expect(together(utterance).winner?.skill ?? null, `${template.id}: ${utterance} (all templates)`).toBe(expected)
      }
    }
  })

  it.each(LANGUAGES)('lint without errors or warnings (%s)', (language) => {
    const files = SKILL_TEMPLATES.map((template) => ({ path: `${template.name}/SKILL.md`, text: template.variants[language].text }))
    const findings = [...lintWorkspace(files).findings.values()].flat().filter((finding) => finding.severity !== 'info')
    expect(findings.map((finding) => `${finding.code}: ${finding.message}`)).toEqual([])
  })

  it('start blank skills with no keyword that would match real messages', () => {
    for (const language of LANGUAGES) expect(parseSkill('x/SKILL.md', blankSkillText('x', language)).triggerKeywords).toEqual([])
  })
})

describe('templates added to the example workspace', () => {
  it.each(LANGUAGES)('keep every routing test passing, theirs and the examples (%s)', (language) => {
    const dir = join(import.meta.dirname, '../../../skills')
    const examples = readSkillsDir(dir)
    const exampleCases = parseRoutingTests(readFileSync(join(dir, 'routing-tests.yaml'), 'utf8')).cases
    const failures: string[] = []
    // Two skills for one intent compete by design (the Tests tab shows it): the weather and
    // calculator templates are tried beside the examples without their namesakes.
    const namesake: Record<string, string> = { 'weather-advice': 'weather', 'quick-calculator': 'calculator' }
    for (const template of SKILL_TEMPLATES) {
      const variant = template.variants[language]
      const others = examples.filter((file) => !file.path.startsWith(`${namesake[template.id] ?? '\u0000'}`))
      const skills = loadWorkspace([...others, { path: `${template.name}/SKILL.md`, text: variant.text }]).skills
      const kept = exampleCases.filter((c) => c.expect !== namesake[template.id])
      const cases = [
        ...kept,
        ...variant.cases.map((c, index) => ({ utterance: c.utterance, expect: c.expectSelf ? template.name : null, line: 0, index })),
      ]
      const result = runRoutingTests(cases, createRouter(skills), 0.3, skills)
      for (const r of result.results)
        if (!r.pass) failures.push(`${template.id}: "${r.case.utterance}" expected ${r.case.expect} got ${r.got}`)
    }
    expect(failures).toEqual([])
  })
})

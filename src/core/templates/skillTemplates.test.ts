import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSkillsDir } from '../../cli/readSkillsDir'
import { parseRoutingTests, runRoutingTests } from '../routingSuite'
import { lintWorkspace } from '../lint'
import { createRouter } from '../routing'
import { loadWorkspace, parseSkill, type SkillFile } from '../skill'
import { createScriptedModel, runConversation } from '../agent'
import { parseEvalSuite, runEvals, runPatternCheck, type EvalCase } from '../evals'
import { builtinToolRegistry } from '../tools'
import { EXAMPLE_KNOWLEDGE } from '../tools/exampleData'
import { DEFAULT_MOCKS } from '../tools/mockTools'
import { createVirtualFiles } from '../tools/virtualFiles'
import { addEvalCases } from '../workspace'
import { blankSkillText, SKILL_TEMPLATES, templateEvalDrafts } from './index'

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

  it.each(LANGUAGES)('pass their own lint with no finding at all, hints included (%s)', (language) => {
    for (const template of SKILL_TEMPLATES) {
      const files = [{ path: `${template.name}/SKILL.md`, text: template.variants[language].text }]
      const findings = [...lintWorkspace(files).findings.values()].flat()
      expect(
        findings.map((finding) => `${template.id} ${finding.severity} ${finding.code}: ${finding.message}`),
        template.id,
      ).toEqual([])
    }
  })

  it('read their Chinese descriptions without a space folded in between sentences', () => {
    for (const template of SKILL_TEMPLATES) {
      const description = parseSkill(`${template.name}/SKILL.md`, template.variants.zh.text).description
      expect(description, template.id).not.toMatch(/[\u3000-\u303f\uff00-\uffef\p{Script=Han}] [\u3000-\u303f\uff00-\uffef\p{Script=Han}]/u)
    }
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

describe("the templates' eval cases", () => {
  it.each(LANGUAGES)('come two or three per template and pass with the scripted model (%s)', async (language) => {
    for (const template of SKILL_TEMPLATES) {
      const variant = template.variants[language]
      expect(variant.evals.length, template.id).toBeGreaterThanOrEqual(2)
      expect(variant.evals.length, template.id).toBeLessThanOrEqual(3)
      const text = addEvalCases(undefined, templateEvalDrafts(variant, template.name))!
      const suite = parseEvalSuite(text)
      expect(suite.problems, template.id).toEqual([])
      expect(suite.cases.length).toBe(variant.evals.length)
      const skills = loadWorkspace([{ path: `${template.name}/SKILL.md`, text: variant.text }]).skills
      const report = await runEvals(suite.cases, {
        trials: 1,
        grader: null,
        runTrial: async (testCase: EvalCase, _trial: number, signal: AbortSignal) => ({
          events: await runConversation(testCase.turns, {
            skills,
            mode: 'keyword',
            threshold: 0.3,
            model: createScriptedModel(),
            registry: builtinToolRegistry,
            tools: { files: createVirtualFiles({}, () => {}), knowledge: EXAMPLE_KNOWLEDGE, mocks: DEFAULT_MOCKS, now: () => new Date() },
            signal,
            clock: () => 0,
            timers: { set: (callback, ms) => setTimeout(callback, ms), clear: (handle) => clearTimeout(handle as number) },
            onEvent: () => {},
          }),
          latencyMs: 1,
        }),
        signal: new AbortController().signal,
        label: 'scripted',
        simulated: true,
        checkPattern: async (check) => runPatternCheck(check),
      })
      const failed = report.cases.flatMap((row) =>
        row.failures.map((failure) => `${template.id} ${row.name}: ${failure.assertion} — ${failure.detail}`),
      )
      expect(failed).toEqual([])
    }
  })
})

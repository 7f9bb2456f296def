import { describe, expect, it } from 'vitest'
import { createScriptedModel } from '../agent'
import { loadWorkspace } from '../skill'
import { createDescriptionMatcher, createDescriptionRouter, createRouter, mostSimilarSkill } from './index'

/** Public Agent Skills (name and description, no trigger keywords) beside one keyword skill of this app. */
const { skills } = loadWorkspace([
  {
    path: 'pdf/SKILL.md',
    text: '---\nname: pdf\ndescription: Extract text and tables from PDF files, fill PDF forms, merge and split PDF documents. Use when the user works with PDF files.\n---\nBody',
  },
  {
    path: 'xlsx/SKILL.md',
    text: '---\nname: xlsx\ndescription: Create and edit spreadsheets, formulas and charts in Excel workbooks. Do not use for PDF files or Word documents.\n---\nBody',
  },
  {
    path: 'brand-guidelines/SKILL.md',
    text: "---\nname: brand-guidelines\ndescription: Apply the company's brand colours and typography to slides and documents.\n---\nBody",
  },
  {
    path: 'calculator/SKILL.md',
    text: '---\nname: calculator\ndescription: Arithmetic.\ntrigger_keywords: [计算, calculate]\n---\nBody',
  },
  {
    path: 'manual-pdf/SKILL.md',
    text: '---\nname: manual-pdf\ndescription: PDF files, by hand only.\nentry_mode: manual\n---\nBody',
  },
])

describe('createDescriptionRouter', () => {
  it('ranks the skills without keywords by their description match, with the terms matched, and names the stand-in’s pick', () => {
    const routing = createDescriptionRouter(skills)('Merge these two PDF files and extract the tables')
    expect(routing.top(10).map((row) => row.skill)).toEqual(['pdf', 'brand-guidelines', 'xlsx'])
    expect(routing.top(1)[0]).toMatchObject({ skill: 'pdf', path: 'pdf/SKILL.md', picked: true, ruledOut: false })
    expect(routing.top(1)[0]!.matched).toEqual(['merge', 'pdf', 'file', 'extract', 'table'])
    expect(routing.top(1)[0]!.score).toBeGreaterThan(routing.minimum)
    expect(routing.pick).toEqual({ skill: 'pdf', path: 'pdf/SKILL.md', keywords: false })
    // The keyword skill is routed by keywords (its own table), the manual one by nobody.
    expect(routing).toMatchObject({ withoutKeywords: 3, withKeywords: 1 })
  })

  it('keyword routing picks nothing for a workspace of public skills; description routing still ranks them', () => {
    const publicOnly = skills.filter((skill) => skill.triggerKeywords.length === 0)
    const message = 'Add a SUM formula and a chart to my Excel spreadsheet'
    const keyword = createRouter(publicOnly)(message, 0.3)
    expect(keyword.scored).toBe(0)
    expect(keyword.winner).toBeNull()
    const routing = createDescriptionRouter(publicOnly)(message)
    expect(routing.top(1)[0]).toMatchObject({ skill: 'xlsx', picked: true })
    expect(routing.top(1)[0]!.matched).toEqual(expect.arrayContaining(['formula', 'chart', 'excel', 'spreadsheet']))
  })

  it('a skill whose "do not use" part fits the message better is ruled out, with the terms that spoke against it', () => {
    const matcher = createDescriptionMatcher([
      { name: 'xlsx', description: 'Spreadsheets and formulas. Do not use for Word documents.' },
      { name: 'other', description: 'Weather forecasts.' },
    ])
    const { scores, pick } = matcher('Word documents')
    expect(scores[0]).toMatchObject({ ruledOut: true, against: ['word', 'document'] })
    expect(pick).toBeNull()
  })

  it('the best rows are picked from the numbers as a full sort would order them: best first, load order on a tie', () => {
    const words = ['pdf', 'table', 'chart', 'excel', 'slide', 'merge', 'form', 'report']
    const many = loadWorkspace(
      Array.from({ length: 60 }, (_, i) => ({
        path: `s${String(i).padStart(2, '0')}/SKILL.md`,
        text: `---\nname: s${i}\ndescription: ${words[i % 8]} ${words[(i * 3) % 8]} ${i % 5 === 0 ? 'pdf pdf' : ''}\n---\nBody`,
      })),
    ).skills
    const route = createDescriptionRouter(many)('merge the pdf table into a chart')
    const all = route.top(1000)
    expect(all).toHaveLength(60)
    const sorted = [...all].sort((a, b) => b.score - a.score || a.order - b.order)
    expect(all.map((row) => row.path)).toEqual(sorted.map((row) => row.path))
    for (const count of [0, 1, 7, 25])
      expect(route.top(count).map((row) => row.path)).toEqual(sorted.slice(0, count).map((row) => row.path))
  })

  it('nothing is picked below the minimum: one shared common word is not a match', () => {
    const routing = createDescriptionRouter(skills)('hello there')
    expect(routing.pick).toBeNull()
    expect(routing.top(10).every((row) => !row.picked && row.matched.length === 0)).toBe(true)
  })

  it('is the rule the scripted model routes by: its pick is the stand-in’s pick, message after message', async () => {
    const route = createDescriptionRouter(skills)
    const model = createScriptedModel()
    const auto = skills.filter((skill) => skill.entryMode === 'auto')
    for (const message of [
      'Merge these two PDF files',
      'a chart in my Excel workbook',
      'brand colours for my slides',
      '计算 2+2',
      'hello',
    ]) {
      const reply = await model.complete({
        messages: [{ role: 'user', content: message }],
        tools: [],
        protocol: 'text',
        route: auto.map((skill) => ({
          name: skill.name,
          description: skill.description,
          parameters: skill.parameters,
          triggerKeywords: skill.triggerKeywords,
        })),
        signal: new AbortController().signal,
        onText: () => {},
      })
      const picked = (JSON.parse(reply.text) as { skill: string | null }).skill
      expect(picked).toBe(route(message).pick?.skill ?? null)
      expect(picked).toBe(
        mostSimilarSkill(
          message,
          auto.map((skill) => ({ name: skill.name, description: skill.description, keywords: skill.triggerKeywords })),
        ),
      )
    }
  })
})

import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import * as yaml from 'yaml'
import { splitSkillFile } from './frontmatter'
import { parseSkill } from './parseSkill'
import { SKILL_TEMPLATES } from '../templates'

vi.mock('yaml', async (importOriginal) => {
  const original = await importOriginal<typeof yaml>()
  return { ...original, parseDocument: vi.fn(original.parseDocument) }
})

/** Every SKILL.md under a folder. */
function skillFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? skillFiles(path) : name.endsWith('.md') ? [readFileSync(path, 'utf8')] : []
  })
}

/** What the fast reading of plain frontmatter must agree with: the YAML parser. */
const bothWays = (text: string) => expect(splitSkillFile(text)).toEqual(splitSkillFile(text, { plain: false }))

describe('plain frontmatter read without the YAML parser', () => {
  it('agrees with the YAML parser on the example skills and the templates', () => {
    const texts = [
      ...skillFiles(join(import.meta.dirname, '../../../skills')),
      ...SKILL_TEMPLATES.flatMap((template) => Object.values(template.variants).map((variant) => variant.text)),
    ]
    expect(texts.length).toBeGreaterThan(9)
    texts.forEach(bothWays)
  })

  it('splits the block where gray-matter does, for every way a block opens, closes or is empty', () => {
    const blocks = [
      '---\nname: a\n---\nBody\n',
      '\ufeff---\nname: a\n---\nBody\n',
      '---\r\nname: a\r\n---\r\nBody\r\n',
      '---\rname: a\r---\rBody',
      '---\nname: a\n---',
      '---\nname: a\n---\n',
      '---\nname: a\n---\n\n\nBody',
      '---\nname: a\n----\nBody',
      '---\nname: a\n--- trailing\nBody',
      '---\nname: a\nBody without a closing line',
      '---\n---\nBody',
      '---\n\n---\nBody',
      '---\n# only a comment\n---\nBody',
      '---\n  # indented comment\n\n---\nBody',
      '---\nname: a # comment\n---\nBody',
      '----\nname: a\n---\nBody',
      '---yaml\nname: a\n---\nBody',
      '--- \nname: a\n---\nBody',
      '---json\n{"name": "a"}\n---\n',
      '---ruby\nname: a\n---\n',
      '---',
      '---\n',
      'no frontmatter\n---\nname: a\n',
      '\n---\nname: a\n---\n',
      '---\nname: a\n---\nBody with\n---\na rule\n',
    ]
    blocks.forEach(bothWays)
  })

  it('agrees with the YAML parser on values YAML reads in other ways', () => {
    const values = [
      'plain words',
      'null',
      'True',
      'FALSE',
      '~',
      '5',
      '05',
      '0x1F',
      '1e3',
      '-3',
      '.inf',
      '3.5',
      'a: b',
      'ends with:',
      'has # comment',
      'has#hash',
      "it's",
      'say "hi"',
      '"quoted"',
      "'single'",
      '[a, b]',
      '[a, b,]',
      '[]',
      '[ a ,b , 5 ]',
      '[a, [b]]',
      '[a, {b: c}]',
      '[规划, plan, task 7]',
      '[a: b]',
      '[null, true]',
      '[a  b]',
      '[#x]',
      '&anchor value',
      '*alias',
      '!tag value',
      '|',
      '>-',
      '- item',
      '? key',
      '%percent',
      '@at',
      '`tick`',
      '两个空格  之间',
      'tab\there',
      '🙂 emoji first',
      'x   ',
      '{a: b}',
      '',
    ]
    for (const value of values) {
      bothWays(`---\nname: demo\nfield: ${value}\n---\nBody\n`)
      bothWays(`---\nfield: ${value}\n\nother: x\n---\n`)
    }
  })

  it('agrees with the YAML parser on the shapes around values', () => {
    for (const text of [
      '---\nname: a\nname: b\n---\n',
      '---\n__proto__: x\n---\n',
      '---\nname: a\n  indented: b\n---\n',
      '---\n# comment\nname: a\n---\n',
      '---\nname:a\n---\n',
      '---\nName_2-x: a\n---\n',
      '---\n\n---\nbody',
      '---\n   \nname: a\n   \n---\n',
      '---\r\nname: a\r\ntrigger_keywords: [a, b]\r\n---\r\nbody\r\n',
      '\ufeff---\nname: a\n---\n',
      '---\nname: a\n...\n---\n',
      '---\nname: a\n---',
      '---\nname: a\n',
      '---yaml\nname: a\n---\n',
    ])
      bothWays(text)
  })

  it('agrees with the YAML parser on random frontmatter', () => {
    let seed = 11
    const pick = <T>(list: readonly T[]): T => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), list[seed % list.length] as T)
    const words = ['plan', '规划', 'task 7', 'a,b', 'x:y', 'x: y', '#', 'null', '5', "it's", '"q"', ' lead', 'trail ', 'A', '[a]', '']
    const keys = ['name', 'description', 'trigger_keywords', 'tags', 'max_rounds', 'name']
    for (let round = 0; round < 300; round++) {
      const lines = Array.from({ length: 1 + (round % 5) }, () => {
        const key = pick(keys)
        return pick([0, 1])
          ? `${key}: [${Array.from({ length: 1 + (round % 3) }, () => pick(words)).join(pick([', ', ',', ' , ']))}]`
          : `${key}: ${pick(words)}`
      })
      bothWays(`---\n${lines.join('\n')}\n---\nBody\n`)
    }
  })
})

describe('a nested frontmatter read again', () => {
  it('is parsed once while only the body changes (a keystroke parses and lints the skill again)', () => {
    const head = '---\nname: calc\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\n'
    const parse = vi.mocked(yaml.parseDocument)
    parse.mockClear()
    const first = parseSkill('calc/SKILL.md', `${head}Add.\n`)
    const second = parseSkill('calc/SKILL.md', `${head}Add them up.\n`)
    splitSkillFile(`${head}Add them up!\n`)
    expect(parse).toHaveBeenCalledTimes(1)
    expect(second).toEqual({ ...first, body: 'Add them up.\n' })
    // Each parse has values of its own: changing one skill's schema leaves the next parse alone.
    ;(first.parameters as { type: string }).type = 'changed'
    expect(parseSkill('calc/SKILL.md', `${head}x`).parameters).toMatchObject({ type: 'object' })
    // A changed frontmatter is read again.
    parseSkill('calc/SKILL.md', `${head.replace('number', 'string')}Add.\n`)
    expect(parse).toHaveBeenCalledTimes(2)
  })
})

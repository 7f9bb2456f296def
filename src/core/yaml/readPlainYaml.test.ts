import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import * as yaml from 'yaml'
import { SKILL_TEMPLATES } from '../templates'
import { splitSkillFile } from './splitSkillFile'

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

  it('leaves Unicode spaces to the YAML parser, which keeps them where JavaScript would trim them', () => {
    for (const text of [
      '---\nname: refund\u3000\n---\n',
      '---\nname: \u00a0refund\n---\n',
      '---\nname: refund\ntrigger_keywords: [退款\u3000, 退货]\n---\n',
      '---\nname: refund\ntrigger_keywords:\n  - 退款\u3000\n  - \ufeff退货\n---\n',
      '---\nname: refund\ndescription: >\n  \u3000\u3000全角缩进的一行\n  第二行\n---\n',
      '---\r\nname: refund\r\n---\r\n',
    ])
      bothWays(text)
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
    const words = [
      'plan',
      '规划',
      'task 7',
      'a,b',
      'x:y',
      'x: y',
      '#',
      'null',
      '5',
      "it's",
      '"q"',
      ' lead',
      'trail ',
      'A',
      '[a]',
      '',
      '退款\u3000',
      '\u00a0nbsp',
      'nbsp\u00a0',
      '\u3000全角',
    ]
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

describe('block-style frontmatter read without the YAML parser', () => {
  /** What an editor or a public skill writes: folded descriptions and keyword lists one per line. */
  const blockStyle = [
    '---\nname: plan_and_write\ndescription: 把复杂任务拆解为有序子任务并逐个完成\ntrigger_keywords:\n  - 规划\n  - 规划一下\n  - plan\n  - outline\nrequired_tools:\n  - search_knowledge\n  - web_search\nmax_rounds: 5\nentry_mode: auto\n---\n## Body\n',
    '---\nname: refund\ndescription: >\n  Handles refunds and returns.\n  Use it when the user asks for their money back.\ntrigger_keywords:\n  - "退款"\n  - "refund # not a comment"\n  - \'money back\'\n---\nBody\n',
    '---\nname: pdf\ndescription: |-\n  Extract text and tables from PDF files.\n\n  Use when the user mentions PDFs.\nlicense: Proprietary. LICENSE.txt has complete terms\n---\nBody\n',
    '---\n# A comment before the fields\nname: "quoted name"\ndescription: >-\n  Folded, and the final line break dropped.\n\ntrigger_keywords: # the keywords\n- a\n- b # after an item\n---\nBody\n',
  ]

  it('agrees with the YAML parser on the block styles people write', () => {
    blockStyle.forEach(bothWays)
  })

  it('reads the common block styles without the YAML parser at all', () => {
    const parse = vi.mocked(yaml.parseDocument)
    // The third one's `trigger_keywords: # the keywords` takes the parser (a comment after a key).
    const fast = blockStyle.slice(0, 3)
    parse.mockClear()
    // Names never read before: the parser's documents are kept by block text, so a block read
    // earlier in this file would be served without a call.
    for (const text of fast) splitSkillFile(text.replace('\nname: ', '\nname: unseen_'))
    expect(parse).not.toHaveBeenCalled()
    const [first] = fast.map((text) => splitSkillFile(text))
    expect(first?.data).toMatchObject({ trigger_keywords: ['规划', '规划一下', 'plan', 'outline'], max_rounds: 5 })
    expect(splitSkillFile(fast[1] ?? '').data).toMatchObject({
      description: 'Handles refunds and returns. Use it when the user asks for their money back.\n',
      trigger_keywords: ['退款', 'refund # not a comment', 'money back'],
    })
  })

  it('agrees with the YAML parser on every block scalar shape', () => {
    const headers = ['>', '>-', '>+', '|', '|-', '|+', '>2', '| # c', '>-  ']
    const bodies = [
      ['a'],
      ['a', 'b'],
      ['a', '', 'b'],
      ['a', '', '', 'b', 'c'],
      ['', 'a'],
      ['a', ' more indented', 'b'],
      ['a  ', 'b'],
      ['a', '# not a comment', 'b'],
      ['到账，', '一律原路退回。'],
      ['a', ''],
      ['a', '', ''],
      ['a:b', '- c', '"d"'],
      [],
    ]
    const afters = [
      '',
      '\nname: x',
      '\n\nname: x',
      '\n# comment\nname: x',
      '\n  # indented comment\nname: x',
      '\n   \nname: x',
      '\n    \nname: x',
    ]
    for (const header of headers)
      for (const body of bodies)
        for (const indent of ['  ', ' ', '    '])
          for (const after of afters) {
            const lines = body.map((line) => (line === '' ? '' : indent + line)).join('\n')
            bothWays(`---\ndescription: ${header}\n${lines}${after}\n---\nBody\n`)
          }
    // Blank lines indented more or less than the text, before and after it.
    for (const blank of ['', ' ', '  ', '   ', '     '])
      for (const header of ['>', '|', '|+', '>-']) {
        bothWays(`---\ndescription: ${header}\n${blank}\n  a\n${blank}\n  b\n${blank}\nname: x\n---\n`)
        bothWays(`---\ndescription: ${header}\n  a\n${blank}\n---\n`)
      }
  })

  it('agrees with the YAML parser on every block sequence shape', () => {
    const items = [
      'kw',
      '规划 一下',
      '"quoted"',
      "'single'",
      '"a # b"',
      '"say \\"hi\\""',
      "'it''s'",
      '5',
      'null',
      'a: b',
      '[x]',
      '- nested',
      '"\\u00e9\\t\\x41"',
      '"\\q"',
      '',
      '"open',
      'x # c',
      '"q" # c',
      '"q"x',
      'a,b',
      'kw\u3000',
      '\u00a0kw',
      '"q"\u3000',
    ]
    for (const indent of ['', '  ', ' ', '    '])
      for (const item of items)
        for (const between of ['', '\n', '\n# c', '\n  # c'])
          for (const after of ['', '\nname: x', '\n  continued', '\n   - deeper', '\n- outdented']) {
            bothWays(`---\ntrigger_keywords:\n${indent}- first${between}\n${indent}- ${item}${after}\n---\nBody\n`)
            bothWays(`---\ntrigger_keywords:\n${between}\n${indent}- ${item}\n${indent}-   last${after}\n---\n`)
          }
    for (const text of [
      '---\nkw:\n---\n',
      '---\nkw:\nname: x\n---\n',
      '---\nkw:\n  -\n---\n',
      '---\nkw:\n  - a\n  -b\n---\n',
      '---\nkw:\n  - a\n\n---\n',
    ])
      bothWays(text)
  })

  it('agrees with the YAML parser on quoted values, escapes and comments', () => {
    const values = [
      '"plain words"',
      "'single'",
      '"has # hash"',
      "'it''s'",
      '"esc \\" \\\\ \\/ \\n \\t \\0 \\e \\N \\_ \\L \\P \\x41 \\u4e2d \\U0001F642"',
      '"bad \\q escape"',
      '"\\ud800"',
      '"\\x4"',
      '"trailing" # comment',
      '"trailing"# comment',
      "'x' y",
      '"unclosed',
      "'unclosed",
      '"a" "b"',
      'plain # comment',
      'plain  # comment',
      'plain#not',
      'a #b # c',
      '5 # five',
      'null # c',
      '""',
      "''",
    ]
    for (const value of values) {
      bothWays(`---\nname: demo\nfield: ${value}\n---\nBody\n`)
      bothWays(`---\nfield: ${value}\n# between\nother: x\n---\n`)
    }
  })

  it('agrees with the YAML parser on random block-style frontmatter', () => {
    let seed = 7
    const pick = <T>(list: readonly T[]): T => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), list[seed % list.length] as T)
    const scalars = [
      'plan',
      '规划',
      'task 7',
      '"q # x"',
      "'it''s'",
      '"\\u00e9"',
      'x # c',
      '5',
      'null',
      'a:b',
      '"a\\"b"',
      "'",
      '',
      'refund\u3000',
      '\u00a0x',
      '"q"\u00a0',
    ]
    const texts = [
      'Does a thing.',
      '到账，',
      '一律原路退回。',
      '',
      '',
      '  indented',
      '# hash',
      'last line  ',
      '\u3000\u3000全角缩进',
      'nbsp\u00a0',
    ]
    const keys = ['name', 'description', 'trigger_keywords', 'required_tools', 'tags', 'name']
    for (let round = 0; round < 400; round++) {
      const fields = Array.from({ length: 1 + (round % 4) }, () => {
        const key = pick(keys)
        const kind = pick(['scalar', 'sequence', 'block', 'comment', 'blank'] as const)
        if (kind === 'comment') return `${pick(['', '  '])}# note`
        if (kind === 'blank') return pick(['', '  '])
        if (kind === 'scalar') return `${key}: ${pick(scalars)}`
        const indent = pick(['', '  ', '    '])
        if (kind === 'sequence')
          return `${key}:\n${Array.from({ length: 1 + (round % 3) }, () => `${pick([indent, indent, '  '])}- ${pick(scalars)}`).join('\n')}`
        const blockIndent = pick(['  ', '   '])
        return `${key}: ${pick(['>', '>-', '>+', '|', '|-', '|+'])}\n${Array.from({ length: 1 + (round % 4) }, () => {
          const line = pick(texts)
          return line === '' ? pick(['', ' ']) : blockIndent + line
        }).join('\n')}`
      })
      bothWays(`---\n${fields.join('\n')}\n---\nBody\n`)
    }
  })
})

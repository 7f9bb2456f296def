import { describe, expect, it } from 'vitest'
import { splitSkillFile } from './splitSkillFile'

/** What the direct split (and reading) of a plain block must agree with: gray-matter and the YAML parser. */
const bothWays = (text: string) => expect(splitSkillFile(text)).toEqual(splitSkillFile(text, { plain: false }))

describe('a SKILL.md split into frontmatter and body', () => {
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
})

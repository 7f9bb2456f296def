import { describe, expect, it } from 'vitest'
import { loadWorkspace } from '../skill'
import { catalogListing } from './catalogListing'

const files = (description: string) => [
  { path: 'a/SKILL.md', text: '---\nname: a\ndescription: Adds numbers.\ntags: [math]\n---\nBody\n' },
  { path: 'b/SKILL.md', text: `---\nname: b\ndescription: ${description}\n---\nBody\n` },
]

describe('catalogListing', () => {
  it('lists one line per skill, and follows a changed description, a removed skill and a body edit alike', () => {
    const first = loadWorkspace(files('Writes   reports.')).skills
    expect(catalogListing(first)).toBe('- a: Adds numbers. [math]\n- b: Writes reports.')
    const body = loadWorkspace(files('Writes reports.').map((file) => ({ ...file, text: file.text + 'more' }))).skills
    expect(catalogListing(body)).toBe('- a: Adds numbers. [math]\n- b: Writes reports.')
    expect(catalogListing(loadWorkspace(files('Plans trips.')).skills)).toBe('- a: Adds numbers. [math]\n- b: Plans trips.')
    expect(catalogListing(first.slice(0, 1))).toBe('- a: Adds numbers. [math]')
    expect(catalogListing([])).toBe('')
  })
})

import { describe, expect, it } from 'vitest'
import { codeFilesByFolder, loadWorkspace } from '../skill'
import { otherFilePaths } from './otherFiles'

const file = (path: string) => ({ path, text: path.endsWith('.md') ? '---\nname: x\ndescription: y\n---\n' : 'x' })

describe('otherFilePaths', () => {
  it('lists what is neither a skill, nor a root suite, nor code under a skill, in code-point order', () => {
    const files = [
      'calc/SKILL.md',
      'calc/skill.py',
      'calc/schema.json',
      'calc/references/guide.md',
      'calc/evals/evals.json',
      'weather.md',
      'README.md',
      'routing-tests.yaml',
      'evals.yaml',
      'evals-imported.yaml',
      'gone/skill.py',
      'docs/routing-tests.yaml',
    ].map(file)
    const codeByFolder = codeFilesByFolder(files, loadWorkspace(files).skills)
    expect(otherFilePaths(files, codeByFolder)).toEqual([
      'README.md',
      'calc/evals/evals.json',
      'calc/references/guide.md',
      'docs/routing-tests.yaml',
      'evals-imported.yaml',
      // A deleted skill's code stays in the workspace: it is listed here, not lost from sight.
      'gone/skill.py',
    ])
  })

  it('is empty for a workspace of skills and suites only', () => {
    const files = ['a/SKILL.md', 'b.md', 'routing-tests.yaml', 'evals.yaml'].map(file)
    expect(otherFilePaths(files, codeFilesByFolder(files, loadWorkspace(files).skills))).toEqual([])
  })
})

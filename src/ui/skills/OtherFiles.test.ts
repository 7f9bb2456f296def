import { describe, expect, it } from 'vitest'
import { listedOtherFiles } from './OtherFiles'

describe('listedOtherFiles', () => {
  const paths = Array.from({ length: 80 }, (_, i) => `calc/references/r${i}.md`)

  it('lists the first fifty, and the open file after them when it is further down', () => {
    expect(listedOtherFiles(paths, null)).toEqual(paths.slice(0, 50))
    expect(listedOtherFiles(paths, paths[10]!)).toEqual(paths.slice(0, 50))
    expect(listedOtherFiles(paths, paths[70]!)).toEqual([...paths.slice(0, 50), paths[70]])
    expect(listedOtherFiles(paths, 'calc/SKILL.md')).toEqual(paths.slice(0, 50))
  })
})

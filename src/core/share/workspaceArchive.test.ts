import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSkillsDir } from '../../cli/readSkillsDir'
import { loadWorkspace } from '../skill'
import { unzipWorkspace, zipWorkspace } from './index'

const SKILLS = join(import.meta.dirname, '../../../skills')

describe('the workspace zip', () => {
  it('exports skills/<name>/SKILL.md that the CLI and the app load back identically', () => {
    const original = [
      ...readSkillsDir(SKILLS),
      { path: 'routing-tests.yaml', text: readFileSync(join(SKILLS, 'routing-tests.yaml'), 'utf8') },
    ]
    const zip = zipWorkspace({ files: original, settings: { v: 1, knowledge: [{ id: 'a', title: 't', text: 'x' }], threshold: 0.25 } })
    const back = unzipWorkspace(zip)
    if (!back.ok) throw new Error(back.error.key)
    expect(back.archive.settings).toEqual({ knowledge: [{ id: 'a', title: 't', text: 'x' }], threshold: 0.25 })

    // Unpack to disk and load with the CLI's reader too.
    const dir = mkdtempSync(join(tmpdir(), 'zip-'))
    for (const file of back.archive.files) {
      const target = join(dir, 'skills', file.path)
      mkdirSync(dirname(target), { recursive: true })
      writeFileSync(target, file.text)
    }
    const viaCli = loadWorkspace(readSkillsDir(join(dir, 'skills')))
    const viaApp = loadWorkspace(back.archive.files)
    expect(readFileSync(join(dir, 'skills', 'routing-tests.yaml'), 'utf8')).toBe(original.at(-1)!.text)
    const summary = (skills: typeof viaApp.skills) =>
      skills.map(({ name, description, triggerKeywords, requiredTools, maxRounds, entryMode, body, parameters }) => ({
        name,
        description,
        triggerKeywords,
        requiredTools,
        maxRounds,
        entryMode,
        body,
        parameters,
      }))
    expect(summary(viaCli.skills)).toEqual(summary(viaApp.skills))
    const byName = (skills: typeof viaApp.skills) => [...summary(skills)].sort((a, b) => a.name.localeCompare(b.name))
    expect(byName(viaApp.skills)).toEqual(byName(loadWorkspace(original).skills))
    expect(back.archive.files.map((file) => file.path).sort()).toEqual(original.map((file) => file.path).sort())
    expect(
      back.archive.files
        .filter((file) => !file.path.endsWith('/SKILL.md'))
        .map((file) => file.path)
        .sort(),
    ).toEqual(['routing-tests.yaml', 'weather.md'])
  })

  it('says so when the file is not a zip or has no skills', () => {
    expect(unzipWorkspace(new TextEncoder().encode('not a zip'))).toMatchObject({ ok: false })
    expect(unzipWorkspace(zipWorkspace({ files: [] }))).toMatchObject({ ok: false, error: { key: 'archive.noSkills' } })
  })
})

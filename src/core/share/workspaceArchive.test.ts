import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSkillsDir } from '../../cli/readSkillsDir'
import { loadWorkspace } from '../skill'
import { strToU8, zipSync } from 'fflate'
import { unzipWorkspace, unzipWorkspaceInSteps, zipWorkspace } from './index'

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
      // A skill's code travels with it (docs/skill-code.md).
    ).toEqual(['add-calc/skill.py', 'add-calc/tool.py', 'routing-tests.yaml', 'weather.md'])
  })

  it('names the files it leaves out because they are not text (an image beside a skill)', () => {
    const zip = zipSync({
      'skills/logo/SKILL.md': strToU8('---\nname: logo\n---\nDraw.\n'),
      'skills/logo/assets/logo.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]),
      '__MACOSX/skills/logo/._SKILL.md': new Uint8Array([0xff]),
    })
    expect(unzipWorkspace(zip)).toEqual({
      ok: true,
      archive: { files: [{ path: 'logo/SKILL.md', text: '---\nname: logo\n---\nDraw.\n' }], leftOut: ['logo/assets/logo.png'] },
    })
  })

  it('says so when the file is not a zip or has no skills', () => {
    expect(unzipWorkspace(new TextEncoder().encode('not a zip'))).toMatchObject({ ok: false })
    expect(unzipWorkspace(zipWorkspace({ files: [] }))).toMatchObject({ ok: false, error: { key: 'archive.noSkills' } })
  })

  it('counts the bytes it inflates, not the sizes the zip declares (a bomb that lies about its size)', () => {
    const big = new Uint8Array(60 * 1024 * 1024).fill(0x61)
    const zip = zipSync({ 'skills/a/SKILL.md': strToU8('---\nname: a\n---\n'), 'skills/a/big.md': big }, { level: 9 })
    // Rewrite the declared uncompressed size of every entry to 100 bytes (local header +22, central +24).
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
    for (let at = 0; at + 4 <= zip.length; at++) {
      const signature = view.getUint32(at, true)
      if (signature === 0x04034b50) view.setUint32(at + 22, 100, true)
      if (signature === 0x02014b50) view.setUint32(at + 24, 100, true)
    }
    const started = Date.now()
    expect(unzipWorkspace(zip)).toMatchObject({ ok: false, error: { key: 'archive.tooLarge' } })
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('refuses an archive that expands far beyond what text does, even under the size limit', () => {
    const zip = zipSync(
      { 'skills/a/SKILL.md': strToU8('---\nname: a\n---\n'), 'skills/a/zeros.md': new Uint8Array(20 * 1024 * 1024) },
      { level: 9 },
    )
    expect(zip.length).toBeLessThan(100 * 1024)
    expect(unzipWorkspace(zip)).toMatchObject({ ok: false, error: { key: 'archive.tooLarge' } })
  })

  it('names playground.json when it is not JSON or not a saved workspace, instead of throwing', () => {
    const skillFile = strToU8('---\nname: a\n---\n')
    expect(unzipWorkspace(zipSync({ 'skills/a/SKILL.md': skillFile, 'playground.json': strToU8('{oops') }))).toMatchObject({
      ok: false,
      error: { key: 'archive.badJson', params: { file: 'playground.json' } },
    })
    expect(unzipWorkspace(zipSync({ 'skills/a/SKILL.md': skillFile, 'playground.json': strToU8('{"v": 99}') }))).toMatchObject({
      ok: false,
      error: { key: 'archive.badSettings' },
    })
  })

  it('reads an ordinary archive fed in many small steps', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${Math.sin(i).toFixed(6)}`).join('\n')
    const zip = zipWorkspace({
      files: [
        { path: 'a/SKILL.md', text: '---\nname: a\n---\n' },
        { path: 'a/notes.md', text: lines },
      ],
    })
    expect(zip.length).toBeGreaterThan(64 * 1024)
    const result = unzipWorkspace(zip)
    expect(result.ok && result.archive.files.find((file) => file.path === 'a/notes.md')?.text).toBe(lines)
  })

  it('reads a small file whose header lies about its size in full, either way', () => {
    const notes = Array.from({ length: 400 }, (_, i) => `note ${i}: ${Math.cos(i).toFixed(4)}`).join('\n')
    const lying = (declared: number) => {
      const zip = zipSync({ 'skills/a/SKILL.md': strToU8('---\nname: a\n---\n'), 'skills/a/notes.md': strToU8(notes) }, { level: 6 })
      const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength)
      for (let at = 0; at + 4 <= zip.length; at++) {
        const signature = view.getUint32(at, true)
        if (signature === 0x04034b50) view.setUint32(at + 22, declared, true)
        if (signature === 0x02014b50) view.setUint32(at + 24, declared, true)
      }
      const result = unzipWorkspace(zip)
      return result.ok ? result.archive.files.find((file) => file.path === 'a/notes.md')?.text : result.error.key
    }
    expect(lying(100)).toBe(notes)
    expect(lying(notes.length * 3)).toBe(notes)
  })

  it('unpacks twenty thousand entries in many short steps, telling how far it has come', () => {
    const entries: Record<string, Uint8Array> = {}
    for (let i = 0; i < 20_000; i++)
      entries[`skills/s${i}/SKILL.md`] = strToU8(`---\nname: s${i}\ndescription: Skill ${i}.\n---\nBody ${i}\n`)
    const zip = zipSync(entries, { level: 1 })
    const progress: number[] = []
    const steps = unzipWorkspaceInSteps(zip, (done, total) => progress.push(done / total))
    const times: number[] = []
    for (;;) {
      const started = performance.now()
      const step = steps.next()
      times.push(performance.now() - started)
      if (step.done) {
        expect(step.value.ok && step.value.archive.files.length).toBe(20_000)
        break
      }
    }
    // All at once this is one long task; a page runs these steps with input and painting
    // between, and no one of them is a noticeable part of the whole.
    const whole = times.reduce((sum, time) => sum + time, 0)
    expect(times.length).toBeGreaterThan(1000)
    expect(Math.max(...times)).toBeLessThan(whole / 10)
    expect(progress.at(-1)).toBe(1)
    expect(progress.every((part, i) => i === 0 || part >= progress[i - 1]!)).toBe(true)
  })
})

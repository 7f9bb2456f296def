import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { formatMessage } from '../../core/messages'
import { zh } from '../../core/messages/zh'
import { readImport } from './readImport'

/** A file as the browser hands it over from a picked folder (`webkitRelativePath` below and including the folder). */
const picked = (path: string, text: string) => Object.assign(new File([text], path.split('/').pop() ?? path), { webkitRelativePath: path })

describe('readImport', () => {
  it('takes the skills of a picked folder and names the files it leaves', async () => {
    const read = await readImport([
      picked('project/skills/calc/SKILL.md', '---\nname: calc\ndescription: Adds.\n---\nBody\n'),
      picked('project/README.md', '# Project'),
      picked('project/src/app.ts', 'export {}'),
    ])
    expect(read.ok).toBe(true)
    if (!read.ok) return
    expect(read.archive.files.map((file) => file.path)).toEqual(['calc/SKILL.md'])
    expect(read.archive.outside).toEqual(['README.md', 'src/app.ts'])
  })

  it('says which files it saw when none of them is a skill, in both languages', async () => {
    const read = await readImport([
      picked('notes/README.md', '# Notes'),
      picked('notes/package.json', '{}'),
      picked('notes/src/app.ts', 'export {}'),
    ])
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(formatMessage(read.error)).toBe(
      'No skills found among the files picked (3: README.md, package.json, src/app.ts). Pick SKILL.md or .md files, a folder of skills, or a .zip.',
    )
    expect(formatMessage(read.error, zh)).toContain('共 3 个：README.md, package.json, src/app.ts')
  })

  it('names five files and counts the rest, and keeps the plain message when nothing was picked', async () => {
    const many = Array.from({ length: 9 }, (_, i) => picked(`box/file${i}.txt`, 'x'))
    const read = await readImport(many)
    expect(!read.ok && formatMessage(read.error)).toContain('(9: file0.txt, file1.txt, file2.txt, file3.txt, file4.txt, …)')
    const none = await readImport([])
    expect(!none.ok && formatMessage(none.error)).toBe('No skills found: pick SKILL.md or .md files, a skills folder, or a .zip.')
  })

  it('unpacks a zip of twenty thousand entries a slice at a time, telling how far it has come', async () => {
    const entries: Record<string, Uint8Array> = {}
    for (let i = 0; i < 20_000; i++) entries[`skills/s${i}/SKILL.md`] = strToU8(`---\nname: s${i}\n---\nBody ${i}\n`)
    const zip = new File([zipSync(entries, { level: 1 })], 'many.zip')
    // Timers that run while the archive is unpacked, between its progress reports: the page's input and painting would too.
    const heard: string[] = []
    const ticking = setInterval(() => heard.push('tick'), 0)
    try {
      const read = await readImport([zip], ({ percent }) => heard.push(`${percent}%`))
      expect(read.ok && read.archive.files.length).toBe(20_000)
    } finally {
      clearInterval(ticking)
    }
    const unpacking = heard.slice(heard.indexOf('0%'), heard.indexOf('100%'))
    expect(unpacking.filter((what) => what === 'tick').length).toBeGreaterThan(3)
    expect(heard.filter((what) => what !== 'tick').length).toBeGreaterThan(50)
  })
  it('stops between slices when cancelled, with nothing returned, and tells how far a folder has been read', async () => {
    const entries: Record<string, Uint8Array> = {}
    for (let i = 0; i < 5_000; i++) entries[`skills/s${i}/SKILL.md`] = strToU8(`---\nname: s${i}\n---\nBody ${i}\n`)
    const zip = new File([zipSync(entries, { level: 1 })], 'many.zip')
    const controller = new AbortController()
    const heard: number[] = []
    const reading = readImport(
      [zip],
      ({ percent }) => {
        heard.push(percent)
        if (percent >= 10) controller.abort()
      },
      controller.signal,
    )
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' })
    expect(Math.max(...heard)).toBeLessThan(100)

    const folder = Array.from({ length: 40 }, (_, i) => picked(`box/s${i}/SKILL.md`, `---\nname: s${i}\n---\n`))
    const phases: string[] = []
    const read = await readImport(folder, ({ phase, percent }) => phases.push(`${phase} ${percent}`))
    expect(read.ok && read.archive.files.length).toBe(40)
    expect(phases[0]).toBe('reading 0')
    expect(phases.length).toBeGreaterThan(20)
  })
})

import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDiskWorkspace, versionOf, type DiskEvent, type DiskWorkspace } from './diskWorkspace'

const opened: { workspace: DiskWorkspace; dirs: string[] }[] = []
afterEach(async () => {
  for (const { workspace, dirs } of opened.splice(0)) {
    await workspace.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
})

function folder(events: DiskEvent[] = []) {
  const root = mkdtempSync(join(tmpdir(), 'disk-workspace-'))
  mkdirSync(join(root, 'calc/scripts'), { recursive: true })
  writeFileSync(join(root, 'calc/SKILL.md'), '---\r\nname: calc\r\n---\r\nCompute.\r\n')
  writeFileSync(join(root, 'calc/scripts/run.py'), 'print(1)\n')
  writeFileSync(join(root, 'routing-tests.yaml'), '- utterance: x\n  expect: calc\n')
  writeFileSync(join(root, 'README.txt'), 'not part of the workspace\n')
  mkdirSync(join(root, '.git'))
  writeFileSync(join(root, '.git/HEAD'), 'ref\n')
  const outside = mkdtempSync(join(tmpdir(), 'disk-outside-'))
  writeFileSync(join(outside, 'SKILL.md'), '---\nname: outside\n---\n')
  symlinkSync(outside, join(root, 'linked'))
  const workspace = openDiskWorkspace(root, (event) => events.push(event))
  const dirs = [root, outside]
  opened.push({ workspace, dirs })
  return { root, outside, workspace, dirs }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Every file under `dir`, links not followed. */
const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String)

/**
 * Another process swapping a folder for a link to `outside` and back as fast as it can (as a
 * `git checkout` or an attacker racing the server would), for `ms`; prints how many swaps it made.
 */
const SWAPPER = `
const fs = require('node:fs')
const [dir, aside, outside, ms] = process.argv.slice(1)
const end = Date.now() + Number(ms)
let swaps = 0
while (Date.now() < end) {
  try { fs.renameSync(dir, aside) } catch {}
  try { fs.symlinkSync(outside, dir); swaps++ } catch {}
  try { fs.unlinkSync(dir) } catch {}
  try { fs.renameSync(aside, dir) } catch { try { fs.rmSync(dir, { recursive: true, force: true }); fs.renameSync(aside, dir) } catch {} }
}
process.stdout.write(String(swaps))
`

describe('openDiskWorkspace', () => {
  it('reads skills, the suite and the files in skill folders; leaves other files, hidden ones and links alone', async () => {
    const { workspace } = folder()
    const listing = await workspace.list()
    expect(listing.files.map((file) => file.path)).toEqual(['calc/SKILL.md', 'calc/scripts/run.py', 'routing-tests.yaml'])
    expect(listing.leftAlone).toEqual([{ path: 'linked', reason: 'link' }])
  })

  it('writes only over the version the page read, atomically, keeping CRLF', async () => {
    const { root, workspace } = folder()
    const [calc] = (await workspace.list()).files
    const stale = workspace.write('calc/SKILL.md', 'mine\n', 'not-the-version')
    expect(stale).toMatchObject({ ok: false, status: 409, disk: { text: calc?.text } })
    const written = workspace.write('calc/SKILL.md', '---\nname: calc\n---\nMine.\n', calc?.version ?? null)
    expect(written.ok).toBe(true)
    expect(readFileSync(join(root, 'calc/SKILL.md'), 'utf8')).toBe('---\r\nname: calc\r\n---\r\nMine.\r\n')
    // No temporary file left beside it.
    expect(readdirSync(join(root, 'calc')).sort()).toEqual(['SKILL.md', 'scripts'])
    // Writing what disk already holds is not a conflict, whatever the base.
    expect(workspace.write('calc/SKILL.md', '---\r\nname: calc\r\n---\r\nMine.\r\n', 'old').ok).toBe(true)
  })

  it('refuses paths that leave the folder, directly or through a link', () => {
    const { outside, workspace } = folder()
    for (const path of ['../x/SKILL.md', 'linked/SKILL.md', 'linked/new/SKILL.md', '.git/HEAD'])
      expect(workspace.write(path, 'x', null), path).toMatchObject({ ok: false, status: 400 })
    expect(readFileSync(join(outside, 'SKILL.md'), 'utf8')).toBe('---\nname: outside\n---\n')
    expect(workspace.move('calc', 'linked/calc')).toMatchObject({ ok: false, status: 400 })
  })

  it('moves a skill folder with its files, and removes an emptied folder on delete', () => {
    const { root, workspace } = folder()
    expect(workspace.move('calc', 'calculator').ok).toBe(true)
    expect(readFileSync(join(root, 'calculator/scripts/run.py'), 'utf8')).toBe('print(1)\n')
    expect(workspace.move('calculator', 'routing-tests.yaml')).toMatchObject({ ok: false, status: 409 })
    const skill = readFileSync(join(root, 'calculator/SKILL.md'), 'utf8')
    expect(workspace.remove('calculator/SKILL.md', 'stale')).toMatchObject({ ok: false, status: 409 })
    expect(workspace.remove('calculator/SKILL.md', versionOf(skill)).ok).toBe(true)
    expect(workspace.remove('calculator/scripts/run.py', versionOf('print(1)\n')).ok).toBe(true)
    expect(existsSync(join(root, 'calculator'))).toBe(false)
  })

  it('tells the page about changes made elsewhere, not about its own writes', async () => {
    const events: DiskEvent[] = []
    const { root, workspace } = folder(events)
    const [calc] = (await workspace.list()).files
    await new Promise((resolve) => setTimeout(resolve, 300))
    workspace.write('calc/SKILL.md', 'ours\n', calc?.version ?? null)
    writeFileSync(join(root, 'routing-tests.yaml'), '- utterance: y\n  expect: null\n')
    await expect.poll(() => events.length, { timeout: 3000 }).toBeGreaterThan(0)
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(events).toEqual([
      {
        type: 'changed',
        file: {
          path: 'routing-tests.yaml',
          text: '- utterance: y\n  expect: null\n',
          version: versionOf('- utterance: y\n  expect: null\n'),
        },
      },
    ])
    rmSync(join(root, 'routing-tests.yaml'))
    await expect.poll(() => events.at(-1), { timeout: 3000 }).toEqual({ type: 'removed', path: 'routing-tests.yaml' })
  })

  it('sends a new skill folder whole, even when its scripts arrive before its SKILL.md', async () => {
    const events: DiskEvent[] = []
    const { root } = folder(events)
    await new Promise((resolve) => setTimeout(resolve, 300))
    mkdirSync(join(root, 'fresh/scripts'), { recursive: true })
    writeFileSync(join(root, 'fresh/scripts/run.py'), 'print(2)\n')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(events).toEqual([])
    writeFileSync(join(root, 'fresh/SKILL.md'), '---\nname: fresh\n---\n')
    await expect
      .poll(() => events.map((event) => (event.type === 'changed' ? event.file.path : event.path)).sort(), { timeout: 3000 })
      .toEqual(['fresh/SKILL.md', 'fresh/scripts/run.py'])
  })

  it('never reads through a link made while the folder is open: what it points to never reaches the page', async () => {
    const events: DiskEvent[] = []
    const { root, outside, workspace } = folder(events)
    writeFileSync(join(outside, 'secret.txt'), 'SECRET from outside\n')
    await workspace.list()
    await pause(300)
    // A pull turns a script into a link to a file elsewhere, and brings a skill whose SKILL.md is a link.
    rmSync(join(root, 'calc/scripts/run.py'))
    symlinkSync(join(outside, 'secret.txt'), join(root, 'calc/scripts/run.py'))
    mkdirSync(join(root, 'fresh'))
    symlinkSync(join(outside, 'SKILL.md'), join(root, 'fresh/SKILL.md'))
    await expect.poll(() => events, { timeout: 3000 }).toContainEqual({ type: 'removed', path: 'calc/scripts/run.py' })
    // The file behind the link changes: nothing of it arrives either.
    writeFileSync(join(outside, 'secret.txt'), 'SECRET changed\n')
    await pause(600)
    expect(JSON.stringify(events)).not.toContain('SECRET')
    expect(JSON.stringify(events)).not.toContain('name: outside')
    const listing = await workspace.list()
    expect(listing.files.map((file) => file.path)).toEqual(['calc/SKILL.md', 'routing-tests.yaml'])
    expect(listing.leftAlone).toEqual(
      expect.arrayContaining([
        { path: 'calc/scripts/run.py', reason: 'link' },
        { path: 'fresh/SKILL.md', reason: 'link' },
      ]),
    )
  })

  it('a folder swapped for a link while writes go on sends nothing outside', async () => {
    const { root, workspace, dirs } = folder()
    const elsewhere = mkdtempSync(join(tmpdir(), 'disk-swapped-to-'))
    dirs.push(elsewhere)
    const swapper = spawn(process.execPath, ['-e', SWAPPER, join(root, 'calc'), join(root, 'calc-aside'), elsewhere, '2000'])
    let swaps = ''
    swapper.stdout.on('data', (chunk: Buffer) => (swaps += chunk.toString()))
    const exited = new Promise((resolve) => swapper.on('exit', resolve))
    let written = 0
    let attempt = 0
    const end = Date.now() + 2000
    while (Date.now() < end) {
      attempt++
      try {
        if (workspace.write(`calc/note-${attempt}.md`, `note ${attempt}\n`, null).ok) written++
      } catch {
        // The folder vanished between two of the swapper's steps: a failed write is fine here.
      }
      if (attempt % 50 === 0) await pause(0)
    }
    await exited
    expect(Number(swaps)).toBeGreaterThan(100)
    expect(written).toBeGreaterThan(0)
    expect(filesIn(elsewhere)).toEqual([])
    expect(filesIn(root).filter((name) => name.endsWith('.skill-playground-tmp'))).toEqual([])
  }, 15_000)

  it('never writes over a file it leaves alone (over 2 MB, not text), whatever the base', async () => {
    const { root, workspace } = folder()
    const big = `${'x'.repeat(3 * 1024 * 1024)}\n`
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe])
    writeFileSync(join(root, 'calc/data.md'), big)
    writeFileSync(join(root, 'calc/logo.png'), binary)
    for (const path of ['calc/data.md', 'calc/logo.png']) {
      expect(workspace.write(path, 'replaced\n', null), path).toMatchObject({ ok: false, status: 400 })
      expect(workspace.remove(path, null), path).toMatchObject({ ok: false, status: 400 })
    }
    expect(readFileSync(join(root, 'calc/data.md'), 'utf8')).toBe(big)
    expect(readFileSync(join(root, 'calc/logo.png'))).toEqual(binary)
    // A file the page never read is a conflict for a write that takes it for new.
    writeFileSync(join(root, 'calc/notes.md'), 'theirs\n')
    expect(workspace.write('calc/notes.md', 'mine\n', null)).toMatchObject({ ok: false, status: 409, disk: { text: 'theirs\n' } })
    expect(readFileSync(join(root, 'calc/notes.md'), 'utf8')).toBe('theirs\n')
    const listing = await workspace.list()
    expect(listing.leftAlone).toEqual(
      expect.arrayContaining([
        { path: 'calc/data.md', reason: 'too-large' },
        { path: 'calc/logo.png', reason: 'not-text' },
      ]),
    )
  })

  it('a named pipe in the folder is left alone: neither a write nor the watcher waits for a writer to open it', async () => {
    const { root, workspace } = folder()
    await workspace.list()
    await pause(300)
    execFileSync('mkfifo', [join(root, 'calc/scripts/pipe.py'), join(root, 'calc/scripts/later.py')])
    expect(workspace.write('calc/scripts/pipe.py', 'print(2)\n', null)).toMatchObject({ ok: false, status: 400 })
    // The watcher has seen later.py meanwhile; the folder still answers.
    await pause(400)
    const listing = await workspace.list()
    expect(listing.files.map((file) => file.path)).toEqual(['calc/SKILL.md', 'calc/scripts/run.py', 'routing-tests.yaml'])
    expect(listing.leftAlone).toContainEqual({ path: 'calc/scripts/pipe.py', reason: 'not-a-file' })
  })

  it('a write that fails leaves no temporary file and no folder made for it', () => {
    const { root, workspace } = folder()
    const tooLong = 'n'.repeat(300)
    for (const path of [`calc/${tooLong}.md`, `fresh/scripts/${tooLong}.py`]) {
      try {
        expect(workspace.write(path, 'x\n', null).ok, path).toBe(false)
      } catch (error) {
        expect(String(error), path).toContain('ENAMETOOLONG')
      }
    }
    expect(filesIn(root).filter((name) => name.includes('skill-playground-tmp'))).toEqual([])
    expect(existsSync(join(root, 'fresh'))).toBe(false)
  })

  it('keeps a script executable when it is written', async () => {
    const { root, workspace } = folder()
    execFileSync('chmod', ['755', join(root, 'calc/scripts/run.py')])
    const run = (await workspace.list()).files.find((file) => file.path === 'calc/scripts/run.py')
    expect(workspace.write('calc/scripts/run.py', 'print(3)\n', run?.version ?? null).ok).toBe(true)
    expect(
      execFileSync('stat', ['-c', '%a', join(root, 'calc/scripts/run.py')])
        .toString()
        .trim(),
    ).toBe('755')
  })
})

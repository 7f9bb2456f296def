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
  opened.push({ workspace, dirs: [root, outside] })
  return { root, outside, workspace }
}

describe('openDiskWorkspace', () => {
  it('reads skills, the suite and the files in skill folders; leaves other files, hidden ones and outside links alone', () => {
    const { workspace } = folder()
    expect(workspace.list().map((file) => file.path)).toEqual(['calc/SKILL.md', 'calc/scripts/run.py', 'routing-tests.yaml'])
  })

  it('writes only over the version the page read, atomically, keeping CRLF', () => {
    const { root, workspace } = folder()
    const [calc] = workspace.list()
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
    const [calc] = workspace.list()
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
})

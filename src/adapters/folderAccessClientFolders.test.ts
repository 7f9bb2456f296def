import { afterEach, describe, expect, it } from 'vitest'
import { pickFolder } from './folderAccess'

/** A folder as the File System Access API hands it to a page: handles for folders and files, in memory. */
interface FakeDirectory {
  kind: 'directory'
  name: string
  children: Map<string, FakeDirectory | FakeFile>
}
interface FakeFile {
  kind: 'file'
  name: string
  text: string
}

function directory(name: string, tree: Record<string, unknown>): FakeDirectory {
  const children = new Map<string, FakeDirectory | FakeFile>()
  for (const [child, value] of Object.entries(tree))
    children.set(
      child,
      typeof value === 'string' ? { kind: 'file', name: child, text: value } : directory(child, value as Record<string, unknown>),
    )
  return { kind: 'directory', name, children }
}

/** The handle methods folderAccess.ts calls, over a fake folder; `read` records every file read. */
function handle(dir: FakeDirectory, read: string[], at = ''): unknown {
  return {
    kind: 'directory',
    name: dir.name,
    entries: async function* () {
      for (const [name, child] of dir.children)
        yield [name, child.kind === 'directory' ? handle(child, read, `${at}${name}/`) : fileHandle(child, read, `${at}${name}`)]
    },
    getDirectoryHandle: async (name: string, options?: { create?: boolean }) => {
      let child = dir.children.get(name)
      if (!child && options?.create) dir.children.set(name, (child = { kind: 'directory', name, children: new Map() }))
      if (child?.kind !== 'directory') throw new DOMException('Not found', 'NotFoundError')
      return handle(child, read, `${at}${name}/`)
    },
    getFileHandle: async (name: string, options?: { create?: boolean }) => {
      let child = dir.children.get(name)
      if (!child && options?.create) dir.children.set(name, (child = { kind: 'file', name, text: '' }))
      if (child?.kind !== 'file') throw new DOMException('Not found', 'NotFoundError')
      return fileHandle(child, read, `${at}${name}`)
    },
    removeEntry: async (name: string) => void dir.children.delete(name),
  }
}

function fileHandle(file: FakeFile, read: string[], path: string) {
  return {
    kind: 'file',
    name: file.name,
    getFile: async () => {
      read.push(path)
      return new Blob([file.text])
    },
    createWritable: async () => {
      let written = ''
      return { write: async (data: string) => void (written += data), close: async () => void (file.text = written) }
    },
  }
}

const picker = globalThis as unknown as { showDirectoryPicker?: unknown }
afterEach(() => delete picker.showDirectoryPicker)

describe('Open folder in the browser: the folders clients read', () => {
  it('reads .claude/skills/ and skills/ of a picked repository, never .git or .claude/settings.json, and writes back in place', async () => {
    const repository = directory('repo', {
      '.claude': { skills: { x: { 'SKILL.md': '---\nname: x\n---\nClaude Code skill.\n' } }, 'settings.json': '{}' },
      '.git': { HEAD: 'ref\n' },
      skills: { y: { 'SKILL.md': '---\nname: y\n---\nRepository skill.\n' } },
      'README.md': '# repo\n',
    })
    const read: string[] = []
    picker.showDirectoryPicker = async () => handle(repository, read)
    const folder = await pickFolder()
    expect(folder?.files.map((file) => file.path)).toEqual(['.claude/skills/x/SKILL.md', 'skills/y/SKILL.md'])
    expect(read.some((path) => path.startsWith('.git') || path === '.claude/settings.json')).toBe(false)

    const x = folder?.files.find((file) => file.path === '.claude/skills/x/SKILL.md')
    expect(await folder?.write('.claude/skills/x/SKILL.md', '---\nname: x\n---\nEdited.\n', x?.version ?? null)).toMatchObject({ ok: true })
    const written = ((repository.children.get('.claude') as FakeDirectory).children.get('skills') as FakeDirectory).children.get(
      'x',
    ) as FakeDirectory
    expect((written.children.get('SKILL.md') as FakeFile).text).toBe('---\nname: x\n---\nEdited.\n')
    expect(await folder?.write('.claude/settings.json', '{"x": 1}', null)).toMatchObject({ ok: false })
  })
})

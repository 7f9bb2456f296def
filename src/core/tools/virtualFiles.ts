import { ToolRefusal, type VirtualFiles } from './types'

export const MAX_FILE_BYTES = 5 * 1024 * 1024

/**
 * Normalises a path inside the workspace root, or refuses it. Refused: absolute paths, drive
 * letters, `..` segments, backslashes, percent-encoding and control characters — every way to
 * name something outside the root, however it is spelled.
 */
export function resolveWorkspacePath(raw: string): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw new ToolRefusal('A file path is required.')
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f]/.test(raw)) throw new ToolRefusal('The path contains control characters.')
  if (/%[0-9a-f]{2}/i.test(raw)) throw new ToolRefusal('Percent-encoded paths are not accepted; write the path as plain text.')
  if (raw.includes('\\')) throw new ToolRefusal('Use / to separate folders.')
  if (raw.startsWith('/') || raw.startsWith('~') || /^[a-z]:/i.test(raw))
    throw new ToolRefusal(`"${raw}" is outside the workspace: paths are relative to its root.`)
  const parts = raw.split('/').filter((part) => part !== '' && part !== '.')
  if (parts.some((part) => part === '..' || /^\.{2,}$/.test(part))) throw new ToolRefusal(`"${raw}" leaves the workspace root.`)
  if (parts.length === 0) throw new ToolRefusal('A file path is required.')
  return parts.join('/')
}

/** A virtual file system over a plain record (the workspace's files). */
export function createVirtualFiles(initial: Record<string, string>, onWrite?: (path: string, content: string) => void): VirtualFiles {
  const files = new Map(Object.entries(initial))
  return {
    read: (path) => files.get(resolveWorkspacePath(path)),
    write: (path, content) => {
      const resolved = resolveWorkspacePath(path)
      if (new TextEncoder().encode(content).length > MAX_FILE_BYTES) throw new ToolRefusal(`Files are limited to 5 MB.`)
      files.set(resolved, content)
      onWrite?.(resolved, content)
    },
    list: () => [...files.keys()].sort(),
  }
}

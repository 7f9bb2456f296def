import { MAX_FILE_BYTES, resolveWorkspacePath } from './virtualFiles'
import type { ToolRun } from './types'

import { DEFAULT_MAX_CHARS } from './builtinTools'

/** Runs `file_read` (described in builtinTools.ts). */
export const runFileRead: ToolRun = (args, { files }) => {
  const path = resolveWorkspacePath(String(args.file_path))
  const content = files.read(path)
  if (content === undefined) throw new Error(`No file "${path}". Existing files: ${files.list().join(', ') || 'none'}.`)
  const size = new TextEncoder().encode(content).length
  if (size > MAX_FILE_BYTES) throw new Error('The file is larger than 5 MB.')
  const maxChars = typeof args.max_chars === 'number' ? args.max_chars : DEFAULT_MAX_CHARS
  return { file_name: path, file_size: size, content: content.slice(0, maxChars), truncated: content.length > maxChars }
}

/** Runs `file_write` (described in builtinTools.ts). */
export const runFileWrite: ToolRun = (args, { files }) => {
  const path = resolveWorkspacePath(String(args.file_path))
  files.write(path, String(args.content))
  return { file_name: path, written: String(args.content).length }
}

/** Runs `file_list` (described in builtinTools.ts). */
export const runFileList: ToolRun = (args, { files }) => {
  const folder = typeof args.folder === 'string' && args.folder.trim() !== '' ? `${resolveWorkspacePath(args.folder)}/` : ''
  return { files: files.list().filter((path) => path.startsWith(folder)) }
}

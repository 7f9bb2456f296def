import { MAX_FILE_BYTES, resolveWorkspacePath } from './virtualFiles'
import type { ToolDefinition } from './types'

const DEFAULT_MAX_CHARS = 3000

export const fileRead: ToolDefinition = {
  name: 'file_read',
  kind: 'local',
  description: 'Read a text file from the workspace file system. Long files are cut at max_chars and flagged truncated.',
  parameters: {
    type: 'object',
    properties: {
      file_path: { type: 'string', description: 'Path relative to the workspace root, e.g. "notes/todo.md"' },
      max_chars: { type: 'integer', minimum: 1, maximum: 100000, default: DEFAULT_MAX_CHARS },
    },
    required: ['file_path'],
    additionalProperties: false,
  },
  run: (args, { files }) => {
    const path = resolveWorkspacePath(String(args.file_path))
    const content = files.read(path)
    if (content === undefined) throw new Error(`No file "${path}". Existing files: ${files.list().join(', ') || 'none'}.`)
    const size = new TextEncoder().encode(content).length
    if (size > MAX_FILE_BYTES) throw new Error('The file is larger than 5 MB.')
    const maxChars = typeof args.max_chars === 'number' ? args.max_chars : DEFAULT_MAX_CHARS
    return { file_name: path, file_size: size, content: content.slice(0, maxChars), truncated: content.length > maxChars }
  },
}

export const fileWrite: ToolDefinition = {
  name: 'file_write',
  kind: 'local',
  description: 'Write (create or replace) a text file in the workspace file system.',
  parameters: {
    type: 'object',
    properties: { file_path: { type: 'string' }, content: { type: 'string' } },
    required: ['file_path', 'content'],
    additionalProperties: false,
  },
  run: (args, { files }) => {
    const path = resolveWorkspacePath(String(args.file_path))
    files.write(path, String(args.content))
    return { file_name: path, written: String(args.content).length }
  },
}

export const fileList: ToolDefinition = {
  name: 'file_list',
  kind: 'local',
  description: 'List the files in the workspace file system, optionally under a folder.',
  parameters: { type: 'object', properties: { folder: { type: 'string' } }, additionalProperties: false },
  run: (args, { files }) => {
    const folder = typeof args.folder === 'string' && args.folder.trim() !== '' ? `${resolveWorkspacePath(args.folder)}/` : ''
    return { files: files.list().filter((path) => path.startsWith(folder)) }
  },
}

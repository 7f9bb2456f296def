/**
 * Undo and redo of a file's text from outside Monaco (the form): form edits reach the file's
 * Monaco model as edits (SkillEditor pushes them onto its undo stack), so both views share one
 * history.
 */
import { monaco } from './monaco'

/** The scheme of the workspace files' models (other models, such as a diff's, use Monaco's own). */
export const FILE_SCHEME = 'skill'

/** The address of a file's Monaco model. */
export const modelUri = (path: string) => monaco.Uri.from({ scheme: FILE_SCHEME, path: `/${path}` })

const modelOf = (path: string) => monaco.editor.getModel(modelUri(path))

export function undoIn(path: string): void {
  void modelOf(path)?.undo()
}

export function redoIn(path: string): void {
  void modelOf(path)?.redo()
}

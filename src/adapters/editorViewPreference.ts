/**
 * Which view of a skill the editor pane shows, Form or the file (SKILL.md): the one the person
 * last chose on this device, for every skill, so a reload opens it again (issue 35, defect 7).
 */
const KEY = 'skill-playground:editor-view'

export type EditorView = 'form' | 'text'

export function readEditorView(): EditorView {
  try {
    return localStorage.getItem(KEY) === 'form' ? 'form' : 'text'
  } catch {
    // Storage refused (private mode): the file view, as on a first visit.
    return 'text'
  }
}

export function rememberEditorView(view: EditorView): void {
  try {
    localStorage.setItem(KEY, view)
  } catch {
    // The choice then lasts for this page only.
  }
}

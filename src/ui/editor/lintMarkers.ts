import type { Finding } from '../../core/lint'
import { monaco, SKILL_LANGUAGE } from './monaco'

const SEVERITY: Record<Finding['severity'], monaco.MarkerSeverity> = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
}

// The findings behind each model's markers, so quick fixes can be offered for them.
const findingsByModel = new Map<string, readonly Finding[]>()

export function toMonacoRange({ range }: Finding | { range: Finding['range'] }) {
  const empty = range.startLine === range.endLine && range.startColumn === range.endColumn
  return {
    startLineNumber: range.startLine,
    startColumn: range.startColumn,
    endLineNumber: range.endLine,
    endColumn: empty ? range.endColumn + 1 : range.endColumn,
  }
}

/** Shows lint findings as markers; the hover carries the rule's explanation. */
export function setLintMarkers(model: monaco.editor.ITextModel, findings: readonly Finding[]): void {
  findingsByModel.set(model.uri.toString(), findings)
  monaco.editor.setModelMarkers(
    model,
    'skill-lint',
    findings.map((finding) => ({
      severity: SEVERITY[finding.severity],
      message: finding.explanation ? `${finding.message}\n\n${finding.explanation}` : finding.message,
      code: finding.code,
      source: 'skill-lint',
      ...toMonacoRange(finding),
    })),
  )
}

export function forgetModel(uri: string): void {
  findingsByModel.delete(uri)
}

// Quick fixes: every finding with a fix whose range touches the cursor or selection.
monaco.languages.registerCodeActionProvider(SKILL_LANGUAGE, {
  provideCodeActions: (model, range) => {
    const findings = findingsByModel.get(model.uri.toString()) ?? []
    const actions: monaco.languages.CodeAction[] = findings
      .filter((finding) => finding.fix && monaco.Range.areIntersectingOrTouching(range, toMonacoRange(finding)))
      .map((finding) => ({
        title: finding.fix?.title ?? '',
        kind: 'quickfix',
        isPreferred: true,
        diagnostics: monaco.editor
          .getModelMarkers({ resource: model.uri, owner: 'skill-lint' })
          .filter((marker) => marker.code === finding.code && marker.startLineNumber === finding.range.startLine),
        edit: {
          edits: (finding.fix?.edits ?? []).map((edit) => ({
            resource: model.uri,
            versionId: model.getVersionId(),
            textEdit: { range: toMonacoRange(edit), text: edit.text },
          })),
        },
      }))
    return { actions, dispose: () => {} }
  },
})

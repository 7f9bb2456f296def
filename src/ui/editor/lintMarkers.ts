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

/** A finding's message, explanation and fix title in the reader's language. */
export type Localize = (finding: Finding) => { message: string; explanation: string; fix: string }

const english: Localize = (finding) => ({ message: finding.message, explanation: finding.explanation, fix: finding.fix?.title ?? '' })
// The fix titles shown in the quick-fix menu, per model, in the language the markers were set in.
const fixTitles = new Map<string, Map<Finding, string>>()

/** Shows lint findings as markers; the hover carries the rule's explanation. */
export function setLintMarkers(model: monaco.editor.ITextModel, findings: readonly Finding[], localize: Localize = english): void {
  findingsByModel.set(model.uri.toString(), findings)
  const localized = findings.map((finding) => ({ finding, ...localize(finding) }))
  fixTitles.set(model.uri.toString(), new Map(localized.map((entry) => [entry.finding, entry.fix])))
  monaco.editor.setModelMarkers(
    model,
    'skill-lint',
    localized.map(({ finding, message, explanation }) => ({
      severity: SEVERITY[finding.severity],
      message: explanation ? `${message}\n\n${explanation}` : message,
      code: finding.code,
      source: 'skill-lint',
      ...toMonacoRange(finding),
    })),
  )
}

export function forgetModel(uri: string): void {
  findingsByModel.delete(uri)
  fixTitles.delete(uri)
}

// Quick fixes: every finding with a fix whose range touches the cursor or selection.
monaco.languages.registerCodeActionProvider(SKILL_LANGUAGE, {
  provideCodeActions: (model, range) => {
    const findings = findingsByModel.get(model.uri.toString()) ?? []
    const actions: monaco.languages.CodeAction[] = findings
      .filter((finding) => finding.fix && monaco.Range.areIntersectingOrTouching(range, toMonacoRange(finding)))
      .map((finding) => ({
        title: fixTitles.get(model.uri.toString())?.get(finding) ?? finding.fix?.title ?? '',
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

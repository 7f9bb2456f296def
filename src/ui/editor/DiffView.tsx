import { useEffect, useRef } from 'react'
import { useColorScheme } from '../common/useColorScheme'
import { useT } from '../i18n/i18n'
import { monaco, SKILL_LANGUAGE } from './monaco'

/**
 * Monaco's side-by-side diff of two texts, read-only. The widget and its two models live as long
 * as the view; new texts are set into the models. (Recreating them on every change, as a
 * restore does, disposed the models while the widget still held them, which threw and blanked it.)
 */
export default function DiffView({ original, modified }: { original: string; modified: string }) {
  const host = useRef<HTMLDivElement>(null)
  const models = useRef<{ left: monaco.editor.ITextModel; right: monaco.editor.ITextModel } | null>(null)
  const scheme = useColorScheme()
  const { t } = useT()
  useEffect(() => {
    if (!host.current) return undefined
    const left = monaco.editor.createModel('', SKILL_LANGUAGE)
    const right = monaco.editor.createModel('', SKILL_LANGUAGE)
    const diff = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      automaticLayout: true,
      renderSideBySide: true,
      minimap: { enabled: false },
      wordWrap: 'on',
      originalEditable: false,
      hideUnchangedRegions: { enabled: true, contextLineCount: 3 },
    })
    diff.setModel({ original: left, modified: right })
    models.current = { left, right }
    return () => {
      models.current = null
      // The widget lets go of its models first; only then may they be disposed.
      diff.setModel(null)
      diff.dispose()
      left.dispose()
      right.dispose()
    }
  }, [])
  useEffect(() => {
    const current = models.current
    if (!current) return
    if (current.left.getValue() !== original) current.left.setValue(original)
    if (current.right.getValue() !== modified) current.right.setValue(modified)
  }, [original, modified])
  useEffect(() => monaco.editor.setTheme(scheme === 'dark' ? 'vs-dark' : 'vs'), [scheme])
  return <div className="diff-host" ref={host} aria-label={t('versions.diff')} role="region" />
}

import { useEffect, useRef } from 'react'
import { useColorScheme } from '../common/useColorScheme'
import { monaco, SKILL_LANGUAGE } from './monaco'

/** Monaco's side-by-side diff of two texts, read-only. */
export default function DiffView({ original, modified }: { original: string; modified: string }) {
  const host = useRef<HTMLDivElement>(null)
  const scheme = useColorScheme()
  useEffect(() => {
    if (!host.current) return undefined
    const left = monaco.editor.createModel(original, SKILL_LANGUAGE)
    const right = monaco.editor.createModel(modified, SKILL_LANGUAGE)
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
    return () => {
      diff.dispose()
      left.dispose()
      right.dispose()
    }
  }, [original, modified])
  useEffect(() => monaco.editor.setTheme(scheme === 'dark' ? 'vs-dark' : 'vs'), [scheme])
  return <div className="diff-host" ref={host} aria-label="Diff" role="region" />
}

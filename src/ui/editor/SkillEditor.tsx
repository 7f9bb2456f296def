import { useCallback, useDeferredValue, useEffect, useRef, useState } from 'react'
import type { Finding } from '../../core/lint'
import { formatMessage, message } from '../../core/messages'
import { EVALS_FILE, SKILL_CREATOR_EVALS } from '../../core/evals/evalSuite'
import { ROUTING_TESTS_FILE } from '../../core/routingSuite'
import { isSkillPath } from '../../core/skill'
import {
  useLint,
  usePlayground,
  usePlaygroundStore,
  useRoutingSuite,
  useDerivations,
  useToolRegistry,
  useDeferredEvalSuite,
} from '../../state/PlaygroundProvider'
import { forgetModel, setLintMarkers, type Localize } from './lintMarkers'
import { useT } from '../i18n/i18n'
import { useColorScheme } from '../common/useColorScheme'
import { monaco, SKILL_LANGUAGE } from './monaco'
import { SKILL_EDITOR_OPTIONS, wordSuggestionsFor } from './editorOptions'
import { registerSkillLanguageFeatures } from './skillLanguageFeatures'
import { changedSpan } from './changedSpan'
import { createEditBuffer } from './editBuffer'
import type { EditOrigin } from '../../state/workspaceSlice'

import { FILE_SCHEME, modelUri } from './modelHistory'

/**
 * Monaco on the selected skill. Each file keeps its own model (and so its own undo history);
 * edits go to the store, and the store's parse diagnostics come back as markers.
 */
export function SkillEditor() {
  const host = useRef<HTMLDivElement>(null)
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null)
  // This editor's edits, as the store names them (`filesOrigin`): the store's change that is one
  // of them is already in the model, and every other change is followed.
  const [origin] = useState<EditOrigin>(() => Symbol('SkillEditor'))
  // True while the model takes a change from the store: that change is the store's, not an edit.
  const following = useRef(false)
  // The markers last set on each model: checking these instead of every model's markers keeps a
  // keystroke cheap with a thousand skills loaded.
  const appliedMarkers = useRef(new Map<string, { findings: unknown; language: string }>())
  const store = usePlaygroundStore()
  const derive = useDerivations()
  // The store's text of a file as it is now. The editor reads it in effects and in a store
  // subscription, not by rendering: the render that follows a keystroke then leaves the editor out.
  const textNow = useCallback(
    (path: string) => {
      const { files } = store.getState()
      const at = derive.fileIndex(files).get(path)
      return at === undefined ? undefined : files[at]?.text
    },
    [store, derive],
  )
  // The editor follows a new selection in a render of its own: switching Monaco's model lays the
  // whole file out, which an import of a thousand skills (it selects the first) would otherwise add
  // to the same task as drawing the new list, making one long task of the two.
  const selectedPath = useDeferredValue(usePlayground((state) => state.selectedPath))
  // Whether the selected file is in the store: a yes or no that changes when it is deleted or
  // comes back (Undo), not on every keystroke.
  const selectedExists = usePlayground((state) => selectedPath !== null && derive.fileIndex(state.files).has(selectedPath))
  // The file the editor shows: it follows the selection a task later (see the switch below).
  const [shownPath, setShownPath] = useState<string | null>(null)
  // Whether Tab moves focus for good (Ctrl+M), for the hint under the editor.
  const [tabMovesFocus, setTabMovesFocus] = useState(false)
  const lint = useLint()
  const routingSuite = useRoutingSuite()
  const evalSuite = useDeferredEvalSuite()
  const scheme = useColorScheme()
  registerSkillLanguageFeatures(useToolRegistry())
  const { t, say, language } = useT()
  const editorLabel = useRef(t('a11y.skillEditor'))
  const localize = useCallback<Localize>(
    (finding) => ({
      // Parser messages come from the YAML library in English; the rule's explanation is translated.
      message: finding.text ? say(finding.text) : t('problems.parser', { message: finding.message }),
      explanation: t(`core:lint.${finding.code}.explanation` as never, { defaultValue: finding.explanation }),
      fix: finding.fix ? say(finding.fix.label) : '',
    }),
    [say, t],
  )

  useEffect(() => {
    if (!host.current) return undefined
    const applied = appliedMarkers.current
    const editor = monaco.editor.create(host.current, { ...SKILL_EDITOR_OPTIONS, model: null, ariaLabel: editorLabel.current })
    editorRef.current = editor
    // Keys reach the store after the frame that shows them (editBuffer.ts): the store holds them
    // until then. Leaving the editor, hiding the page or a change to the files from elsewhere
    // writes them at once, and so does anything that asks the store for them (autosave, a change
    // on disk, the form).
    const edits = createEditBuffer(store, origin)
    const flush = edits.flush
    const typing = editor.onDidChangeModelContent(() => {
      const model = editor.getModel()
      // The model following the store (the form, Undo, a file changed on disk) is not an edit:
      // written back a frame later, it would undo what was typed in the form meanwhile.
      if (!model || following.current) return
      edits.edit(model.uri.path.slice(1), model.getValue())
    })
    const leaving = editor.onDidBlurEditorText(flush)
    // Tab indents in the editor. Esc, then Tab or Shift+Tab, leaves it (as in other code editors
    // on the web): Esc turns on Monaco's tab focus mode until the next key that is not Tab, and
    // Ctrl+M turns it on for good, until Ctrl+M again (docs/keyboard.md). The editor keeps both
    // itself: Monaco's own Ctrl+M sets a global its options do not report.
    let escaped = false
    let movesFocus = false
    const applyTabMode = () => {
      editor.updateOptions({ tabFocusMode: movesFocus || escaped })
      setTabMovesFocus(movesFocus)
    }
    const endEscape = () => {
      if (!escaped) return
      escaped = false
      applyTabMode()
    }
    editor.addCommand(TAB_FOCUS_CHORD, () => {
      movesFocus = !movesFocus
      applyTabMode()
    })
    const keys = editor.onKeyDown((event) => {
      if (event.keyCode === monaco.KeyCode.Escape) {
        escaped = true
        applyTabMode()
      } else if (event.keyCode !== monaco.KeyCode.Tab && !MODIFIER_KEYS.has(event.keyCode)) endEscape()
    })
    const left = editor.onDidBlurEditorWidget(endEscape)
    // Screen readers hear the same hint, in the interface's language (the line under the editor).
    const described = editor.onDidFocusEditorText(() =>
      editor.getDomNode()?.querySelector('[role="textbox"]')?.setAttribute('aria-describedby', KEYBOARD_HINT_ID),
    )
    // A hidden page paints no frames: without this, its keys would wait until it is shown again.
    document.addEventListener('visibilitychange', flush)
    return () => {
      flush()
      typing.dispose()
      leaving.dispose()
      keys.dispose()
      left.dispose()
      described.dispose()
      document.removeEventListener('visibilitychange', flush)
      editor.dispose()
      for (const model of monaco.editor.getModels()) if (model.uri.scheme === FILE_SCHEME) model.dispose()
      applied.clear()
      editorRef.current = null
    }
  }, [store, origin])

  // The editor's accessible name follows the interface language without making the editor again.
  const label = t('a11y.skillEditor')
  useEffect(() => {
    editorLabel.current = label
    editorRef.current?.updateOptions({ ariaLabel: label })
  }, [label])

  // A model for each file opened in this session (each keeps its undo history), created when the
  // file is opened: a workspace of thousands pays for the few files a person looks at. Opened
  // models follow the store (renamed, deleted or changed elsewhere); this editor's own edits are
  // in them already.
  useEffect(() => {
    // The open files a change from elsewhere touched since the last follow.
    const touched = new Set<string>()
    const follow = () => {
      // Keys still held for the next frame first: the store's actions read them as written, so
      // a change that did not is followed over the keys rather than the keys undoing it.
      store.getState().writeHeldEdits()
      for (const path of touched) {
        const model = monaco.editor.getModel(modelUri(path))
        if (!model) continue
        const text = textNow(path)
        if (text === undefined) {
          appliedMarkers.current.delete(path)
          forgetModel(model.uri.toString())
          model.dispose()
          continue
        }
        const before = model.getValue()
        if (before === text) continue
        // Only the changed span: the cursor and the keys typed after this stay where the person types.
        const span = changedSpan(before, text)
        const [from, to] = [model.getPositionAt(span.start), model.getPositionAt(span.end)]
        const range = new monaco.Range(from.lineNumber, from.column, to.lineNumber, to.column)
        following.current = true
        try {
          model.pushEditOperations([], [{ range, text: span.text }], () => null)
        } finally {
          following.current = false
        }
      }
      touched.clear()
    }
    // After the update that changed the files has returned (an edit can come from inside one of
    // Monaco's own commands, a quick fix), and once for several updates in a row.
    let scheduled = false
    return store.subscribe((state, previous) => {
      if (state.files === previous.files) return
      if (state.filesOrigin?.files === state.files && state.filesOrigin.origin === origin) return
      const index = derive.fileIndex(state.files)
      for (const model of monaco.editor.getModels()) {
        // Only the files' own models: a diff view's models belong to it (disposing them under it threw).
        if (model.uri.scheme !== FILE_SCHEME) continue
        const path = model.uri.path.slice(1)
        const at = index.get(path)
        // The same file object in the same place: untouched (an edit replaces the file it changes).
        if (at === undefined || previous.files[at] !== state.files[at]) touched.add(path)
      }
      if (touched.size === 0 || scheduled) return
      scheduled = true
      queueMicrotask(() => {
        scheduled = false
        follow()
      })
    })
  }, [store, derive, textNow, origin])

  useEffect(() => {
    const text = selectedPath === null ? undefined : textNow(selectedPath)
    if (selectedPath !== null && text !== undefined && !monaco.editor.getModel(modelUri(selectedPath))) {
      monaco.editor.createModel(text, languageFor(selectedPath), modelUri(selectedPath))
    }
    const editor = editorRef.current
    const selected = selectedPath ? monaco.editor.getModel(modelUri(selectedPath)) : null
    if (!editor || editor.getModel() === selected) return undefined
    // Switching the model lays the whole new file out before Monaco paints it: in a task of its
    // own, not in the commit that drew the selection (after an import, a thousand-row list).
    const switching = setTimeout(() => {
      if (selected?.isDisposed()) return
      if (selected) editor.updateOptions(wordSuggestionsFor(selected.getLanguageId() === SKILL_LANGUAGE))
      editor.setModel(selected)
      setShownPath(selectedPath)
    })
    return () => clearTimeout(switching)
  }, [textNow, selectedPath, selectedExists])

  // Walks the open models (the few files opened this session), never the thousands of files.
  useEffect(() => {
    for (const model of monaco.editor.getModels()) {
      const path = model.uri.path.slice(1)
      if (model.uri.scheme !== FILE_SCHEME || !isSkillPath(path) || textNow(path) === undefined) continue
      // The lint hands back the same array while a skill's findings are unchanged: compare by identity.
      const findings = lint.findings.get(path) ?? NO_FINDINGS
      const signature = appliedMarkers.current.get(path)
      if (signature?.findings === findings && signature.language === language) continue
      appliedMarkers.current.set(path, { findings, language })
      setLintMarkers(model, findings, localize)
    }
    const testsModel = textNow(ROUTING_TESTS_FILE) === undefined ? null : monaco.editor.getModel(modelUri(ROUTING_TESTS_FILE))
    if (testsModel && routingSuite) {
      setLintMarkers(
        testsModel,
        routingSuite.problems.map((problem) => ({
          code: 'routing-tests',
          severity: 'error',
          message: problem.message,
          ...(problem.text ? { text: problem.text } : {}),
          range: problem.range,
          explanation: t('tests.fileExplanation'),
        })),
        localize,
      )
    }
    // evals.yaml and skills' evals.json: their problems at their lines, like any other file.
    for (const model of monaco.editor.getModels()) {
      const path = model.uri.path.slice(1)
      if (model.uri.scheme !== FILE_SCHEME || !(path === EVALS_FILE || SKILL_CREATOR_EVALS.test(path)) || textNow(path) === undefined)
        continue
      setLintMarkers(
        model,
        evalSuite.problems
          .filter((problem) => problem.file === path)
          .map((problem) => ({
            code: 'evals',
            severity: 'error' as const,
            message: problem.message,
            text: problem.text,
            range: problem.range,
            explanation: t('evals.none'),
          })),
        localize,
      )
    }
    // selectedPath (and selectedExists): a file opened for the first time gets its model, and its markers, now.
  }, [lint, textNow, selectedPath, selectedExists, routingSuite, evalSuite, language, localize, t])

  const revealRequest = usePlayground((state) => state.revealRequest)
  useEffect(() => {
    const editor = editorRef.current
    if (!editor || !revealRequest || editor.getModel()?.uri.toString() !== modelUri(revealRequest.path).toString()) return
    editor.setPosition({ lineNumber: revealRequest.line, column: revealRequest.column })
    editor.revealLineInCenterIfOutsideViewport(revealRequest.line)
    editor.focus()
  }, [revealRequest, shownPath])

  useEffect(() => monaco.editor.setTheme(scheme === 'dark' ? 'vs-dark' : 'vs'), [scheme])

  const problems = selectedPath ? (lint.findings.get(selectedPath) ?? []) : []
  // Only the folder fix needs the skill: no search of thousands on every keystroke.
  const selectedSkill = problems.some((problem) => problem.code === 'name-matches-folder')
    ? lint.skills.find((skill) => skill.path === selectedPath)
    : undefined
  const reveal = (finding: Finding) =>
    selectedPath && store.getState().reveal(selectedPath, finding.range.startLine, finding.range.startColumn)

  return (
    <>
      <div className="editor-host" ref={host}>
        {selectedPath === null && <p className="empty-editor">{t('editor.empty')}</p>}
      </div>
      <p className="editor-keys muted small" id={KEYBOARD_HINT_ID}>
        {t(tabMovesFocus ? 'keyboard.editorFocusMode' : 'keyboard.editorHint', { toggle: TAB_FOCUS_KEYS })}
      </p>
      {problems.length > 0 && (
        <ul className="problems" aria-label={t('problems.title')}>
          {problems.map((problem, index) => (
            <li key={index} className={`problem ${problem.severity}`}>
              <button type="button" onClick={() => reveal(problem)} title={localize(problem).explanation}>
                <span className="problem-severity">{t(`problems.severity.${problem.severity}`)}</span>
                <span className="problem-position">
                  {t('problems.position', { line: problem.range.startLine, column: problem.range.startColumn })}
                </span>
                <span className="problem-message">{localize(problem).message}</span>
                <span className="problem-rule">{problem.code}</span>
              </button>
              {problem.code === 'name-matches-folder' && selectedSkill && (
                // The other half of the pair: keep the name, move the folder (a rename, not a text edit).
                <button
                  type="button"
                  className="link-button problem-action"
                  onClick={() => store.getState().renameSkill(selectedSkill.path, selectedSkill.name)}
                  aria-label={formatMessage(message('lint.name-matches-folder.fixFolder', { name: selectedSkill.name }))}
                >
                  {say(message('lint.name-matches-folder.fixFolder', { name: selectedSkill.name }))}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}

const NO_FINDINGS: Finding[] = []

const KEYBOARD_HINT_ID = 'editor-keyboard-hint'
const ON_MAC = /Mac|iPhone|iPad/.test(navigator.userAgent)
/** Monaco's own keys for its tab focus mode, which the editor takes over. */
const TAB_FOCUS_KEYS = ON_MAC ? 'Ctrl+Shift+M' : 'Ctrl+M'
const TAB_FOCUS_CHORD = ON_MAC
  ? monaco.KeyMod.WinCtrl | monaco.KeyMod.Shift | monaco.KeyCode.KeyM
  : monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM
/** Keys that start Shift+Tab and the like: they keep the Esc that came before them. */
const MODIFIER_KEYS = new Set([monaco.KeyCode.Shift, monaco.KeyCode.Ctrl, monaco.KeyCode.Alt, monaco.KeyCode.Meta])

/** Monaco's language for a workspace file: skills are Markdown with frontmatter; the rest by extension. */
function languageFor(path: string): string {
  if (path.endsWith('.yaml') || path.endsWith('.yml')) return 'yaml'
  if (path.endsWith('.json')) return 'json'
  if (path.endsWith('.py')) return 'python'
  // Markdown is a skill or reads like one; any other file an import brought (a .txt, a .sh) is shown as it is.
  return /\.md$/i.test(path) ? SKILL_LANGUAGE : 'plaintext'
}

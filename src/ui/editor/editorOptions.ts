import type { monaco } from './monaco'

/**
 * How the skill editor looks and behaves, in one place: the typing benchmark's "Monaco alone"
 * page (scripts/typingBench.ts) creates its editor with these too, so the floor it measures is
 * the editor the app shows.
 */
export const SKILL_EDITOR_OPTIONS = {
  automaticLayout: true,
  minimap: { enabled: false },
  wordWrap: 'on',
  fontSize: 13,
  lineNumbersMinChars: 3,
  scrollBeyondLastLine: false,
  renderWhitespace: 'boundary',
  // Runs of spaces drawn inside each line, as Monaco long did: the newer overlay measures every
  // visible line's text positions on each render, about a millisecond a keystroke.
  experimentalWhitespaceRendering: 'off',
  unicodeHighlight: { ambiguousCharacters: false },
  padding: { top: 8 },
} satisfies monaco.editor.IStandaloneEditorConstructionOptions

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
  ...wordSuggestionsFor(true),
} satisfies monaco.editor.IStandaloneEditorConstructionOptions

/**
 * A skill is prose: words offered from the text while writing a sentence are noise, and Enter
 * then took the offered word instead of starting a line (VS Code turns them off for Markdown too).
 * The frontmatter's own completions (field names, tools) stay. Other files (routing-tests.yaml,
 * code) keep them: there a word is often a skill's or a variable's name. A global option in
 * Monaco, so the editor sets it again whenever it shows another file.
 */
export function wordSuggestionsFor(skill: boolean) {
  return { wordBasedSuggestions: skill ? 'off' : 'matchingDocuments' } satisfies monaco.editor.IEditorOptions &
    monaco.editor.IGlobalEditorOptions
}

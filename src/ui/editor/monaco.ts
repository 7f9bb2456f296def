/**
 * The only module that imports monaco-editor. Loads the slim editor entry with the features a
 * SKILL.md needs, bundled locally (no CDN, works offline and under a strict CSP), and defines
 * the `skill-md` language: YAML highlighting inside the frontmatter, Markdown after it.
 */
import 'monaco-editor/features/register.all'
import 'monaco-editor/languages/definitions/markdown/register'
import 'monaco-editor/languages/definitions/yaml/register'
// A skill's code (skill.py, tool.py, main.py): docs/skill-code.md.
import 'monaco-editor/languages/definitions/python/register'
import * as monaco from 'monaco-editor/editor'
import EditorWorker from 'monaco-editor/editor/editor.worker?worker'

self.MonacoEnvironment = { getWorker: () => new EditorWorker() }

export const SKILL_LANGUAGE = 'skill-md'

monaco.languages.register({ id: SKILL_LANGUAGE, extensions: ['.md'], aliases: ['SKILL.md'] })
monaco.languages.setMonarchTokensProvider(SKILL_LANGUAGE, {
  tokenizer: {
    root: [
      [/^---[ \t]*$/, { token: 'delimiter.frontmatter', next: '@frontmatter', nextEmbedded: 'yaml' }],
      [/^/, { token: '', next: '@body', nextEmbedded: 'markdown' }],
    ],
    frontmatter: [[/^---[ \t]*$/, { token: 'delimiter.frontmatter', next: '@body', nextEmbedded: '@pop' }]],
    body: [[/^/, { token: '', next: '@markdown', nextEmbedded: 'markdown' }]],
    // Markdown runs to the end of the file: this state's only rule can never match a real line.
    markdown: [[/^\uFFFF{32}$/, { token: '', nextEmbedded: '@pop' }]],
  },
})

export { monaco }

/**
 * Completions and hovers for SKILL.md: frontmatter keys, tool names in required_tools,
 * entry_mode values, and an explanation of each field on hover.
 */
import { FIELD_DOCS } from '../../core/skill'
import type { ToolRegistry } from '../../core/tools'
import { monaco, SKILL_LANGUAGE } from './monaco'

/** The 1-based line of the closing `---`, or 0 when the model has no frontmatter. */
function frontmatterEnd(model: monaco.editor.ITextModel): number {
  if (!/^\uFEFF?---\s*$/.test(model.getLineContent(1))) return 0
  for (let line = 2; line <= Math.min(model.getLineCount(), 2000); line++) if (/^---\s*$/.test(model.getLineContent(line))) return line
  return 0
}

/** The top-level key whose value the line belongs to (the nearest unindented `key:` above). */
function parentKey(model: monaco.editor.ITextModel, line: number): string | null {
  for (let current = line; current >= 2; current--) {
    const match = /^([A-Za-z_][\w-]*)\s*:/.exec(model.getLineContent(current))
    if (match) return match[1] ?? null
  }
  return null
}

/** Tools declared under `tools:` in this file, so they complete too. */
function declaredTools(model: monaco.editor.ITextModel, end: number): string[] {
  const names: string[] = []
  let inTools = false
  for (let line = 2; line < end; line++) {
    const text = model.getLineContent(line)
    if (/^tools\s*:/.test(text)) inTools = true
    else if (/^\S/.test(text)) inTools = false
    else if (inTools) {
      const match = /^ {2}([A-Za-z_][\w-]*)\s*:/.exec(text)
      if (match?.[1]) names.push(match[1])
    }
  }
  return names
}

let registered = false
/** The tools as the page knows them now (the server's MCP tools arrive after the page starts). */
let registry: ToolRegistry

/**
 * Registers the providers once per page, and keeps them reading the latest `tools`: the same
 * registry the model's tool list is built from, so a hover says what the model is told.
 */
export function registerSkillLanguageFeatures(tools: ToolRegistry): void {
  registry = tools
  if (registered) return
  registered = true
  monaco.languages.registerCompletionItemProvider(SKILL_LANGUAGE, {
    triggerCharacters: [' ', '[', ',', '-'],
    provideCompletionItems: (model, position) => {
      const end = frontmatterEnd(model)
      if (end === 0 || position.lineNumber <= 1 || position.lineNumber >= end) return { suggestions: [] }
      const before = model.getLineContent(position.lineNumber).slice(0, position.column - 1)
      const word = model.getWordUntilPosition(position)
      const range = new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn)
      const key = parentKey(model, position.lineNumber)

      if (/^[A-Za-z_-]*$/.test(before)) {
        const present = new Set(Array.from({ length: end - 2 }, (_, i) => /^([\w-]+)\s*:/.exec(model.getLineContent(i + 2))?.[1]))
        return {
          suggestions: Object.entries(FIELD_DOCS)
            .filter(([name]) => !present.has(name))
            .map(([name, doc]) => ({
              label: name,
              kind: monaco.languages.CompletionItemKind.Property,
              insertText: `${name}: `,
              documentation: { value: `${doc.summary}\n\n\`\`\`yaml\n${doc.example}\n\`\`\`` },
              range,
            })),
        }
      }
      if (key === 'required_tools' && (/^\s+-\s*[\w-]*$/.test(before) || /^required_tools\s*:\s*\[[^\]]*$/.test(before))) {
        const own = declaredTools(model, end)
        return {
          suggestions: [
            ...registry.tools.map((tool) => ({
              label: tool.name,
              kind: monaco.languages.CompletionItemKind.Function,
              insertText: tool.name,
              detail: 'built-in tool',
              documentation: tool.description,
              range,
            })),
            ...own.map((name) => ({
              label: name,
              kind: monaco.languages.CompletionItemKind.Function,
              insertText: name,
              detail: 'declared under tools:',
              range,
            })),
          ],
        }
      }
      if (/^entry_mode\s*:\s*\w*$/.test(before)) {
        return {
          suggestions: ['auto', 'manual'].map((value) => ({
            label: value,
            kind: monaco.languages.CompletionItemKind.EnumMember,
            insertText: value,
            range,
          })),
        }
      }
      return { suggestions: [] }
    },
  })

  monaco.languages.registerHoverProvider(SKILL_LANGUAGE, {
    provideHover: (model, position) => {
      const end = frontmatterEnd(model)
      if (end === 0 || position.lineNumber >= end) return null
      const toolHover = hoverToolName(model, position, registry)
      if (toolHover) return toolHover
      const match = /^([A-Za-z_][\w-]*)\s*:/.exec(model.getLineContent(position.lineNumber))
      const key = match?.[1]
      if (!key || position.column > key.length + 1) return null
      const doc = FIELD_DOCS[key]
      const contents = doc
        ? [{ value: `**${key}**` }, { value: doc.summary }, { value: `\`\`\`yaml\n${doc.example}\n\`\`\`` }]
        : [{ value: `**${key}** is not a field this app reads; it is kept as written.` }]
      return { range: new monaco.Range(position.lineNumber, 1, position.lineNumber, key.length + 1), contents }
    },
  })
}

/** A built-in tool's name under the cursor (in `required_tools` or anywhere in the frontmatter): its description and schema. */
function hoverToolName(model: monaco.editor.ITextModel, position: monaco.Position, registry: ToolRegistry): monaco.languages.Hover | null {
  const word = model.getWordAtPosition(position)
  const tool = word ? registry.get(word.word) : undefined
  if (!word || !tool) return null
  return {
    range: new monaco.Range(position.lineNumber, word.startColumn, position.lineNumber, word.endColumn),
    contents: [
      { value: `**${tool.name}** — built-in tool${tool.runs === 'mock' ? ' (answers from its mocks in the Tools tab)' : ''}` },
      { value: tool.description },
      { value: `\`\`\`json\n${JSON.stringify(tool.parameters, null, 2)}\n\`\`\`` },
    ],
  }
}

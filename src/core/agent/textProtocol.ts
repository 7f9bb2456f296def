import type { ToolCall, ToolSpec } from './types'

/**
 * The SKILL_CALL text protocol (docs/agent-loop.md) for models without function calling: the model writes
 * `SKILL_CALL: {"skill": "name", "params": {...}}` blocks, several per reply if it likes.
 */
export function textProtocolInstructions(tools: readonly ToolSpec[]): string {
  const list = tools.map((tool) => `- ${tool.name}: ${tool.description}\n  parameters: ${JSON.stringify(tool.parameters)}`).join('\n')
  return `\n\n## Calling tools\nYou cannot call functions directly. To use a tool, write a line\nSKILL_CALL: {"skill": "<tool name>", "params": {<arguments>}}\n(one line per call; several calls per reply are allowed). Results come back as SKILL_RESULT lines. Tools:\n${list}`
}

/**
 * Finds every SKILL_CALL block in a reply. The JSON object is read by matching braces (strings
 * and escapes respected), so nested objects work — the seed's non-greedy regex cut them short.
 * A block whose JSON does not parse becomes a call with the raw text, which validation rejects
 * with a message the model can act on.
 */
export function parseSkillCalls(text: string, round: number): ToolCall[] {
  const calls: ToolCall[] = []
  const marker = /SKILL_CALL:\s*/g
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    const start = match.index + match[0].length
    const json = balancedObject(text, start)
    const raw = json ?? text.slice(start, text.indexOf('\n', start) < 0 ? undefined : text.indexOf('\n', start))
    let name = ''
    let args = raw
    try {
      const parsed = JSON.parse(raw) as { skill?: unknown; params?: unknown }
      name = typeof parsed.skill === 'string' ? parsed.skill : ''
      args = JSON.stringify(parsed.params ?? {})
    } catch {
      name = /"skill"\s*:\s*"([^"]+)"/.exec(raw)?.[1] ?? ''
    }
    calls.push({ id: `text_${round}_${calls.length + 1}`, name, arguments: args })
  }
  return calls
}

function balancedObject(text: string, start: number): string | null {
  if (text[start] !== '{') return null
  let depth = 0
  let inString = false
  for (let i = start; i < text.length; i++) {
    const char = text[i]
    if (inString) {
      if (char === '\\') i++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '{') depth++
    else if (char === '}' && --depth === 0) return text.slice(start, i + 1)
  }
  return null
}

export const RESULT_PREFIX = 'SKILL_RESULT'

export function formatSkillResults(results: readonly { name: string; content: string }[]): string {
  return results.map((result) => `${RESULT_PREFIX} ${result.name}: ${result.content}`).join('\n')
}

/** Reads SKILL_RESULT lines back (for the scripted model). */
export function parseSkillResults(text: string): { name: string; content: string }[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith(RESULT_PREFIX + ' '))
    .map((line) => {
      const rest = line.slice(RESULT_PREFIX.length + 1)
      const colon = rest.indexOf(': ')
      return { name: rest.slice(0, colon), content: rest.slice(colon + 2) }
    })
}

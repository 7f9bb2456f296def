import { catalogSkills, mostSimilarSkill } from './skillSimilarity'
import { parseSkillResults, RESULT_PREFIX } from './textProtocol'
import { readCodeResultNote } from './codeResultNote'
import type { ChatMessage, ModelClient, ModelReply, ModelRequest, RouteCandidate, ToolCall, ToolSpec } from './types'

/** One reply of a user-written script: text, tool calls, or both. */
export interface ScriptedReply {
  text?: string
  tool_calls?: { name: string; arguments: Record<string, unknown> | string }[]
}

/** Reads a user-written script (a JSON list of replies); throws a readable error when it is not one. */
export function parseScript(text: string): ScriptedReply[] {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new Error(`The script is not valid JSON: ${error instanceof Error ? error.message : String(error)}`)
  }
  if (!Array.isArray(value))
    throw new Error('The script must be a list of replies: [{"text": "...", "tool_calls": [{"name": "...", "arguments": {...}}]}]')
  value.forEach((reply: unknown, index) => {
    const calls = (reply as ScriptedReply | null)?.tool_calls
    if (
      typeof reply !== 'object' ||
      reply === null ||
      (calls !== undefined && (!Array.isArray(calls) || calls.some((call) => typeof call?.name !== 'string')))
    ) {
      throw new Error(
        `Reply ${index + 1} of the script must look like {"text": "...", "tool_calls": [{"name": "...", "arguments": {...}}]}.`,
      )
    }
  })
  return value as ScriptedReply[]
}

/** The scripted model's names, as runs and eval reports record them (the page shows them translated). */
export const SCRIPTED_LABELS = { offline: 'Scripted (offline)', replay: 'Scripted (replaying your script)' } as const

/**
 * The built-in offline model: deterministic, no key. With a script it replays the replies in
 * order; otherwise it behaves like a sensible model within the tools it is shown — it calls the
 * one that fits the user's message, reads the result and answers with it.
 */
export function createScriptedModel(script?: readonly ScriptedReply[]): ModelClient {
  let calls = 0
  return {
    label: script ? SCRIPTED_LABELS.replay : SCRIPTED_LABELS.offline,
    complete: async (request) => {
      if (request.signal.aborted) throw new Error('Aborted')
      const reply = script ? replay(script, calls++) : request.route ? route(request, request.route) : decide(request)
      const textual = request.protocol === 'text' && !request.route && reply.toolCalls.length > 0 && !script
      const final = textual ? asSkillCallText(reply) : reply
      stream(final.text, request)
      return final
    },
  }
}

function replay(script: readonly ScriptedReply[], index: number): ModelReply {
  const step = script[index]
  if (!step) return { text: '(The script has no more replies.)', toolCalls: [] }
  return {
    text: step.text ?? '',
    toolCalls: (step.tool_calls ?? []).map((call, i) => ({
      id: `call_${index + 1}_${i + 1}`,
      name: call.name,
      arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
    })),
  }
}

/** Sends the text in small pieces, as a streaming API would. */
function stream(text: string, request: ModelRequest) {
  for (let i = 0; i < text.length; i += 12) request.onText(text.slice(i, i + 12))
}

/** With the text protocol the calls go into the text as SKILL_CALL lines (docs/agent-loop.md). */
function asSkillCallText(reply: ModelReply): ModelReply {
  const lines = reply.toolCalls.map(
    (call) => `SKILL_CALL: ${JSON.stringify({ skill: call.name, params: JSON.parse(call.arguments) as unknown })}`,
  )
  return { text: [reply.text, ...lines].filter(Boolean).join('\n'), toolCalls: [] }
}

/** LLM routing: the most similar skill by its name, description and keywords (skillSimilarity.ts); any numbers as arguments. */
function route({ messages }: ModelRequest, candidates: readonly RouteCandidate[]): ModelReply {
  const user = currentUserMessage(messages)
  const picked = mostSimilarSkill(
    user,
    candidates.map((c) => ({ name: c.name, description: c.description, keywords: c.triggerKeywords })),
  )
  const best = picked ? candidates.find((c) => c.name === picked) : undefined
  if (!best) return { text: JSON.stringify({ skill: null }), toolCalls: [] }
  return { text: JSON.stringify({ skill: best.name, args: argsFrom(user, best.parameters) }), toolCalls: [] }
}

/** Arguments for `parameters` read off the message: its numbers, an option it names, its key terms. */
function argsFrom(user: string, parameters: Record<string, unknown> | undefined): Record<string, unknown> {
  const properties = (parameters?.properties ?? {}) as Record<string, { type?: string; enum?: unknown[] }>
  const args: Record<string, unknown> = {}
  const numbers = (user.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)
  const sql = sqlFor(user)
  for (const [key, schema] of Object.entries(properties)) {
    if (schema.type === 'array') args[key] = numbers
    else if (schema.type === 'number' || schema.type === 'integer') args[key] = numbers[0]
    else if (schema.type === 'string' && Array.isArray(schema.enum)) {
      // The option the message (or the query it implies) names, else the first.
      const options = schema.enum.filter((option): option is string => typeof option === 'string')
      args[key] = options.find((option) => user.toLowerCase().includes(option) || sql?.includes(option)) ?? options[0]
    } else if (schema.type === 'string') args[key] = /sql|query/i.test(key) && sql ? sql : keyTerms(user)
  }
  return args
}

function decide({ messages, tools }: ModelRequest): ModelReply {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? ''
  // With the text protocol, results come back as a user message of SKILL_RESULT lines.
  const textResults = lastUser.startsWith(RESULT_PREFIX)
    ? parseSkillResults(lastUser).map((r) => ({ role: 'tool' as const, toolCallId: '', name: r.name, content: r.content }))
    : []
  const user = currentUserMessage(messages)
  const toolResults = textResults.length > 0 ? textResults : trailingToolResults(messages)
  const visible = new Set(tools.map((tool) => tool.name))
  const round = messages.filter((m) => m.role === 'assistant').length

  if (toolResults.length > 0) {
    const loaded = toolResults.find((m) => m.name === 'load_skill' && m.content.includes('<skill'))
    // The third level: a bundled file (or script) the instructions name and the request's words fit.
    const disclosed = loaded || toolResults.some((m) => DISCLOSURE_TOOLS.has(m.name))
    if (disclosed) {
      const next = nextDisclosure(user, messages, tools)
      if (next) return call(next.why, next.name, next.args, round)
    }
    if (!loaded && toolResults.every((m) => DISCLOSURE_TOOLS.has(m.name)))
      return { text: summarize(user, disclosureResults(messages)), toolCalls: [] }
    if (loaded) {
      const system = messages[0]?.role === 'system' ? messages[0].content : ''
      // The result is the body as a JSON string: its line breaks are escaped until read.
      const body = safeJson(loaded.content)
      const next = chooseTool(user, visible, tools, `${system}\n${typeof body === 'string' ? body : loaded.content}`)
      if (next) return call(`Loaded the skill's instructions. ${next.why}`, next.name, next.args, round)
    }
    return { text: summarize(user, toolResults), toolCalls: [] }
  }
  // LLM routing ran the skill's code already: answer from what it returned.
  const executed = readCodeResultNote(user)
  if (executed) {
    if (!executed.ok)
      return { text: `The skill's code failed: ${executed.message}. I can't give you a reliable answer for this.`, toolCalls: [] }
    return { text: executed.userMessage ?? `The skill's code returned ${JSON.stringify(executed.result).slice(0, 400)}`, toolCalls: [] }
  }
  const first = nextDisclosure(user, messages, tools)
  if (first) return call(first.why, first.name, first.args, round)
  if (visible.has('load_skill')) {
    const skill = pickSkillToLoad(
      user,
      tools.find((t) => t.name === 'load_skill'),
      messages[0]?.role === 'system' ? messages[0].content : '',
    )
    if (skill) return call(`The skill "${skill}" fits this request; loading it.`, 'load_skill', { name: skill }, round)
  }
  const next = chooseTool(user, visible, tools, messages[0]?.role === 'system' ? messages[0].content : '')
  if (next) return call(next.why, next.name, next.args, round)
  return {
    text: `(scripted model) No visible tool fits "${user}", so I answer directly: I would reply to this from the system prompt alone.`,
    toolCalls: [],
  }
}

function call(text: string, name: string, args: Record<string, unknown>, round: number): ModelReply {
  const toolCall: ToolCall = { id: `call_${round + 1}_1`, name, arguments: JSON.stringify(args) }
  return { text, toolCalls: [toolCall] }
}

function trailingToolResults(messages: readonly ChatMessage[]) {
  const results: Extract<ChatMessage, { role: 'tool' }>[] = []
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role !== 'tool') break
    results.unshift(message)
  }
  return results
}

interface Choice {
  name: string
  args: Record<string, unknown>
  why: string
}

/** The first visible tool whose trigger fits the message, with arguments taken from it. */
function chooseTool(user: string, visible: Set<string>, tools: readonly ToolSpec[], instructions = ''): Choice | null {
  const lower = user.toLowerCase()
  // Arithmetic written out goes to the calculator.
  const written = findExpression(user)
  if (visible.has('calculator') && written)
    return { name: 'calculator', args: { expression: written }, why: `I'll compute ${written} with the calculator.` }
  // Otherwise a skill's own tool that takes numbers (its code, e.g. add-calc's run(numbers)), when the message has them.
  const numeric = tools.filter((tool) => !BUILTIN.has(tool.name) && tool.name !== 'load_skill' && takesNumbers(tool.parameters))
  if (numeric.length > 0 && (user.match(/-?\d+(?:\.\d+)?/g) ?? []).length > 0) {
    const name = mostSimilarSkill(
      user,
      numeric.map((tool) => ({ name: tool.name, description: tool.description })),
    )
    // The most similar by its description, or the one the active skill's instructions name.
    const tool =
      numeric.find((candidate) => candidate.name === name) ?? numeric.find((candidate) => instructions.includes(`\`${candidate.name}\``))
    if (tool)
      return { name: tool.name, args: argsFrom(user, tool.parameters), why: `Calling ${tool.name} with the numbers in the message.` }
  }
  const expression = sumExpression(user)
  if (visible.has('calculator') && expression)
    return { name: 'calculator', args: { expression }, why: `I'll compute ${expression} with the calculator.` }
  const path = user.match(/[\w./-]+\.(?:md|txt|csv|json|yaml|yml|log)\b/)?.[0]
  if (visible.has('file_read') && path) return { name: 'file_read', args: { file_path: path }, why: `Reading ${path}.` }
  if (visible.has('get_weather') && /天气|气温|下雨|带伞|weather|forecast|temperature/i.test(user)) {
    const city = findCity(user)
    if (city) return { name: 'get_weather', args: { city }, why: `Checking the weather in ${city}.` }
  }
  if (visible.has('execute_sql')) {
    const sql = sqlFor(user)
    if (sql) return { name: 'execute_sql', args: { sql }, why: 'Querying the database (read-only).' }
  }
  if (visible.has('current_datetime') && /几号|星期|日期|几点|今天是|what day|what time|date|today/i.test(user)) {
    return { name: 'current_datetime', args: {}, why: 'Checking the current date and time.' }
  }
  if (visible.has('file_list') && /文件|files?\b/i.test(user)) return { name: 'file_list', args: {}, why: 'Listing the workspace files.' }
  if (visible.has('search_knowledge') && /[?？]|什么|了解|怎么|为什么|如何|介绍|知识|what|how|why|explain|docs/i.test(lower)) {
    return { name: 'search_knowledge', args: { query: keyTerms(user) }, why: 'Searching the knowledge base.' }
  }
  // The skill's first step names a search tool ("1. 先用 search_knowledge 检索退款政策"): a request
  // the skill was chosen for starts there, as a model following the instructions would.
  const firstStep = /^\s*1\s*[.)、．]\s*(.*)$/m.exec(instructions)?.[1] ?? ''
  const searcher = SEARCH_TOOLS.find((name) => visible.has(name) && firstStep.includes(name))
  if (searcher)
    return { name: searcher, args: { query: keyTerms(user) }, why: `The skill's instructions start with ${searcher}; searching first.` }
  if (visible.has('web_search') && /搜索|查一下|最新|search|latest|news/i.test(lower))
    return { name: 'web_search', args: { query: keyTerms(user) }, why: 'Searching the web.' }
  const own = tools.find((tool) => !BUILTIN.has(tool.name) && tool.name !== 'load_skill' && lower.includes(tool.name.toLowerCase()))
  if (own) return { name: own.name, args: {}, why: `Calling ${own.name}.` }
  return null
}

/** Tools that take the request itself as their query. */
const SEARCH_TOOLS = ['search_knowledge', 'web_search']

function takesNumbers(parameters: Record<string, unknown>): boolean {
  const properties = (parameters.properties ?? {}) as Record<string, { type?: string; items?: { type?: string } }>
  const required = Array.isArray(parameters.required) ? (parameters.required as string[]) : Object.keys(properties)
  return (
    required.length > 0 &&
    required.every((key) => {
      const schema = properties[key]
      return schema?.type === 'number' || schema?.type === 'integer' || (schema?.type === 'array' && schema.items?.type === 'number')
    })
  )
}

/** A query that answers common data questions about the demo tables. */
function sqlFor(user: string): string | null {
  if (/销售额|营收|revenue|sales/i.test(user))
    return "SELECT date, ROUND(SUM(amount), 2) AS revenue FROM orders WHERE status = 'paid' GROUP BY date ORDER BY date"
  if (/库存|inventory|stock/i.test(user)) return 'SELECT sku, name, stock, warehouse FROM inventory ORDER BY stock'
  if (/订单|orders?\b/i.test(user)) return 'SELECT status, COUNT(*) AS orders, ROUND(SUM(amount), 2) AS total FROM orders GROUP BY status'
  if (/用户数|用户|users?\b/i.test(user)) return 'SELECT COUNT(*) AS users FROM users'
  return null
}

const BUILTIN = new Set([
  'calculator',
  'current_datetime',
  'file_read',
  'file_write',
  'file_list',
  'search_knowledge',
  'execute_sql',
  'web_search',
  'web_fetch',
  'get_weather',
  'extract_structured',
])

/** "3、5、8 求和" or validated {"numbers": [...]} arguments: add them up. */
function sumExpression(text: string): string | null {
  const fromArgs = /"numbers":\s*\[([^\]]*)\]/.exec(text)?.[1]
  const numbers = (fromArgs ?? (/求和|相加|加起来|\bsum\b|add up/i.test(text) ? text : '')).match(/-?\d+(?:\.\d+)?/g) ?? []
  return numbers.length >= 2 ? numbers.join(' + ') : null
}

/** The longest stretch that reads as arithmetic: digits with at least one operator or function. */
export function findExpression(text: string): string | null {
  const candidates = text.match(/(?:sqrt|log|sin|cos|tan|abs|exp|\d|\.|\(|\))[\d\s.+\-*/^%()a-z]*/gi) ?? []
  const best = candidates
    .map((candidate) => candidate.trim().replace(/[\s+\-*/^]+$/, ''))
    .filter(
      (candidate) =>
        /\d/.test(candidate) &&
        /[+\-*/^%]|sqrt|log|sin|cos|tan|abs|exp/i.test(candidate) &&
        !/[a-z]{2,}/i.test(candidate.replace(/sqrt|log|sin|cos|tan|abs|exp/gi, '')),
    )
    .sort((a, b) => b.length - a.length)[0]
  return best ?? null
}

function findCity(text: string): string | null {
  const english = text.match(
    /(?:weather|forecast|temperature)\s+(?:in|for|at)\s+([A-Z][\w\s-]*?)(?:[?.,!]|\s+(?:today|tomorrow|now)|$)/i,
  )?.[1]
  if (english) return english.trim()
  const chinese = text.match(
    /^(?:请问|帮我查一下|帮我看看|查一下)?([\p{Script=Han}]{2,4}?)(?:今天|明天|现在|的)?(?:天气|气温|会下雨|下雨)/u,
  )?.[1]
  return chinese ?? null
}

function keyTerms(text: string): string {
  return (
    text
      .replace(/[?？!！。，,.]/g, ' ')
      .replace(/(我想了解一下|我想了解|请问|帮我|一下|是什么|what is|tell me about)/gi, ' ')
      .replace(/\s+/g, ' ')
      .trim() || text
  )
}

/** Progressive disclosure: the catalog skill most similar to the message (skillSimilarity.ts), among those load_skill accepts. */
function pickSkillToLoad(user: string, loadSkill: ToolSpec | undefined, systemPrompt: string): string | null {
  const names = (loadSkill?.parameters.properties as { name?: { enum?: string[] } } | undefined)?.name?.enum ?? []
  const catalog = catalogSkills(systemPrompt).filter((skill) => names.includes(skill.name))
  return mostSimilarSkill(user, catalog.length > 0 ? catalog : names.map((name) => ({ name, description: '' })))
}

/** The message of the turn being answered: the last user message that is not a block of tool results. */
function currentUserMessage(messages: readonly ChatMessage[]): string {
  return [...messages].reverse().find((m) => m.role === 'user' && !m.content.startsWith(RESULT_PREFIX))?.content ?? ''
}

/** A final answer built from the tool results, so the numbers in it are the tools' own. */
function summarize(user: string, results: readonly Extract<ChatMessage, { role: 'tool' }>[]): string {
  const parts = results.map((message) => {
    let value: unknown
    try {
      value = JSON.parse(message.content)
    } catch {
      value = message.content
    }
    const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
    if (record.error)
      return `${message.name} failed: ${(record.error as { message?: string }).message ?? 'unknown error'}. I can't answer that part reliably.`
    if (message.name === 'calculator') return `${String(record.expression)} = ${String(record.result)}`
    if (typeof record.user_message === 'string') return record.user_message
    if (message.name === 'execute_sql') {
      const columns = (record.columns as string[] | undefined) ?? []
      const rows = (record.rows as unknown[][] | undefined) ?? []
      const table = [
        `| ${columns.join(' | ')} |`,
        `| ${columns.map(() => '---').join(' | ')} |`,
        ...rows.map((row) => `| ${row.map(String).join(' | ')} |`),
      ]
      return `${rows.length} row${rows.length === 1 ? '' : 's'}${record.truncated ? ' (truncated)' : ''}:\n${table.join('\n')}`
    }
    if (message.name === 'current_datetime') return `It is ${String(record.weekday)}, ${String(record.local)} (${String(record.timezone)}).`
    if (message.name === 'get_weather') {
      const range = record.temperature_c as { min?: number; max?: number } | undefined
      const rain = typeof record.rain_probability === 'number' ? record.rain_probability : null
      const advice = rain === null ? '' : rain >= 0.5 ? ' Take an umbrella.' : ' No umbrella needed.'
      return `${String(record.city ?? 'The city')}: ${String(record.condition)}, ${range?.min ?? '?'}–${range?.max ?? '?'} °C${rain === null ? '' : `, ${Math.round(rain * 100)}% chance of rain`}.${advice}`
    }
    if (message.name === 'file_read')
      return `${String(record.file_name)} says:\n> ${String(record.content).slice(0, 300)}${record.truncated ? '\n(The file is longer; I read only the beginning.)' : ''}`
    if (message.name === 'read_skill_file')
      return `${String(record.path)} (${String(record.skill)}) says:\n> ${String(record.content).slice(0, 300).replace(/\n/g, '\n> ')}${record.truncated ? '\n(The file is longer; I read only the beginning.)' : ''}`
    if (message.name === 'run_skill_script') {
      const out = String(record.stdout ?? '').trim()
      const err = String(record.stderr ?? '').trim()
      return `${String(record.path)} exited with status ${String(record.exit_code)}${out ? `:\n${out.slice(0, 400)}` : '.'}${err ? `\nIt reported: ${err.slice(0, 200)}` : ''}`
    }
    if (message.name === 'search_knowledge') {
      const hits = (record.results as { title: string; snippet: string }[] | undefined) ?? []
      return hits.map((hit) => `${hit.snippet.slice(0, 160)}（来源：《${hit.title}》）`).join('\n')
    }
    return `${message.name} returned ${JSON.stringify(value).slice(0, 400)}`
  })
  return parts.join('\n') || `I looked into "${user}" but the tools returned nothing useful.`
}

const DISCLOSURE_TOOLS = new Set(['read_skill_file', 'run_skill_script'])

/** Every result of a bundled file read or a script run so far in this turn, in order: the answer is built from them. */
function disclosureResults(messages: readonly ChatMessage[]): Extract<ChatMessage, { role: 'tool' }>[] {
  const from = messages.findLastIndex((m) => m.role === 'user' && !m.content.startsWith(RESULT_PREFIX))
  const results = messages
    .slice(from + 1)
    .filter((m): m is Extract<ChatMessage, { role: 'tool' }> => m.role === 'tool' && DISCLOSURE_TOOLS.has(m.name))
  if (results.length > 0) return results
  // With the text protocol, results come back in user messages of SKILL_RESULT lines.
  return messages
    .slice(from + 1)
    .filter((m) => m.role === 'user' && m.content.startsWith(RESULT_PREFIX))
    .flatMap((m) => parseSkillResults(m.content))
    .filter((r) => DISCLOSURE_TOOLS.has(r.name))
    .map((r) => ({ role: 'tool' as const, toolCallId: '', name: r.name, content: r.content }))
}

/** The files each skill bundles, as read_skill_file's description lists them ("- pdf: reference.md (3.1k chars), …"). */
function bundledFiles(spec: ToolSpec | undefined): { skill: string; path: string }[] {
  if (!spec) return []
  const files: { skill: string; path: string }[] = []
  for (const line of spec.description.split('\n')) {
    const match = /^- (.+?): (.*)$/.exec(line)
    if (!match) continue
    for (const entry of (match[2] ?? '').split(', ')) {
      const path = entry.replace(/ \([^)]*\)$/, '').trim()
      if (path && !path.startsWith('…')) files.push({ skill: match[1] ?? '', path })
    }
  }
  return files
}

/** Words of a file's name ("scripts/fill_form.py" → fill, form), lower case. */
const nameWords = (path: string) =>
  (path.split('/').pop() ?? '')
    .replace(/\.[^.]+$/, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)

/** A word of the request fits a word of a name when they share their first four letters (or are the same short word). */
const fits = (word: string, name: string) =>
  word === name || (word.length >= 4 && name.length >= 4 && word.slice(0, 4) === name.slice(0, 4))

/**
 * The next bundled file to read, or script to run, before answering: one that the instructions in
 * the conversation (the active skill's prompt, a loaded skill's body) name, whose name fits the
 * request's words, and that was not read or run yet. Files first, then scripts.
 */
function nextDisclosure(user: string, messages: readonly ChatMessage[], tools: readonly ToolSpec[]): Choice | null {
  const reader = tools.find((tool) => tool.name === 'read_skill_file')
  if (!reader) return null
  const runner = tools.find((tool) => tool.name === 'run_skill_script')
  const instructions = messages
    .filter(
      (m) =>
        m.role === 'system' || (m.role === 'tool' && m.name === 'load_skill') || (m.role === 'user' && m.content.startsWith(RESULT_PREFIX)),
    )
    .map((m) => m.content)
    .join('\n')
  const words = user
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3)
  const done = new Set<string>()
  for (const m of messages) {
    if (m.role === 'assistant')
      for (const toolCall of m.toolCalls ?? [])
        if (DISCLOSURE_TOOLS.has(toolCall.name)) done.add(`${toolCall.name}:${pathOf(toolCall.arguments)}`)
    if (m.role === 'assistant' && !m.toolCalls)
      for (const line of m.content.split('\n')) {
        const call = /^SKILL_CALL:\s*(\{.*\})\s*$/.exec(line)?.[1]
        if (call) {
          const parsed = safeJson(call) as { skill?: string; params?: unknown } | null
          if (parsed?.skill && DISCLOSURE_TOOLS.has(parsed.skill))
            done.add(`${parsed.skill}:${pathOf(JSON.stringify(parsed.params ?? {}))}`)
        }
      }
  }
  const wanted = bundledFiles(reader).filter(
    (file) => instructions.includes(file.path) && nameWords(file.path).some((name) => words.some((word) => fits(word, name))),
  )
  const scriptable = new Set(bundledFiles(runner).map((file) => `${file.skill}:${file.path}`))
  for (const file of wanted)
    if (!scriptable.has(`${file.skill}:${file.path}`) && !done.has(`read_skill_file:${file.path}`))
      return {
        name: 'read_skill_file',
        args: { skill: file.skill, path: file.path },
        why: `The instructions point to ${file.path} for this; reading it first.`,
      }
  for (const file of wanted)
    if (scriptable.has(`${file.skill}:${file.path}`) && !done.has(`run_skill_script:${file.path}`))
      return {
        name: 'run_skill_script',
        args: { skill: file.skill, path: file.path, args: user.match(/[\w.-]+\.(?:pdf|csv|json|txt|md|docx|xlsx)\b/g) ?? [] },
        why: `The instructions say to run ${file.path}; running it.`,
      }
  return null
}

function pathOf(argumentsText: string): string {
  const value = safeJson(argumentsText) as { path?: unknown } | null
  return typeof value?.path === 'string' ? value.path : ''
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

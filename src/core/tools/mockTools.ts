import type { MockRule, ToolContext, ToolDefinition } from './types'

/** Picks the first mock rule whose `when` matches the arguments (equal, or contained for text). */
export function pickMock(rules: readonly MockRule[] | undefined, args: Record<string, unknown>): unknown {
  const matches = (rule: MockRule) =>
    Object.entries(rule.when ?? {}).every(([key, expected]) => {
      const actual = args[key]
      if (typeof actual === 'string' && typeof expected === 'string') return actual.toLowerCase().includes(expected.toLowerCase())
      return actual === expected
    })
  const rule = (rules ?? []).find(matches)
  if (!rule) throw new Error('No mock response matches these arguments; add one in the Tools panel.')
  return rule.response
}

const mocked = (name: string, description: string, parameters: ToolDefinition['parameters']): ToolDefinition => ({
  name,
  kind: 'external',
  description,
  parameters,
  run: (args, context: ToolContext) => pickMock(context.mocks[name], args),
})

export const webSearch = mocked('web_search', 'Search the web. Returns titles, URLs and snippets.', {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1 } },
  required: ['query'],
  additionalProperties: false,
})

export const webFetch = mocked('web_fetch', 'Fetch a web page and return its main text as Markdown.', {
  type: 'object',
  properties: { url: { type: 'string', pattern: '^https?://' } },
  required: ['url'],
  additionalProperties: false,
})

export const getWeather = mocked('get_weather', "Today's weather for a city the user named.", {
  type: 'object',
  properties: { city: { type: 'string', minLength: 1 } },
  required: ['city'],
  additionalProperties: false,
})

export const extractStructured = mocked('extract_structured', 'Extract named fields from a text as JSON.', {
  type: 'object',
  properties: { text: { type: 'string' }, fields: { type: 'array', items: { type: 'string' }, minItems: 1 } },
  required: ['text', 'fields'],
  additionalProperties: false,
})

/** The mock responses a new workspace starts with; the user edits them in the Tools panel. */
export const DEFAULT_MOCKS: Record<string, MockRule[]> = {
  web_search: [
    { when: { query: 'agent' }, response: { results: [{ title: 'What is an AI agent?', url: 'https://example.com/agents', snippet: 'An agent is a model that plans and calls tools in a loop.' }] } },
    { response: { results: [{ title: 'Search result', url: 'https://example.com/', snippet: 'A mocked result. Edit the web_search mocks to change it.' }] } },
  ],
  web_fetch: [{ response: { url: 'https://example.com/', markdown: '# Example page\n\nMocked page content.' } }],
  get_weather: [
    { when: { city: '北京' }, response: { city: '北京', condition: '小雨', temperature_c: { min: 12, max: 18 }, rain_probability: 0.8 } },
    { when: { city: 'paris' }, response: { city: 'Paris', condition: 'Sunny', temperature_c: { min: 9, max: 17 }, rain_probability: 0.05 } },
    { response: { condition: 'Cloudy', temperature_c: { min: 15, max: 22 }, rain_probability: 0.2 } },
  ],
  extract_structured: [{ response: { fields: {}, note: 'Mocked extraction. Edit the extract_structured mocks to return fields.' } }],
}

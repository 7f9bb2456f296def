import type { MockRule, ToolContext, ToolRun } from './types'

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

/** Runs a mocked tool: the first of the user's mock rules for it that matches the arguments. */
export const runMock =
  (name: string): ToolRun =>
  (args, context: ToolContext) =>
    pickMock(context.mocks[name], args)

/** The mock responses a new workspace starts with; the user edits them in the Tools panel. */
export const DEFAULT_MOCKS: Record<string, MockRule[]> = {
  web_search: [
    {
      when: { query: 'agent' },
      response: {
        results: [
          {
            title: 'What is an AI agent?',
            url: 'https://example.com/agents',
            snippet: 'An agent is a model that plans and calls tools in a loop.',
          },
        ],
      },
    },
    {
      response: {
        results: [
          { title: 'Search result', url: 'https://example.com/', snippet: 'A mocked result. Edit the web_search mocks to change it.' },
        ],
      },
    },
  ],
  web_fetch: [{ response: { url: 'https://example.com/', markdown: '# Example page\n\nMocked page content.' } }],
  get_weather: [
    { when: { city: '北京' }, response: { city: '北京', condition: '小雨', temperature_c: { min: 12, max: 18 }, rain_probability: 0.8 } },
    {
      when: { city: 'paris' },
      response: { city: 'Paris', condition: 'Sunny', temperature_c: { min: 9, max: 17 }, rain_probability: 0.05 },
    },
    { response: { condition: 'Cloudy', temperature_c: { min: 15, max: 22 }, rain_probability: 0.2 } },
  ],
  extract_structured: [{ response: { fields: {}, note: 'Mocked extraction. Edit the extract_structured mocks to return fields.' } }],
}

/**
 * Streams in the shapes the OpenAI-compatible servers teams run actually send, for the
 * compatibility matrix (server/modelCompatibility.test.ts, one e2e run in the page). Each shape
 * names the documentation or public issue it was rebuilt from; docs/model-compatibility.md has
 * the table of families × features they cover.
 */
import type { FakeReply } from './fakeOpenAI'

export type Family =
  | 'OpenAI'
  | 'Azure OpenAI'
  | 'Ollama'
  | 'vLLM'
  | 'llama.cpp server'
  | 'LiteLLM'
  | 'DeepSeek'
  | 'OpenRouter'
  | 'LM Studio'
  | 'Gemini (OpenAI-compatible)'
  | 'Other servers'

/** What the page should make of a shape: the assembled turn, or a clean error. */
export type Expected =
  | {
      text: string
      reasoning?: string
      toolCalls?: { name: string; arguments: unknown }[]
      usage?: { input: number; output: number }
    }
  | { error: RegExp }

export interface FamilyShape {
  family: Family
  /** What this stream shows. */
  shape: string
  /** Where the shape comes from. */
  source: string
  /** Failed in the page before issue 33 (each has a test that fails on the old client). */
  failedBefore?: true
  /** The upstream's answer to each request of the turn, in order (one, unless the first is refused). */
  reply: FakeReply | FakeReply[]
  expected: Expected
}

type Json = Record<string, unknown>

/** A chunk with the envelope every family sends, plus the family's own fields. */
function chunk(delta: Json, finish: string | null = null, extra: { choice?: Json; top?: Json } = {}): Json {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1_760_000_000,
    model: 'test-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, ...extra.choice }],
    ...extra.top,
  }
}

/** The usage-only last chunk (`stream_options.include_usage`): no choices, the counts. */
const usageChunk = (input: number, output: number, more: Json = {}): Json => ({
  id: 'chatcmpl-1',
  object: 'chat.completion.chunk',
  created: 1_760_000_000,
  model: 'test-model',
  choices: [],
  usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output, ...more },
})

const pieces = (text: string, size = 6): Json[] =>
  (text.match(new RegExp(`[^]{1,${size}}`, 'gu')) ?? []).map((piece) => chunk({ content: piece }))

const events = (list: (Json | string)[], options: { done?: boolean; end?: 'close' | 'drop' } = {}): FakeReply => ({
  kind: 'events',
  events: list,
  ...options,
})

const CALC = '{"expression": "2+2"}'
const WEATHER = '{"city": "Paris"}'
const calc = { name: 'calculator', arguments: { expression: '2+2' } }
const weather = { name: 'get_weather', arguments: { city: 'Paris' } }

const azureFilter = {
  hate: { filtered: false, severity: 'safe' },
  self_harm: { filtered: false, severity: 'safe' },
  sexual: { filtered: false, severity: 'safe' },
  violence: { filtered: false, severity: 'safe' },
}

export const FAMILY_SHAPES: FamilyShape[] = [
  {
    family: 'OpenAI',
    shape: 'text in pieces, finish_reason, a usage-only last chunk',
    source: 'OpenAI API reference, "The chat completion chunk object" and stream_options.include_usage',
    reply: events([
      chunk({ role: 'assistant', content: '', refusal: null }),
      ...pieces('The answer is 4.'),
      chunk({}, 'stop'),
      usageChunk(21, 6, { prompt_tokens_details: { cached_tokens: 0 }, completion_tokens_details: { reasoning_tokens: 0 } }),
    ]),
    expected: { text: 'The answer is 4.', usage: { input: 21, output: 6 } },
  },
  {
    family: 'OpenAI',
    shape: 'two parallel calls, indexes 0 and 1, arguments streamed in pieces',
    source: 'OpenAI function-calling guide, "Streaming" (tool_calls deltas keyed by index)',
    reply: events([
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'calculator', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: CALC.slice(0, 9) } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: CALC.slice(9) } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: WEATHER } }] }),
      chunk({}, 'tool_calls'),
      usageChunk(80, 40),
    ]),
    expected: { text: '', toolCalls: [calc, weather], usage: { input: 80, output: 40 } },
  },
  {
    family: 'Azure OpenAI',
    shape: 'a first chunk with no choices (prompt_filter_results), content_filter_results on every choice',
    source: 'Azure OpenAI docs, content filtering in streaming (prompt_filter_results, content_filter_results)',
    reply: events([
      {
        id: '',
        object: '',
        created: 0,
        model: '',
        choices: [],
        prompt_filter_results: [{ prompt_index: 0, content_filter_results: azureFilter }],
      },
      chunk({ role: 'assistant', content: '' }, null, { choice: { content_filter_results: {} } }),
      ...pieces('Bonjour, voilà.').map((each) => ({
        ...each,
        choices: [{ ...(each.choices as Json[])[0], content_filter_results: azureFilter }],
      })),
      chunk({}, 'stop', { choice: { content_filter_results: {} } }),
      usageChunk(12, 5),
    ]),
    expected: { text: 'Bonjour, voilà.', usage: { input: 12, output: 5 } },
  },
  {
    family: 'Azure OpenAI',
    shape: 'a tool call among content-filter chunks',
    source: 'Azure OpenAI docs, function calling with streaming',
    reply: events([
      {
        id: '',
        object: '',
        created: 0,
        model: '',
        choices: [],
        prompt_filter_results: [{ prompt_index: 0, content_filter_results: azureFilter }],
      },
      chunk({
        role: 'assistant',
        content: null,
        tool_calls: [{ index: 0, id: 'call_az', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: WEATHER } }] }),
      chunk({}, 'tool_calls'),
      usageChunk(50, 12),
    ]),
    expected: { text: '', toolCalls: [weather], usage: { input: 50, output: 12 } },
  },
  {
    family: 'Azure OpenAI',
    shape: 'an api-version before 2024-09-01 refuses stream_options with a 400: asked again without it',
    source: 'Azure OpenAI docs, API version lifecycle (stream_options from 2024-09-01-preview)',
    failedBefore: true,
    reply: [
      { kind: 'status', status: 400, message: 'Unrecognized request argument supplied: stream_options' },
      events([chunk({ role: 'assistant', content: '' }), ...pieces('Older Azure.'), chunk({}, 'stop')]),
    ],
    expected: { text: 'Older Azure.' },
  },
  {
    family: 'Ollama',
    shape: 'text with finish_reason "" until the last chunk, system_fingerprint fp_ollama, usage',
    source: 'ollama/ollama#4357 (empty finish_reason while streaming); Ollama OpenAI-compatibility docs',
    reply: events([
      ...pieces('Hello there!').map((each) => ({
        ...each,
        system_fingerprint: 'fp_ollama',
        choices: [
          { index: 0, delta: { role: 'assistant', content: ((each.choices as Json[])[0]!.delta as Json).content }, finish_reason: '' },
        ],
      })),
      chunk({ role: 'assistant', content: '' }, 'stop', { top: { system_fingerprint: 'fp_ollama' } }),
      usageChunk(30, 4),
    ]),
    expected: { text: 'Hello there!', usage: { input: 30, output: 4 } },
  },
  {
    family: 'Ollama',
    shape: 'two whole calls, one per chunk, both with index 0 and distinct ids',
    source: 'ollama/ollama#15457 and #15497 (index always 0 for several calls); vercel/ai#14277',
    failedBefore: true,
    reply: events([
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'call_k2xq', index: 0, type: 'function', function: { name: 'calculator', arguments: CALC } }],
      }),
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'call_9fzw', index: 0, type: 'function', function: { name: 'calculator', arguments: '{"expression": "3*3"}' } }],
      }),
      chunk({ role: 'assistant', content: '' }, 'tool_calls'),
      usageChunk(90, 30),
    ]),
    expected: {
      text: '',
      toolCalls: [calc, { name: 'calculator', arguments: { expression: '3*3' } }],
      usage: { input: 90, output: 30 },
    },
  },
  {
    family: 'Ollama',
    shape: 'a whole call in one chunk without index (before 0.4.7), finish_reason "stop"',
    source: 'ollama/ollama#7881 (tool calls have no index)',
    failedBefore: true,
    reply: events([
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [{ id: 'call_w1', type: 'function', function: { name: 'get_weather', arguments: WEATHER } }],
      }),
      chunk({ role: 'assistant', content: '' }, 'stop'),
    ]),
    expected: { text: '', toolCalls: [weather] },
  },
  {
    family: 'Ollama',
    shape: 'a thinking model: delta.reasoning, then the answer',
    source: 'Ollama OpenAI-compatibility docs (reasoning field for thinking models)',
    reply: events([
      chunk({ role: 'assistant', content: '', reasoning: 'Two plus two ' }),
      chunk({ role: 'assistant', content: '', reasoning: 'is four.' }),
      ...pieces('It is 4.'),
      chunk({ role: 'assistant', content: '' }, 'stop'),
      usageChunk(15, 20),
    ]),
    expected: { text: 'It is 4.', reasoning: 'Two plus two is four.', usage: { input: 15, output: 20 } },
  },
  {
    family: 'vLLM',
    shape: 'the name first, then argument diffs (some empty), a usage-only last chunk',
    source: 'vllm-project/vllm#9693 (a maintainer describes the tool-call stream); vLLM tool-calling docs',
    reply: events([
      chunk({ role: 'assistant', content: '' }),
      chunk({ tool_calls: [{ index: 0, id: 'chatcmpl-tool-5e1', type: 'function', function: { name: 'calculator' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"expression": "' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '2+2"}' } }] }),
      chunk({ content: '' }, 'tool_calls'),
      usageChunk(120, 22),
    ]),
    expected: { text: '', toolCalls: [calc], usage: { input: 120, output: 22 } },
  },
  {
    family: 'vLLM',
    shape: 'a reasoning parser: delta.reasoning, then content',
    source: 'vLLM reasoning-outputs docs; strands-agents/sdk-python#2354 (vLLM reasoning deltas)',
    reply: events([
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning: 'The user greets me.' }),
      ...pieces('Hi!'),
      chunk({}, 'stop'),
      usageChunk(9, 11),
    ]),
    expected: { text: 'Hi!', reasoning: 'The user greets me.', usage: { input: 9, output: 11 } },
  },
  {
    family: 'vLLM',
    shape: 'an error sent as a chunk mid-stream ({"error": {…}}), then [DONE]',
    source: 'vLLM OpenAI server: create_streaming_error_response',
    reply: events([
      chunk({ role: 'assistant', content: '' }),
      ...pieces('Partial'),
      { error: { message: 'The decoder ran out of KV cache blocks.', type: 'InternalServerError', param: null, code: 500 } },
    ]),
    expected: { error: /^The model server answered an error: The decoder ran out of KV cache blocks\.$/ },
  },
  {
    family: 'llama.cpp server',
    shape: 'the function name repeated in every delta (builds before May 2025)',
    source: 'ggml-org/llama.cpp#13774, fixed by #13800 ("return tool_call.function.name as a delta, not repeated")',
    failedBefore: true,
    reply: events([
      chunk({ role: 'assistant', content: null }),
      ...['{"expr', 'ession', '": "2', '+2"}'].map((part, i) =>
        chunk({
          tool_calls: [
            { index: 0, ...(i === 0 ? { id: 'lcpp_1', type: 'function' } : {}), function: { name: 'calculator', arguments: part } },
          ],
        }),
      ),
      chunk({}, 'tool_calls', {
        top: { usage: { prompt_tokens: 64, completion_tokens: 18, total_tokens: 82 }, timings: { prompt_n: 64, predicted_n: 18 } },
      }),
    ]),
    expected: { text: '', toolCalls: [calc], usage: { input: 64, output: 18 } },
  },
  {
    family: 'llama.cpp server',
    shape: 'reasoning_content (--reasoning-format deepseek), then a tool call; usage and timings on the last chunk',
    source: 'ggml-org/llama.cpp#12379 (streaming of tool calls and thoughts with --jinja) and #13800',
    reply: events([
      chunk({ role: 'assistant', content: null }),
      chunk({ reasoning_content: 'I should use the ' }),
      chunk({ reasoning_content: 'weather tool.' }),
      chunk({ tool_calls: [{ index: 0, id: 'lcpp_2', type: 'function', function: { name: 'get_weather', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: WEATHER } }] }),
      chunk({}, 'tool_calls', {
        top: { usage: { prompt_tokens: 70, completion_tokens: 25, total_tokens: 95 }, timings: { prompt_n: 70, predicted_n: 25 } },
      }),
    ]),
    expected: { text: '', reasoning: 'I should use the weather tool.', toolCalls: [weather], usage: { input: 70, output: 25 } },
  },
  {
    family: 'LiteLLM',
    shape: 'finish_reason left out while null, a different chunk id per chunk, usage on the last chunk',
    source: 'BerriAI/liteLLM-proxy#19 (finish_reason missing when None); BerriAI/litellm#1571 (chunk ids differ)',
    reply: events([
      ...pieces('Routed through LiteLLM.').map((each, i) => ({
        ...each,
        id: `chatcmpl-${i}`,
        choices: [{ index: 0, delta: (each.choices as Json[])[0]!.delta }],
      })),
      { ...chunk({}, 'stop'), id: 'chatcmpl-last', usage: { prompt_tokens: 40, completion_tokens: 7, total_tokens: 47 } },
    ]),
    expected: { text: 'Routed through LiteLLM.', usage: { input: 40, output: 7 } },
  },
  {
    family: 'LiteLLM',
    shape: 'two calls from an Ollama model, every delta with index 0, each call with its own id',
    source: 'BerriAI/litellm#33678 (ollama_chat streaming emits index=0 for every tool call)',
    failedBefore: true,
    reply: events([
      chunk({
        role: 'assistant',
        tool_calls: [{ index: 0, id: 'call_lt1', type: 'function', function: { name: 'get_weather', arguments: WEATHER } }],
      }),
      chunk({
        tool_calls: [{ index: 0, id: 'call_lt2', type: 'function', function: { name: 'get_weather', arguments: '{"city": "Rome"}' } }],
      }),
      { ...chunk({}, 'tool_calls'), usage: { prompt_tokens: 55, completion_tokens: 21, total_tokens: 76 } },
    ]),
    expected: {
      text: '',
      toolCalls: [weather, { name: 'get_weather', arguments: { city: 'Rome' } }],
      usage: { input: 55, output: 21 },
    },
  },
  {
    family: 'DeepSeek',
    shape: 'deepseek-reasoner: reasoning_content (content null), then content (reasoning_content null), cache usage',
    source: 'DeepSeek API docs, "Reasoning Model (deepseek-reasoner)" streaming example',
    reply: events([
      chunk({ role: 'assistant', content: null, reasoning_content: '' }),
      chunk({ content: null, reasoning_content: 'Nine is three ' }),
      chunk({ content: null, reasoning_content: 'squared.' }),
      chunk({ content: 'The square root of 9 is 3.', reasoning_content: null }),
      chunk({ content: '', reasoning_content: null }, 'stop'),
      usageChunk(14, 30, { prompt_cache_hit_tokens: 0, prompt_cache_miss_tokens: 14, completion_tokens_details: { reasoning_tokens: 22 } }),
    ]),
    expected: { text: 'The square root of 9 is 3.', reasoning: 'Nine is three squared.', usage: { input: 14, output: 30 } },
  },
  {
    family: 'DeepSeek',
    shape: 'deepseek-chat: a tool call with index, id and name in the first delta',
    source: 'DeepSeek API docs, "Function Calling"',
    reply: events([
      chunk({
        role: 'assistant',
        content: '',
        tool_calls: [{ index: 0, id: 'call_0_4bd1', type: 'function', function: { name: 'calculator', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: CALC } }] }),
      chunk({ content: '' }, 'tool_calls'),
      usageChunk(100, 20, { prompt_cache_hit_tokens: 64, prompt_cache_miss_tokens: 36 }),
    ]),
    expected: { text: '', toolCalls: [calc], usage: { input: 100, output: 20 } },
  },
  {
    family: 'OpenRouter',
    shape: 'SSE comments while processing, reasoning with reasoning_details, usage in the last chunk',
    source: 'OpenRouter docs, "Streaming" (": OPENROUTER PROCESSING" comments) and "Reasoning Tokens" (reasoning, reasoning_details)',
    reply: events([
      ': OPENROUTER PROCESSING',
      ': OPENROUTER PROCESSING',
      chunk({
        role: 'assistant',
        content: '',
        reasoning: 'Short question, ',
        reasoning_details: [{ type: 'reasoning.text', text: 'Short question, ' }],
      }),
      chunk({
        role: 'assistant',
        content: '',
        reasoning: 'short answer.',
        reasoning_details: [{ type: 'reasoning.text', text: 'short answer.' }],
      }),
      ...pieces('Yes.'),
      chunk({ role: 'assistant', content: '' }, 'stop', { choice: { native_finish_reason: 'stop' } }),
      { ...usageChunk(25, 9), provider: 'OpenAI' },
    ]),
    expected: { text: 'Yes.', reasoning: 'Short question, short answer.', usage: { input: 25, output: 9 } },
  },
  {
    family: 'OpenRouter',
    shape: 'an error mid-stream: a chunk with error and finish_reason "error"',
    source: 'OpenRouter docs, "Streaming", error handling during streaming',
    reply: events([
      ...pieces('I will'),
      {
        id: 'gen-1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'openai/gpt-4o',
        provider: 'openai',
        error: { code: 'server_error', message: 'Provider disconnected unexpectedly' },
        choices: [{ index: 0, delta: { content: '' }, finish_reason: 'error' }],
      },
    ]),
    expected: { error: /^The model server answered an error: Provider disconnected unexpectedly$/ },
  },
  {
    family: 'LM Studio',
    shape: '<think>…</think> in content, tags split across chunks (reasoning not separated)',
    source: 'LM Studio docs, "reasoning_content" setting (off: the think block stays in content); DeepSeek-R1 distills',
    failedBefore: true,
    reply: events([
      chunk({ role: 'assistant', content: '<thi' }),
      chunk({ content: 'nk>\nThe user wants ' }),
      chunk({ content: 'a sum.</th' }),
      chunk({ content: 'ink>\n\nThe sum ' }),
      chunk({ content: 'is 4.' }),
      chunk({}, 'stop'),
    ]),
    expected: { text: 'The sum is 4.', reasoning: 'The user wants a sum.' },
  },
  {
    family: 'LM Studio',
    shape: 'a tool call: id, name and empty arguments first, then the arguments',
    source: 'LM Studio docs, "Tool Use" (streaming tool calls)',
    reply: events([
      chunk({
        role: 'assistant',
        tool_calls: [{ index: 0, id: '365174485', type: 'function', function: { name: 'get_weather', arguments: '' } }],
      }),
      chunk({ tool_calls: [{ index: 0, type: 'function', function: { arguments: '{"city":' } }] }),
      chunk({ tool_calls: [{ index: 0, type: 'function', function: { arguments: ' "Paris"}' } }] }),
      chunk({}, 'tool_calls'),
    ]),
    expected: { text: '', toolCalls: [weather] },
  },
  {
    family: 'Gemini (OpenAI-compatible)',
    shape: 'two whole calls in one delta, without index; finish_reason and usage on the last chunk',
    source:
      'noho/dayu-agent#45 (captured stream: no index, each call whole, extra_content.google.thought_signature); AstrBotDevs/AstrBot#6692',
    failedBefore: true,
    reply: events([
      chunk({
        role: 'assistant',
        tool_calls: [
          {
            function: { arguments: CALC, name: 'calculator' },
            id: 'jm4owj31',
            type: 'function',
            extra_content: { google: { thought_signature: 'EjQKMgEMOdbH' } },
          },
          { function: { arguments: WEATHER, name: 'get_weather' }, id: 'k8c2pq90', type: 'function' },
        ],
      }),
      chunk({}, 'tool_calls', { top: { usage: { prompt_tokens: 60, completion_tokens: 14, total_tokens: 74 } } }),
    ]),
    expected: { text: '', toolCalls: [calc, weather], usage: { input: 60, output: 14 } },
  },
  {
    family: 'Gemini (OpenAI-compatible)',
    shape: 'text, then finish_reason and usage in the same last chunk',
    source: 'Gemini API docs, "OpenAI compatibility" (streaming)',
    reply: events([
      chunk({ role: 'assistant', content: 'Gemini ' }),
      chunk({ role: 'assistant', content: 'here.' }),
      chunk({ role: 'assistant', content: '' }, 'stop', { top: { usage: { prompt_tokens: 8, completion_tokens: 3, total_tokens: 11 } } }),
    ]),
    expected: { text: 'Gemini here.', usage: { input: 8, output: 3 } },
  },
  {
    family: 'Other servers',
    shape: 'one call split across chunks without index (id and name first, arguments after)',
    source: 'chatanywhere/GPT_API_free#254 (index missing from tool_calls); SamSaffron/term-llm#314',
    failedBefore: true,
    reply: events([
      chunk({ role: 'assistant', tool_calls: [{ id: 'call_Un1', type: 'function', function: { name: 'calculator', arguments: '' } }] }),
      chunk({ tool_calls: [{ function: { arguments: CALC.slice(0, 10) } }] }),
      chunk({ tool_calls: [{ function: { arguments: CALC.slice(10) } }] }),
      chunk({}, 'tool_calls'),
    ]),
    expected: { text: '', toolCalls: [calc] },
  },
  {
    family: 'Other servers',
    shape: 'no finish_reason at all, usage in every chunk, then [DONE]',
    source: 'alfredapp/openai-workflow#52 (a server that never sends finish_reason); mudler/LocalAI#1194',
    failedBefore: true,
    reply: events(
      ['No ', 'finish ', 'reason.'].map((piece, i) => ({
        object: 'chat.completion.chunk',
        model: 'xxxx-turbo',
        choices: [{ index: 0, delta: { role: 'assistant', content: piece } }],
        usage: { prompt_tokens: 33, completion_tokens: 2 * (i + 1), total_tokens: 33 + 2 * (i + 1) },
      })),
    ),
    expected: { text: 'No finish reason.', usage: { input: 33, output: 6 } },
  },
  {
    family: 'Other servers',
    shape: 'a whole JSON chat.completion answering a streaming request',
    source: 'BaseIntelligence/bounty-challenge#17821 and others (the stream flag ignored)',
    failedBefore: true,
    reply: {
      kind: 'body',
      contentType: 'application/json',
      body: JSON.stringify(
        {
          id: 'chatcmpl-whole',
          object: 'chat.completion',
          created: 1,
          model: 'test-model',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: 'Whole reply.',
                tool_calls: [{ id: 'call_j1', type: 'function', function: { name: 'calculator', arguments: CALC } }],
              },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
        },
        null,
        2,
      ),
    },
    expected: { text: 'Whole reply.', toolCalls: [calc], usage: { input: 10, output: 5 } },
  },
  {
    family: 'Other servers',
    shape: 'arguments as a JSON object instead of a string',
    source: 'Ollama native /api/chat sends arguments as an object; adapters that pass it on (e.g. BerriAI/litellm ollama_chat)',
    failedBefore: true,
    reply: events([
      chunk({
        role: 'assistant',
        tool_calls: [{ index: 0, id: 'call_o1', type: 'function', function: { name: 'get_weather', arguments: { city: 'Paris' } } }],
      }),
      chunk({}, 'tool_calls'),
    ]),
    expected: { text: '', toolCalls: [weather] },
  },
  {
    family: 'Other servers',
    shape: 'the connection cut mid-reply: no finish_reason, no [DONE]',
    source: 'a dropped connection (the one shape that must still say "dropped")',
    reply: events([chunk({ role: 'assistant', content: '' }), ...pieces('Half an ans')], { done: false, end: 'drop' }),
    expected: { error: /connection dropped/ },
  },
  {
    family: 'Other servers',
    shape: 'the body ends cleanly with neither finish_reason nor [DONE]',
    source: 'a proxy that closes the response early',
    reply: events([chunk({ role: 'assistant', content: '' }), ...pieces('Half an ans')], { done: false }),
    expected: { error: /^The stream ended before the model finished \(the connection dropped\)\.$/ },
  },
]

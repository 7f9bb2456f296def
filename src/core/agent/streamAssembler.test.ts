import { describe, expect, it } from 'vitest'
import { MAX_STREAMED_TOOL_CALLS, StreamAssembler } from './streamAssembler'

const chunk = (delta: object, finish: string | null = null) => ({ choices: [{ index: 0, delta, finish_reason: finish }] })

/** Assembles these chunks, with `[DONE]` at the end unless told otherwise. */
function assemble(chunks: unknown[], { done = true } = {}) {
  let streamed = ''
  const assembler = new StreamAssembler((piece) => {
    streamed += piece
  })
  for (const each of chunks) assembler.push(each)
  if (done) assembler.done()
  return { ...assembler.result(), streamed }
}

const calls = (turn: ReturnType<typeof assemble>) => turn.toolCalls.map((call) => [call.id, call.name, call.arguments])

describe('tool-call deltas', () => {
  it('a delta without index continues the current call, unless it brings a new id or a new name', () => {
    const turn = assemble([
      chunk({ tool_calls: [{ id: 'a', function: { name: 'calculator', arguments: '{"expression":' } }] }),
      chunk({ tool_calls: [{ function: { arguments: ' "1+1"}' } }] }),
      chunk({ tool_calls: [{ id: 'b', function: { name: 'calculator', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] }),
      chunk({ tool_calls: [{ function: { name: 'get_weather', arguments: '' } }] }),
    ])
    expect(calls(turn)).toEqual([
      ['a', 'calculator', '{"expression": "1+1"}'],
      ['b', 'calculator', '{}'],
      ['call_3', 'get_weather', '{"city":"Oslo"}'],
    ])
  })

  it('calls with distinct ids are distinct whatever their index; a repeated id continues its call', () => {
    const turn = assemble([
      chunk({ tool_calls: [{ index: 0, id: 'x', function: { name: 'calculator', arguments: '{"expression":"1"}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'y', function: { name: 'calculator', arguments: '{"expression":' } }] }),
      chunk({ tool_calls: [{ index: 0, id: 'y', function: { arguments: '"2"}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '' } }] }),
    ])
    expect(calls(turn)).toEqual([
      ['x', 'calculator', '{"expression":"1"}'],
      ['y', 'calculator', '{"expression":"2"}'],
    ])
  })

  it('a name equal to the call’s own is not appended; a name in pieces before the arguments is joined', () => {
    const repeated = assemble(
      ['{"a":', '1}'].map((part) => chunk({ tool_calls: [{ index: 0, function: { name: 'calculator', arguments: part } }] })),
    )
    expect(calls(repeated)).toEqual([['call_1', 'calculator', '{"a":1}']])
    const pieces = assemble([
      chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'get_' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'weather' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{}' } }] }),
    ])
    expect(calls(pieces)).toEqual([['c', 'get_weather', '{}']])
  })

  it('another name at the same index once a call has its arguments is another call (no ids)', () => {
    const turn = assemble([
      chunk({ tool_calls: [{ index: 0, function: { name: 'calculator', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { name: 'get_weather', arguments: '{}' } }] }),
    ])
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['calculator', 'get_weather'])
  })

  it('several entries in one delta are several calls, even without index or id', () => {
    const turn = assemble([
      chunk({
        tool_calls: [
          { function: { name: 'calculator', arguments: '{"expression":"1"}' } },
          { function: { name: 'calculator', arguments: '{"expression":"2"}' } },
        ],
      }),
    ])
    expect(calls(turn)).toEqual([
      ['call_1', 'calculator', '{"expression":"1"}'],
      ['call_2', 'calculator', '{"expression":"2"}'],
    ])
  })

  it('object arguments are serialised; the legacy function_call is read as a call', () => {
    expect(
      calls(assemble([chunk({ tool_calls: [{ index: 0, id: 'o', function: { name: 'f', arguments: { a: [1, { b: 2 }] } } }] })])),
    ).toEqual([['o', 'f', '{"a":[1,{"b":2}]}']])
    expect(
      calls(assemble([chunk({ function_call: { name: 'f', arguments: '{"x":' } }), chunk({ function_call: { arguments: '1}' } })])),
    ).toEqual([['call_1', 'f', '{"x":1}']])
  })

  it('refuses indexes that are not small integers ("__proto__" never reaches a prototype) and stops at the call limit', () => {
    const odd = assemble([
      chunk({ tool_calls: [{ index: '__proto__', id: 'p', function: { name: 'x', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: -1, id: 'q', function: { name: 'x', arguments: '{}' } }] }),
      chunk({ tool_calls: [{ index: 1.5, id: 'r', function: { name: 'x', arguments: '{}' } }] }),
    ])
    expect(odd.toolCalls).toEqual([])
    expect(({} as { id?: unknown }).id).toBeUndefined()
    const many = assemble([
      chunk({
        tool_calls: Array.from({ length: MAX_STREAMED_TOOL_CALLS + 50 }, (_, i) => ({
          id: `c${i}`,
          function: { name: 'f', arguments: '{}' },
        })),
      }),
    ])
    expect(many.toolCalls).toHaveLength(MAX_STREAMED_TOOL_CALLS)
  })

  it('a whole completion (message, not delta) is one chunk whose calls are each complete', () => {
    const turn = assemble(
      [
        {
          object: 'chat.completion',
          choices: [
            {
              message: {
                content: 'Two calls.',
                reasoning_content: 'Both are needed.',
                tool_calls: [
                  { type: 'function', function: { name: 'f', arguments: '{"n":1}' } },
                  { type: 'function', function: { name: 'f', arguments: '{"n":2}' } },
                ],
              },
              finish_reason: 'tool_calls',
            },
          ],
          usage: { prompt_tokens: 3, completion_tokens: 4 },
        },
      ],
      { done: false },
    )
    expect(turn).toMatchObject({ text: 'Two calls.', reasoning: 'Both are needed.', finished: true, usage: { input: 3, output: 4 } })
    expect(calls(turn)).toEqual([
      ['call_1', 'f', '{"n":1}'],
      ['call_2', 'f', '{"n":2}'],
    ])
  })
})

describe('the end of a turn', () => {
  it('[DONE] or a finish_reason ends a turn; neither is a cut-off stream; an empty finish_reason is not one', () => {
    expect(assemble([chunk({ content: 'hi' })]).finished).toBe(true)
    expect(assemble([chunk({ content: 'hi' }, 'stop')], { done: false }).finished).toBe(true)
    expect(assemble([chunk({ content: 'hi' }, '')], { done: false }).finished).toBe(false)
    expect(assemble([chunk({ content: 'hi' })], { done: false }).finished).toBe(false)
  })

  it('keeps an error the server streamed in its own words', () => {
    expect(assemble([{ object: 'error', message: 'Out of memory', type: 'InternalServerError', code: 500 }]).error).toBe('Out of memory')
    expect(assemble([chunk({ content: 'x' }, 'error')]).error).toMatch(/ended the reply with an error/)
  })

  it('reads usage from the usage chunk, or from the choice where a server puts it there', () => {
    expect(assemble([chunk({ content: 'x' }, 'stop'), { choices: [], usage: { prompt_tokens: 5, completion_tokens: 1 } }]).usage).toEqual({
      input: 5,
      output: 1,
    })
    expect(
      assemble([{ choices: [{ delta: { content: 'x' }, finish_reason: 'stop', usage: { prompt_tokens: 2, completion_tokens: 9 } }] }])
        .usage,
    ).toEqual({ input: 2, output: 9 })
    expect(assemble([{ choices: [], usage: { prompt_tokens: 'many' } }]).usage).toBeUndefined()
  })
})

describe('reasoning', () => {
  const answer = '<think>\nStep one. Step two.\n</think>\n\nThe answer is 4.'

  it('a <think> block split anywhere across chunks is reasoning, never the answer or the live text', () => {
    for (let cut = 0; cut <= answer.length; cut++) {
      for (const second of [cut, Math.min(answer.length, cut + 3)]) {
        const parts = [answer.slice(0, cut), answer.slice(cut, second), answer.slice(second)]
        const turn = assemble(parts.map((part) => chunk({ content: part })))
        expect({ cut, second, text: turn.text, reasoning: turn.reasoning, streamed: turn.streamed }).toEqual({
          cut,
          second,
          text: 'The answer is 4.',
          reasoning: 'Step one. Step two.',
          streamed: 'The answer is 4.',
        })
      }
    }
  })

  it('only a block at the start (or right after another) is reasoning; later tags are the answer’s text', () => {
    expect(assemble([chunk({ content: '<thought>Gemini thinks.</thought>Hi. <think>literal</think>' })])).toMatchObject({
      text: 'Hi. <think>literal</think>',
      reasoning: 'Gemini thinks.',
    })
    expect(assemble([chunk({ content: '<think>a</think><think>b</think>c' })])).toMatchObject({ text: 'c', reasoning: 'ab' })
    expect(assemble([chunk({ content: '<thinking is fun' })])).toMatchObject({ text: '<thinking is fun', reasoning: '' })
    expect(assemble([chunk({ content: '<thi' })])).toMatchObject({ text: '<thi', reasoning: '' })
  })

  it('an unclosed block is all reasoning; a closing tag alone (the template opened it) splits the reply', () => {
    expect(assemble([chunk({ content: '<think>cut off by max_tokens' })])).toMatchObject({ text: '', reasoning: 'cut off by max_tokens' })
    expect(assemble([chunk({ content: 'The template opened it.</think>\n\nAnswer.' })])).toMatchObject({
      text: 'Answer.',
      reasoning: 'The template opened it.',
    })
  })

  it('reads reasoning_content, reasoning, reasoning_details and Mistral’s thinking parts, once each', () => {
    expect(assemble([chunk({ reasoning_content: 'a' }), chunk({ reasoning: 'b' }), chunk({ content: 'x' })]).reasoning).toBe('ab')
    // OpenRouter sends the same words as reasoning and as reasoning_details: read once.
    expect(assemble([chunk({ reasoning: 'once', reasoning_details: [{ type: 'reasoning.text', text: 'once' }] })]).reasoning).toBe('once')
    expect(
      assemble([
        chunk({
          reasoning_details: [
            { type: 'reasoning.summary', summary: 'sum' },
            { type: 'reasoning.encrypted', data: 'xx' },
          ],
        }),
      ]).reasoning,
    ).toBe('sum')
    expect(
      assemble([
        chunk({
          content: [
            { type: 'thinking', thinking: [{ type: 'text', text: 'hmm' }] },
            { type: 'text', text: 'Done.' },
          ],
        }),
      ]),
    ).toMatchObject({ text: 'Done.', reasoning: 'hmm' })
  })
})

describe('reasoning as it streams', () => {
  it('passes each piece of reasoning on as it arrives, from the fields and from <think> blocks alike', () => {
    const pieces: string[] = []
    const assembler = new StreamAssembler(
      () => {},
      (piece) => pieces.push(piece),
    )
    for (const each of [
      chunk({ reasoning_content: 'One. ' }),
      chunk({ content: '<think>Two' }),
      chunk({ content: ' three.</think>Done.' }),
    ])
      assembler.push(each)
    assembler.done()
    const turn = assembler.result()
    expect(pieces.join('')).toBe('One. Two three.')
    expect(pieces.length).toBeGreaterThan(1)
    expect(turn).toMatchObject({ text: 'Done.', reasoning: 'One. Two three.' })
  })
})

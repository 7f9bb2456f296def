/**
 * Rubric statements graded against a transcript: by a model (the run's own or a separate grader),
 * which answers pass/fail with a quote as evidence; or, with the scripted model, by a simulated
 * grader that only checks that the statement's words appear in the transcript, and says so.
 */
import type { ModelClient, TraceEvent } from '../agent'
import type { AssertionResult } from './checkExpectations'

/** The transcript the grader reads: each turn's message, the tool calls and results, the answers. */
export function transcriptText(firstUtterance: string, events: readonly TraceEvent[]): string {
  const lines = [`User: ${firstUtterance}`]
  for (const event of events) {
    if (event.type === 'turn') lines.push(`User: ${event.utterance}`)
    if (event.type === 'tool' || event.type === 'execute')
      lines.push(
        `Tool ${event.tool}(${event.arguments}) → ${event.error ? `error: ${event.error.message}` : JSON.stringify(event.result)}`.slice(
          0,
          2000,
        ),
      )
    if (event.type === 'final') lines.push(`Assistant: ${event.text}`)
    if (event.type === 'stopped') lines.push(`(stopped: ${event.message})`)
  }
  return lines.join('\n')
}

const GRADER_PROMPT = `You grade an AI assistant's transcript against statements. For each statement decide whether the transcript shows it is true.
Answer with JSON only, no prose: [{"statement": "<the statement>", "pass": true or false, "evidence": "<an exact quote from the transcript, or empty>"}]`

/** Words a statement turns on: Latin words of 4+ letters (no filler), and pairs of CJK characters. */
function terms(statement: string): string[] {
  const filler = new Set([
    'that',
    'this',
    'with',
    'from',
    'should',
    'does',
    'have',
    'their',
    'answer',
    'output',
    'user',
    'assistant',
    'includes',
    'include',
    'mentions',
    'about',
    'when',
    'which',
    'what',
  ])
  const latin = (statement.toLowerCase().match(/[a-z0-9][a-z0-9_-]{3,}/g) ?? []).filter((word) => !filler.has(word))
  const cjk = statement.match(/[\u3400-\u9fff]+/g) ?? []
  const pairs = cjk.flatMap((run) => (run.length === 1 ? [run] : [...run].slice(0, -1).map((char, i) => char + run[i + 1])))
  return [...new Set([...latin, ...pairs])]
}

function simulatedGrade(statement: string, transcript: string): AssertionResult {
  const lower = transcript.toLowerCase()
  const wanted = terms(statement)
  const found = wanted.filter((term) => lower.includes(term))
  const passed = wanted.length > 0 && found.length * 2 >= wanted.length
  const evidenceLine = transcript.split('\n').find((line) => found.some((term) => line.toLowerCase().includes(term))) ?? ''
  return {
    assertion: `rubric: ${statement}`,
    passed,
    detail: `simulated grader (word overlap ${found.length}/${wanted.length})${evidenceLine ? `: “${evidenceLine.slice(0, 160)}”` : ''}`,
  }
}

export async function gradeRubric(
  statements: readonly string[],
  transcript: string,
  grader: ModelClient | null,
  signal: AbortSignal,
): Promise<AssertionResult[]> {
  if (statements.length === 0) return []
  if (!grader) return statements.map((statement) => simulatedGrade(statement, transcript))
  let text = ''
  try {
    const reply = await grader.complete({
      messages: [
        { role: 'system', content: GRADER_PROMPT },
        { role: 'user', content: `Transcript:\n${transcript}\n\nStatements:\n${statements.map((s, i) => `${i + 1}. ${s}`).join('\n')}` },
      ],
      tools: [],
      protocol: 'native',
      signal,
      onText: () => {},
    })
    text = reply.text
  } catch (error) {
    const problem = error instanceof Error ? error.message : String(error)
    return statements.map((statement) => ({ assertion: `rubric: ${statement}`, passed: false, detail: `the grader failed: ${problem}` }))
  }
  const json = /\[[\s\S]*\]/.exec(text)?.[0]
  let verdicts: { statement?: unknown; pass?: unknown; evidence?: unknown }[] = []
  try {
    const parsed: unknown = json ? JSON.parse(json) : null
    if (Array.isArray(parsed)) verdicts = parsed as typeof verdicts
  } catch {
    verdicts = []
  }
  return statements.map((statement, index) => {
    const verdict = verdicts.find((entry) => entry.statement === statement) ?? verdicts[index]
    if (!verdict || typeof verdict.pass !== 'boolean')
      return { assertion: `rubric: ${statement}`, passed: false, detail: `the grader gave no verdict: ${text.slice(0, 160)}` }
    const evidence = typeof verdict.evidence === 'string' ? verdict.evidence : ''
    return { assertion: `rubric: ${statement}`, passed: verdict.pass, detail: evidence ? `“${evidence.slice(0, 200)}”` : '(no quote)' }
  })
}

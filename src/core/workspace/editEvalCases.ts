/**
 * Eval cases edited as forms, not YAML (docs/evals.md, "Cases without YAML"): the one place that
 * turns a case into the fields evals.yaml holds and back, and adds, replaces or removes a case in
 * the file's text with everything else in it kept (comments, blank lines, other cases byte for
 * byte). The Evals tab's form, "Save as eval case" from a run and a template's eval cases all come
 * here. A rename of a skill reaches the cases elsewhere: through renameReferences.ts, the one rule
 * of what names a skill.
 */
import { trialFacts, type EvalCase, type EvalExpect } from '../evals'
import { message, type Message } from '../messages'
import type { TraceEvent } from '../agent'
import { editYamlList, locateListItems } from '../skill'

/** The assertions the form edits; a case's other expectations (tool_args, rubric…) are kept as written. */
export const FORM_ASSERTIONS = ['skill', 'tools_called', 'tools_not_called', 'answer_contains', 'answer_not_contains'] as const
export type FormAssertionKind = (typeof FORM_ASSERTIONS)[number]

/** One assertion of the form: `skill` with '' for "no skill may activate"; the others one tool or one phrase each. */
export interface DraftAssertion {
  kind: FormAssertionKind
  value: string
}

export interface EvalCaseDraft {
  name: string
  /** One message per turn (a single turn is written as `utterance`). */
  turns: string[]
  assertions: DraftAssertion[]
}

/** The header a new evals.yaml starts with. */
const HEADER =
  '# Behaviour evals: what a user says, and what the agent must then do (docs/evals.md).\n' +
  '# Each case runs `trials` times and reports a pass rate with its 95% interval.\n'

const LISTS = ['tools_called', 'tools_not_called', 'answer_contains', 'answer_not_contains'] as const

/** The expectations a draft's assertions make, blank values left out. */
export function draftExpect(draft: EvalCaseDraft): Pick<EvalExpect, FormAssertionKind> {
  const expect: Pick<EvalExpect, FormAssertionKind> = {}
  for (const assertion of draft.assertions) {
    const value = assertion.value.trim()
    if (assertion.kind === 'skill') expect.skill = value === '' ? null : value
    else if (value !== '') {
      const list = (expect[assertion.kind] ??= [])
      if (!list.includes(value)) list.push(value)
    }
  }
  return expect
}

const turnsOf = (draft: EvalCaseDraft) => draft.turns.map((turn) => turn.trim()).filter((turn) => turn !== '')

/** What is wrong with a draft before it can be saved (a name, a message, a name no other case has), or null. */
export function checkDraft(draft: EvalCaseDraft, otherNames: readonly string[]): Message | null {
  const name = draft.name.trim()
  if (name === '') return message('evalForm.needsName')
  if (otherNames.some((other) => other.trim() === name)) return message('evalForm.nameTaken', { name })
  if (turnsOf(draft).length === 0) return message('evalForm.needsUtterance')
  return null
}

/** A case as the form shows it: its turns and the assertions the form edits. */
export function draftOfCase(testCase: Pick<EvalCase, 'name' | 'turns' | 'expect'>): EvalCaseDraft {
  const assertions: DraftAssertion[] = []
  const { expect } = testCase
  if (expect.skill !== undefined) assertions.push({ kind: 'skill', value: expect.skill ?? '' })
  for (const kind of LISTS) for (const value of expect[kind] ?? []) assertions.push({ kind, value })
  return { name: testCase.name, turns: [...testCase.turns], assertions }
}

/** The expectations of a case the form does not edit (kept as written when the form saves it). */
export function otherExpectations(expect: EvalExpect): string[] {
  return Object.keys(expect).filter((key) => !(FORM_ASSERTIONS as readonly string[]).includes(key))
}

/**
 * A case proposed from a run: its messages, the skill that activated (or none), the tools it
 * called (in order, once each), and a key phrase of the answer.
 */
export function draftFromRun(
  run: { utterance: string; events: readonly TraceEvent[] },
  {
    noSkill,
    vocabulary = [],
    otherNames = [],
  }: {
    /** What the proposed name says when no skill activated, in the interface's language. */
    noSkill: string
    /** The skill's own words (its name, keywords), looked for in the answer first. */
    vocabulary?: readonly string[]
    /** The names the other cases have (the proposed one is told apart from them). */
    otherNames?: readonly string[]
  },
): EvalCaseDraft {
  const turns = [run.utterance, ...run.events.flatMap((event) => (event.type === 'turn' ? [event.utterance] : []))]
  const facts = trialFacts(run.events)
  const assertions: DraftAssertion[] = [{ kind: 'skill', value: facts.skill ?? '' }]
  const tools = [...new Set(facts.calls.filter((call) => !call.failed).map((call) => call.tool))]
  for (const tool of tools) assertions.push({ kind: 'tools_called', value: tool })
  const phrase = keyPhrase(facts.answer, vocabulary)
  if (phrase) assertions.push({ kind: 'answer_contains', value: phrase })
  const base = `${facts.skill ?? noSkill}: ${oneLine(run.utterance, 40)}`
  let name = base
  for (let n = 2; otherNames.includes(name); n++) name = `${base} (${n})`
  return { name, turns: turns.filter((turn) => turn.trim() !== ''), assertions }
}

const oneLine = (text: string, max: number) => {
  const line = text.replace(/\s+/g, ' ').trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * A short phrase of the answer that a repeat of the run would say again: a term of the skill's own
 * vocabulary (its name, keywords) the answer uses, else a number it gives (a result), else the
 * answer's first short clause. Empty when the answer has none.
 */
export function keyPhrase(answer: string, vocabulary: readonly string[] = []): string {
  const text = answer.trim()
  if (text === '') return ''
  const lower = text.toLowerCase()
  const term = [...vocabulary]
    .map((word) => word.trim())
    .filter((word) => word.length >= 2 && lower.includes(word.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0]
  if (term) return term
  const number = text.match(/-?\d[\d,]*(?:\.\d+)?/g)?.filter((candidate) => candidate.replace(/\D/g, '').length >= 2)
  if (number && number.length > 0) return number[number.length - 1]!
  const clause = text
    .split(/[\n。！？!?；;：:，,、.]/)
    .map((part) => part.trim())
    .find((part) => part.length >= 2)
  return clause ? oneLine(clause, 24) : ''
}

/** The YAML fields of a new case. */
function caseFields(draft: EvalCaseDraft): Record<string, unknown> {
  const turns = turnsOf(draft)
  const expect = draftExpect(draft)
  return {
    name: draft.name.trim(),
    ...(turns.length === 1 ? { utterance: turns[0] } : { turns }),
    ...(Object.keys(expect).length > 0 ? { expect } : {}),
  }
}

/** evals.yaml (absent: a new file) with one more case at the end. Null when the file does not parse. */
export function addEvalCase(text: string | undefined, draft: EvalCaseDraft): string | null {
  return editYamlList(text, { op: 'add', value: caseFields(draft) }, HEADER)
}

/** evals.yaml with several cases added (a template's), in order. */
export function addEvalCases(text: string | undefined, drafts: readonly EvalCaseDraft[]): string | null {
  let result = text
  for (const draft of drafts) {
    const next = addEvalCase(result, draft)
    if (next === null) return null
    result = next
  }
  return result ?? null
}

/**
 * evals.yaml with case `index` (its place in the list) changed to the draft. Given the draft the
 * form opened with (`initial`), only what the form changed is written: the name, the messages, each
 * kind of assertion whose values differ; the rest stays as the file has it now, which may be newer
 * than the form (a skill renamed, an assertion added in the YAML meanwhile), with its text and
 * comments. Without `initial`, every field the form edits is written. Other expectations, files,
 * mode and comments are kept either way.
 */
export function replaceEvalCase(text: string, index: number, draft: EvalCaseDraft, initial?: EvalCaseDraft): string | null {
  const turns = turnsOf(draft)
  const expect = draftExpect(draft)
  const before = initial && { name: initial.name.trim(), turns: turnsOf(initial), expect: draftExpect(initial) }
  const changed = (now: unknown, then: unknown) => before === undefined || JSON.stringify(now) !== JSON.stringify(then)
  const changes: { path: string[]; value: unknown; replaces?: string }[] = [
    ...(changed(draft.name.trim(), before?.name) ? [{ path: ['name'], value: draft.name.trim() }] : []),
    // The new form of the messages first, so it can take the old one's place before that goes.
    ...(!changed(turns, before?.turns)
      ? []
      : turns.length === 1
        ? [
            { path: ['utterance'], value: turns[0], replaces: 'turns' },
            { path: ['turns'], value: undefined },
          ]
        : [
            { path: ['turns'], value: turns, replaces: 'utterance' },
            { path: ['utterance'], value: undefined },
          ]),
    ...FORM_ASSERTIONS.filter((kind) => changed(expect[kind], before?.expect[kind])).map((kind) => ({
      path: ['expect', kind],
      value: expect[kind],
    })),
  ]
  return editYamlList(text, { op: 'update', index, changes })
}

/** evals.yaml without case `index` (its lines, and the blank line that parted it from the next). */
export function removeEvalCase(text: string, index: number): string | null {
  return editYamlList(text, { op: 'remove', index })
}

/** What tells a case apart when the file gives it no name: its messages and expectations. */
export function evalCaseFingerprint(testCase: Pick<EvalCase, 'turns' | 'expect'>): string {
  return JSON.stringify([testCase.turns, testCase.expect])
}

/** The case a form or a list row stands for: its line and name, and for a case without a name, its content then. */
export interface EvalCaseIdentity {
  line: number
  name: string
  /** The file gave the case no name (EvalCase.unnamed): `name` is its place then, and `fingerprint` its content. */
  unnamed?: boolean
  fingerprint?: string
}

/** A case opened in the form: which case it is, and the draft the form started from (a save writes what differs). */
export interface OpenedEvalCase extends EvalCaseIdentity {
  initial: EvalCaseDraft
}

/** The form opened on a case of the file. */
export function openEvalCase(testCase: EvalCase): OpenedEvalCase {
  return {
    line: testCase.line,
    name: testCase.name,
    ...(testCase.unnamed ? { unnamed: true, fingerprint: evalCaseFingerprint(testCase) } : {}),
    initial: draftOfCase(testCase),
  }
}

/**
 * The case a form opened on: the one written at `line` while it still has the name it had then;
 * else (cases above it added or deleted since) the one case with that name. A case the file gives
 * no name ("case 2" is a place, and passes to the next case when one above goes) is the unnamed
 * case still at its line with the content it had. Undefined when the case is gone or cannot be told
 * apart: a save must not write over another case.
 */
export function findEvalCase<T extends Pick<EvalCase, 'line' | 'name'> & Partial<Pick<EvalCase, 'unnamed' | 'turns' | 'expect'>>>(
  cases: readonly T[],
  opened: EvalCaseIdentity,
): T | undefined {
  if (opened.unnamed)
    return cases.find(
      (item) =>
        item.line === opened.line &&
        item.unnamed &&
        evalCaseFingerprint({ turns: item.turns ?? [], expect: item.expect ?? {} }) === opened.fingerprint,
    )
  const named = cases.filter((item) => !item.unnamed)
  const atLine = named.find((item) => item.line === opened.line)
  if (atLine && atLine.name === opened.name) return atLine
  const same = named.filter((item) => item.name === opened.name)
  return same.length === 1 ? same[0] : undefined
}

/** The place in evals.yaml's list of the case written at `line` (1-based, as EvalCase.line); -1 when none is. */
export function evalCaseIndexAt(text: string, line: number): number {
  const items = locateListItems(text)
  if (!items) return -1
  return items.findIndex((item) => lineOf(text, item.span[0]) === line)
}

const lineOf = (text: string, offset: number) => {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

/**
 * `skill-playground exec`: runs one skill's code with arguments checked against its parameters,
 * in the same sandbox as the page (docs/skill-code.md), and prints the outcome as JSON. With
 * `--batch`, arguments are read from standard input, one JSON object a line, and each gets its
 * outcome line, in order, all run by a ready Python (each in a fresh interpreter): one sandbox
 * process, or two serving alternate lines when enough lines wait (nodeCodeRunner.ts).
 */
import { validateArgs } from '../core/agent/validateArgs'
import { codeRequest, DEFAULT_CODE_TIMEOUT_MS, type ExecErrorType } from '../core/code'
import { loadWorkspace, workspaceCode } from '../core/skill'
import { readSkillsDir } from './readSkillsDir'
import { expectRuns, runCodeInNode, warmCodeRunner } from './nodeCodeRunner'
import type { CliIO } from './cliIO'

export interface ExecArgs {
  skills: string
  skill: string
  args: string
  timeoutMs: number
  /** Arguments from standard input, one JSON object a line. */
  batch: boolean
}

export function execArgs(options: Map<string, string | true>): ExecArgs {
  const text = (name: string) => {
    const value = options.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const skills = text('skills')
  const skill = text('skill')
  if (skills === undefined) throw new Error('exec needs --skills <dir>')
  if (skill === undefined) throw new Error('exec needs --skill <name>')
  const timeout = text('timeout')
  const seconds = timeout === undefined ? DEFAULT_CODE_TIMEOUT_MS / 1000 : Number(timeout)
  if (!(seconds > 0 && seconds <= 3600)) throw new Error('--timeout needs seconds, more than 0 and at most 3600')
  const batch = options.has('batch')
  if (batch && options.has('args'))
    throw new Error('exec --batch reads the arguments from standard input, one JSON object a line: leave out --args')
  return { skills, skill, args: text('args') ?? '{}', timeoutMs: seconds * 1000, batch }
}

/**
 * Exit 0 with {"result", "stdout"}; exit 1 with {"error", ...} on invalid arguments, an exception or
 * a time-out. With --batch, a line each; exit 1 when any line failed.
 */
export async function execCommand(options: ExecArgs, io: CliIO): Promise<number> {
  const files = readSkillsDir(options.skills)
  const { skills } = loadWorkspace(files)
  const skill = skills.find((candidate) => candidate.name === options.skill)
  if (!skill) throw new Error(`no skill named "${options.skill}" in ${options.skills}; skills: ${skills.map((s) => s.name).join(', ')}`)
  const code = workspaceCode(files, [skill]).get(skill.path)
  if (!code) {
    io.out(
      JSON.stringify({
        error: { type: 'no-code' satisfies ExecErrorType, message: `${skill.name} has no skill.py or main.py in its folder.` },
      }),
    )
    return 1
  }
  const runOne = async (argumentText: string): Promise<{ line: string; ok: boolean }> => {
    const validation = validateArgs(code.parameters ?? { type: 'object' }, argumentText)
    if (!validation.ok)
      return {
        line: JSON.stringify({
          error: { type: 'invalid-arguments' satisfies ExecErrorType, message: validation.message, details: validation.details },
        }),
        ok: false,
      }
    const outcome = await runCodeInNode(codeRequest(code, validation.value), {
      signal: new AbortController().signal,
      timeoutMs: options.timeoutMs,
    })
    if (outcome.ok)
      return { line: JSON.stringify({ result: outcome.result, stdout: outcome.stdout, stderr: outcome.stderr, ms: outcome.ms }), ok: true }
    const { traceback, ...error } = outcome.error
    return {
      line: JSON.stringify({ error, traceback: traceback ?? null, stdout: outcome.stdout, stderr: outcome.stderr, ms: outcome.ms }),
      ok: false,
    }
  }
  if (!options.batch) {
    const { line, ok } = await runOne(options.args)
    io.out(line)
    return ok ? 0 : 1
  }
  // Python starts while the first lines are read and checked.
  void warmCodeRunner().catch(() => {})
  return (await answerLines(io, runOne)) ? 0 : 1
}

/**
 * How many lines `--batch` reads ahead of its runs: their count tells the runner how many runs
 * are coming; bounded, so a long input is read as it is answered rather than held.
 */
const READ_AHEAD = 64

/** Runs asked for at once: one for each of two sandbox processes and the next one waiting. */
const IN_FLIGHT = 3

/** A promise to wait on that is kept anew each time it is kept. */
function wakeUp(): { next: () => Promise<void>; wake: () => void } {
  let wake = () => {}
  let next = Promise.resolve()
  const renew = () => {
    next = new Promise<void>((resolve) => (wake = resolve))
  }
  renew()
  return {
    next: () => next,
    wake: () => {
      wake()
      renew()
    },
  }
}

/**
 * Answers every line of standard input with its line, in the order read, while the next runs are
 * already under way (at most IN_FLIGHT), and tells the runner how many lines wait
 * (expectRuns). True when every line succeeded. An input that fails to be read is that error,
 * once the lines read before it are answered.
 */
async function answerLines(io: CliIO, runOne: (text: string) => Promise<{ line: string; ok: boolean }>): Promise<boolean> {
  const read: string[] = []
  let ended = false
  let failure: { error: unknown } | undefined
  const arrived = wakeUp()
  const room = wakeUp()
  void (async () => {
    try {
      for await (const text of io.lines()) {
        // A blank line (the end of a file, a separator) asks for nothing; every other line gets its answer.
        if (text.trim() === '') continue
        read.push(text)
        arrived.wake()
        while (read.length >= READ_AHEAD) await room.next()
      }
    } catch (error) {
      failure = { error }
    } finally {
      ended = true
      arrived.wake()
    }
  })()
  const answers: Promise<{ line: string; ok: boolean }>[] = []
  let failed = false
  try {
    for (;;) {
      // The lines read and not yet run, and one more while the input is open: more runs are coming.
      const coming = () => read.length + (ended ? 0 : 1)
      while (answers.length < IN_FLIGHT && read.length) {
        const text = read.shift()!
        expectRuns(coming())
        answers.push(runOne(text))
        room.wake()
      }
      expectRuns(coming())
      const head = answers[0]
      if (!head) {
        if (ended) break
        await arrived.next()
        continue
      }
      // A line read meanwhile is started (and counted) before the head's answer is waited for.
      if (!ended && !(await Promise.race([head.then(() => true), arrived.next().then(() => false)]))) continue
      const { line, ok } = await answers.shift()!
      io.out(line)
      if (!ok) failed = true
    }
  } finally {
    expectRuns(0)
  }
  if (failure) throw failure.error
  return !failed
}

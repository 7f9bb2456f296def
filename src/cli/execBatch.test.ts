/**
 * One ready Python for many runs (docs/skill-code.md, "A ready Python"): `exec --batch` answers
 * every line of standard input in order, a malformed line with its own error line, and `eval`'s
 * trials that run code share the process too; each run in a fresh interpreter, which a skill that
 * counts its calls in a module global shows (every run must see a count of one).
 */
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { availableParallelism } from 'node:os'
import { closeCodeRunner, sandboxProcessesStarted, SECOND_PROCESS_FROM } from './nodeCodeRunner'
import { runCli } from './runCli'

async function run(argv: string[], stdin: string[] = []) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    lines: async function* () {
      yield* stdin
    },
  })
  return { code, out, err }
}

/** add-calc from the examples, and a skill that counts its calls where a shared interpreter would keep them. */
const dir = mkdtempSync(join(tmpdir(), 'exec-batch-'))
cpSync(join(import.meta.dirname, '../../skills/add-calc'), join(dir, 'add-calc'), { recursive: true })
mkdirSync(join(dir, 'counter'))
writeFileSync(
  join(dir, 'counter', 'SKILL.md'),
  '---\nname: counter\ndescription: Counts its calls.\ntrigger_keywords: [count calls]\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\nCount.\n',
)
writeFileSync(
  join(dir, 'counter', 'skill.py'),
  'import builtins\nbuiltins.CALLS = getattr(builtins, "CALLS", 0) + 1\nSEEN = []\ndef run(args):\n    SEEN.append(args.get("n"))\n    return {"calls": builtins.CALLS, "seen": len(SEEN)}\n',
)
mkdirSync(join(dir, 'tally'))
writeFileSync(
  join(dir, 'tally', 'SKILL.md'),
  '---\nname: tally\ndescription: Counts its calls and says which line it ran.\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\nTally.\n',
)
writeFileSync(
  join(dir, 'tally', 'skill.py'),
  'import builtins\nbuiltins.CALLS = getattr(builtins, "CALLS", 0) + 1\nSEEN = []\ndef run(args):\n    SEEN.append(args["n"])\n    return {"n": args["n"], "calls": builtins.CALLS, "seen": SEEN}\n',
)
mkdirSync(join(dir, 'zip-breaker'))
writeFileSync(
  join(dir, 'zip-breaker', 'SKILL.md'),
  '---\nname: zip-breaker\ndescription: Overwrites the standard library, then imports from it.\nparameters:\n  type: object\n  properties:\n    n: { type: number }\n---\nBreak.\n',
)
writeFileSync(
  join(dir, 'zip-breaker', 'skill.py'),
  [
    'import sys',
    'def run(args):',
    '    if args["n"] == 1:',
    '        path = [entry for entry in sys.path if entry.endswith(".zip")][0]',
    '        with open(path, "r+b") as stdlib:',
    '            size = stdlib.seek(0, 2)',
    '            stdlib.seek(0)',
    '            stdlib.write(bytes(size))',
    '        return size',
    '    import csv, statistics, fractions',
    '    return [csv.__name__, statistics.__name__, fractions.__name__]',
    '',
  ].join('\n'),
)
afterAll(() => {
  closeCodeRunner()
  rmSync(dir, { recursive: true, force: true })
})

describe('exec --batch and eval share one Python', { timeout: 120_000 }, () => {
  it('exec --batch: one result line per argument line, in order, a malformed line answered and the rest going on', async () => {
    const before = sandboxProcessesStarted()
    const { code, out } = await run(
      ['exec', '--skills', dir, '--skill', 'add-calc', '--batch'],
      ['{"numbers": [1, 2]}', '{"numbers": [3, ', '', '{"numbers": [4]}', '{"numbers": [10, 20, 30]}'],
    )
    expect(out.map((line) => JSON.parse(line) as unknown)).toMatchObject([
      { result: { result: 3 } },
      { error: { type: 'invalid-arguments', message: expect.stringContaining('not valid JSON') } },
      { error: { type: 'invalid-arguments', message: expect.stringContaining('too few items') } },
      { result: { result: 60, user_message: '10 + 20 + 30 = 60' } },
    ])
    // A failed line makes the exit status 1, as exec's own failures do.
    expect(code).toBe(1)
    expect(sandboxProcessesStarted() - before).toBeLessThanOrEqual(1)
  })

  it('exec --batch: every line in a fresh interpreter of the same process', async () => {
    const before = sandboxProcessesStarted()
    const { code, out } = await run(['exec', '--skills', dir, '--skill', 'counter', '--batch'], ['{"n": 1}', '{"n": 2}', '{"n": 3}'])
    expect(code).toBe(0)
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual(
      [1, 2, 3].map(() => ({ result: { calls: 1, seen: 1 }, stdout: '', stderr: '', ms: expect.any(Number) as number })),
    )
    expect(sandboxProcessesStarted() - before).toBeLessThanOrEqual(1)
  })

  it.runIf(availableParallelism() >= 2)(
    'exec --batch with many lines: a second sandbox process, every line in a fresh interpreter, the answers in the order read',
    async () => {
      closeCodeRunner()
      const before = sandboxProcessesStarted()
      const count = SECOND_PROCESS_FROM + 2
      const { code, out } = await run(
        ['exec', '--skills', dir, '--skill', 'tally', '--batch'],
        Array.from({ length: count }, (_, n) => JSON.stringify({ n })),
      )
      expect(code).toBe(0)
      expect(out.map((line) => (JSON.parse(line) as { result: unknown }).result)).toEqual(
        Array.from({ length: count }, (_, n) => ({ n, calls: 1, seen: [n] })),
      )
      expect(sandboxProcessesStarted() - before).toBe(2)
    },
  )

  it('a run that overwrites the standard library in its file system leaves the next interpreter’s intact', async () => {
    // The sandbox process reads Pyodide's files once for all its interpreters: each must get its own copy.
    const before = sandboxProcessesStarted()
    const { code, out } = await run(['exec', '--skills', dir, '--skill', 'zip-breaker', '--batch'], ['{"n": 1}', '{"n": 2}', '{"n": 3}'])
    expect(
      out.map((line) => (JSON.parse(line) as { result: unknown }).result),
      out.join('\n'),
    ).toEqual([expect.any(Number), ['csv', 'statistics', 'fractions'], ['csv', 'statistics', 'fractions']])
    expect((JSON.parse(out[0]!) as { result: number }).result).toBeGreaterThan(1_000_000)
    expect(code).toBe(0)
    expect(sandboxProcessesStarted() - before).toBeLessThanOrEqual(1)
  })

  it('--batch reads its arguments from standard input only', async () => {
    const { code, err } = await run(['exec', '--skills', dir, '--skill', 'add-calc', '--batch', '--args', '{}'])
    expect(code).toBe(2)
    expect(err.join('\n')).toContain('leave out --args')
  })

  it('eval: trials that run code share the process, each in a fresh interpreter', async () => {
    // add-calc's SKILL.md (the scripted model fills its numbers) over the counting code.
    const evalDir = join(dir, 'eval')
    cpSync(join(dir, 'add-calc', 'SKILL.md'), join(evalDir, 'counter', 'SKILL.md'))
    cpSync(join(dir, 'counter', 'skill.py'), join(evalDir, 'counter', 'skill.py'))
    writeFileSync(
      join(evalDir, 'evals.yaml'),
      'trials: 4\ncases:\n  - name: counts once per trial\n    utterance: 相加求和 3、5、8\n    expect:\n      skill: add-calc\n      tools_called: [add-calc]\n      tool_results:\n        add-calc: { calls: 1, seen: 1 }\n',
    )
    closeCodeRunner()
    const before = sandboxProcessesStarted()
    const { code, out, err } = await run(['eval', '--skills', evalDir, '--json'])
    expect(code, `${out.join('\n')}\n${err.join('\n')}`).toBe(0)
    const report = JSON.parse(out.join('\n')) as { cases: { trials: number; passed: number }[] }
    expect(report.cases[0]).toMatchObject({ trials: 4, passed: 4 })
    expect(sandboxProcessesStarted() - before).toBe(1)
  })
})

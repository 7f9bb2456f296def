/**
 * run_skill_script in the CLI's sandbox with the real Pyodide (docs/skill-code.md, "Scripts"): a
 * bundled script runs as `python <path> <args>` from the skill's folder, with its output and exit
 * status; it reads its references but cannot change them, and has no network, no host files, no
 * environment and a time limit. The network attempt aims at a loopback listener that counts what
 * arrives: nothing may.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SkillFile } from '../core/skill'
import { parseSkill } from '../core/skill'
import { scriptRunRequest, skillBundle } from '../core/tools/skillFileTools'
import { runCodeInNode } from './nodeCodeRunner'

let listener: Server
let port = 0
let connections = 0
let hostDir = ''
beforeAll(async () => {
  listener = createServer((socket) => {
    connections++
    socket.end()
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  port = (listener.address() as { port: number }).port
  hostDir = mkdtempSync(join(tmpdir(), 'script-host-'))
  writeFileSync(join(hostDir, 'secret.txt'), 'host-secret-9c1d')
})
afterAll(async () => {
  rmSync(hostDir, { recursive: true, force: true })
  await new Promise<void>((resolve) => listener.close(() => resolve()))
})

const files = (script: string): SkillFile[] => [
  { path: 'forms/SKILL.md', text: '---\nname: forms\n---\nRun scripts/check.py.\n' },
  { path: 'forms/reference.md', text: 'Dates are YYYY-MM-DD.\n' },
  { path: 'forms/scripts/helpers.py', text: 'def shout(text):\n    return text.upper()\n' },
  { path: 'forms/scripts/check.py', text: script },
]
const request = (script: string, args: string[] = []) => {
  const workspace = files(script)
  const bundle = skillBundle(parseSkill('forms/SKILL.md', workspace[0]!.text), workspace)!
  return scriptRunRequest(bundle, { path: 'scripts/check.py', args })
}
const run = (script: string, args: string[] = [], timeoutMs = 20_000) =>
  runCodeInNode(request(script, args), { signal: new AbortController().signal, timeoutMs })

// One after another: the runs share one sandbox process (a fresh interpreter each), and CI has two cores.
describe('bundled scripts in the Node sandbox', { timeout: 90_000 }, () => {
  it('runs as __main__ with argv, from the skill folder: imports its sibling, reads the reference, prints, exits with its status', async () => {
    const outcome = await run(
      [
        'import sys',
        'from helpers import shout',
        'print(shout(" ".join(sys.argv[1:])), __name__)',
        'print(open("reference.md").read().strip())',
        'print("warned", file=sys.stderr)',
        'try:',
        '    open("reference.md", "w")',
        'except OSError as error:',
        '    print("read-only:", type(error).__name__, file=sys.stderr)',
        'sys.exit(3)',
      ].join('\n'),
      ['form.pdf', 'x'],
    )
    expect(outcome).toMatchObject({
      ok: true,
      result: { exit_code: 3 },
      stdout: 'FORM.PDF X __main__\nDates are YYYY-MM-DD.\n',
    })
    expect(outcome.stderr).toContain('warned\n')
    expect(outcome.stderr).toContain('read-only: PermissionError')
  })

  it('an exception is exit status 1 with the traceback of the script’s own file; no network, no host files, no environment', async () => {
    process.env.SKILL_PLAYGROUND_SCRIPT_SECRET = 'sk-script-must-not-leak'
    const outcome = await run(
      [
        'import os, sys',
        'for attempt in [',
        `    lambda: __import__("urllib.request").request.urlopen("http://127.0.0.1:${port}/").read(),`,
        `    lambda: open(${JSON.stringify(join(hostDir, 'secret.txt'))}).read(),`,
        ']:',
        '    try:',
        '        print("ran", attempt())',
        '    except BaseException as error:',
        '        print("refused", type(error).__name__)',
        'print("env", sorted(os.environ))',
        'raise ValueError("bad form")',
      ].join('\n'),
    )
    delete process.env.SKILL_PLAYGROUND_SCRIPT_SECRET
    expect(outcome).toMatchObject({ ok: true, result: { exit_code: 1 } })
    expect(outcome.stdout).toMatch(/^refused \w+\nrefused \w+\n/)
    expect(outcome.stderr).toContain('File "scripts/check.py", line 11')
    expect(outcome.stderr).toContain('ValueError: bad form')
    expect(JSON.stringify(outcome)).not.toContain('SKILL_PLAYGROUND_SCRIPT_SECRET')
    expect(JSON.stringify(outcome)).not.toContain('host-secret-9c1d')
    expect(connections).toBe(0)
  })

  it('an endless script is stopped at the time limit', async () => {
    const outcome = await run('while True:\n    pass\n', [], 2_000)
    expect(outcome).toMatchObject({ ok: false, error: { type: 'timeout' } })
  })
})

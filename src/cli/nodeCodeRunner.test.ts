/**
 * The CLI's sandbox with the real Pyodide (docs/skill-code.md): the seed's add_calc, a main.py +
 * schema.json skill, exceptions with tracebacks, a result that is not data, an endless loop killed
 * at the time-out, and the doors to the network, the host and its secrets shut. Network attempts
 * aim at a listener on loopback that counts what arrives: nothing may.
 */
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeRequest, type CodeRunOutcome, type CodeRunRequest } from '../core/code'
import { parseSkill, workspaceCode, type SkillFile } from '../core/skill'
import { runCodeInNode } from './nodeCodeRunner'

let listener: Server
let port = 0
let connections = 0
beforeAll(async () => {
  listener = createServer((socket) => {
    connections++
    socket.end('HTTP/1.0 200 OK\r\n\r\nreached')
  })
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
  port = (listener.address() as { port: number }).port
})
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())))

const run = (request: CodeRunRequest, timeoutMs = 20_000) => runCodeInNode(request, { signal: new AbortController().signal, timeoutMs })
const tool = (text: string, args: Record<string, unknown> = {}): CodeRunRequest => ({
  files: [{ path: 'skill.py', text }],
  entry: 'skill.py',
  function: 'run',
  args,
})
const failure = (outcome: CodeRunOutcome) =>
  outcome.ok ? `returned ${JSON.stringify(outcome.result)}` : `${outcome.error.type}: ${outcome.error.message}`

// One after another: each starts Python in its own process, and CI has two cores.
describe('the Python sandbox in Node', { timeout: 90_000 }, () => {
  it("runs the seed's add_calc: skill.py imports tool.py, print output is captured", async () => {
    const files: SkillFile[] = [
      { path: 'add_calc/SKILL.md', text: '---\nname: add-calc\n---\nAdds.\n' },
      {
        path: 'add_calc/skill.py',
        text: 'from .tool import add\n\ndef run(args: dict):\n    print("adding", args["numbers"])\n    return {"numbers": args["numbers"], "result": add(args["numbers"])}\n',
      },
      { path: 'add_calc/tool.py', text: 'def add(numbers):\n    return sum(numbers)\n' },
    ]
    const skill = parseSkill(files[0]!.path, files[0]!.text)
    const code = workspaceCode(files, [skill]).get(skill.path)!
    const outcome = await run(codeRequest(code, { numbers: [3, 5, 8.5] }))
    expect(outcome).toMatchObject({ ok: true, result: { numbers: [3, 5, 8.5], result: 16.5 }, stdout: 'adding [3, 5, 8.5]\n' })
  })

  it('runs a main.py + schema.json skill through execute(params), with parameters from schema.json', async () => {
    const files: SkillFile[] = [
      { path: 'read_len/SKILL.md', text: '---\nname: read_len\n---\nCounts.\n' },
      {
        path: 'read_len/schema.json',
        text: JSON.stringify({
          name: 'read_len',
          description: 'Length',
          parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
        }),
      },
      {
        path: 'read_len/main.py',
        text: 'import json\ndef execute(params):\n    return {"length": len(params["text"]), "upper": params["text"].upper()}\n',
      },
    ]
    const skill = parseSkill(files[0]!.path, files[0]!.text)
    const code = workspaceCode(files, [skill]).get(skill.path)!
    expect(code).toMatchObject({ entry: 'main.py', function: 'execute', parametersFrom: 'schema.json', parameters: { required: ['text'] } })
    expect(await run(codeRequest(code, { text: '你好 ok' }))).toMatchObject({ ok: true, result: { length: 5, upper: '你好 OK' } })
  })

  it('an exception comes back with the traceback of the skill’s own files', async () => {
    const outcome = await run({
      files: [
        { path: 'skill.py', text: 'from .tool import divide\ndef run(args):\n    return divide(args["a"], 0)\n' },
        { path: 'tool.py', text: 'def divide(a, b):\n    return a / b\n' },
      ],
      entry: 'skill.py',
      function: 'run',
      args: { a: 1 },
    })
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.error).toMatchObject({ type: 'exception', message: 'ZeroDivisionError: division by zero' })
    expect(outcome.error.traceback).toContain('File "skill.py", line 3, in run')
    expect(outcome.error.traceback).toContain('File "tool.py", line 2, in divide')
  })

  it('says what is wrong with a result that is not plain data, and with a missing entry function', async () => {
    const set = await run(tool('def run(args):\n    return {"items": {1, 2}}\n'))
    expect(failure(set)).toMatch(/^not-serializable: run returned something that is not plain data: the result\['items'\] is a set/)
    expect(failure(await run(tool('def start(args):\n    return 1\n')))).toBe('no-entry: skill.py defines no run(args) function to call.')
  })

  it('an endless loop is killed at the time-out', async () => {
    const outcome = await run(tool('def run(args):\n    while True:\n        pass\n'), 2_000)
    expect(failure(outcome)).toBe('timeout: The code ran longer than 2 s and was stopped.')
    // Counted from when Python was ready (its start is not the code's time), and killed on time.
    expect(outcome.ms).toBeGreaterThanOrEqual(2_000)
    expect(outcome.ms).toBeLessThan(5_000)
  })

  it('refuses the bridges to JavaScript and the network, even with the import guard removed', async () => {
    // Each attempt in one interpreter, in order: the guard is removed only for the last ones.
    const attempts = [
      'import js',
      'import pyodide.http',
      `import urllib.request; urllib.request.urlopen("http://127.0.0.1:${port}/").read()`,
      'import sys; sys.meta_path.pop(0)',
      'import js; js.process',
      'import pyodide_js',
      `import socket; s = socket.create_connection(("127.0.0.1", ${port})); s.sendall(b"GET / HTTP/1.0\\r\\n\\r\\n"); s.recv(100)`,
    ]
    const code = `def run(args):\n    seen = []\n${attempts
      .map(
        (line) =>
          `    try:\n        exec(${JSON.stringify(line)}, {})\n        seen.append("ran")\n    except BaseException as error:\n        seen.append(type(error).__name__ + ": " + str(error))\n`,
      )
      .join('')}    return seen\n`
    const outcome = await run(tool(code))
    expect(outcome.ok).toBe(true)
    const seen = (outcome.ok ? outcome.result : []) as string[]
    expect(seen[0]).toContain("'js' is not available in the playground's sandbox")
    expect(seen[1]).toContain("'pyodide' is not available")
    expect(seen[2]).toContain("'socket' is not available")
    expect(seen[3]).toBe('ran')
    expect(seen[4]).toBe("ModuleNotFoundError: No module named 'js'")
    expect(seen[5]).toBe("ModuleNotFoundError: No module named 'pyodide_js'")
    expect(seen[6]).toMatch(/Error/)
    expect(connections).toBe(0)
  })

  it('sees neither the host’s files nor its environment, and cannot change its own files', async () => {
    process.env.SKILL_PLAYGROUND_TEST_SECRET = 'sk-must-not-leak'
    const outcome = await run(
      tool(
        'import os\ndef run(args):\n    try:\n        open(__file__, "w")\n        writable = True\n    except OSError:\n        writable = False\n    return {"passwd": os.path.exists("/etc/passwd"), "env": sorted(os.environ), "writable": writable}\n',
      ),
    )
    delete process.env.SKILL_PLAYGROUND_TEST_SECRET
    expect(outcome).toMatchObject({ ok: true, result: { passwd: false, writable: false } })
    expect(JSON.stringify(outcome)).not.toContain('SKILL_PLAYGROUND_TEST_SECRET')
  })
})

/**
 * The CLI's sandbox with the real Pyodide (docs/skill-code.md): the seed's add_calc, a main.py +
 * schema.json skill, exceptions with tracebacks, a result that is not data or over the size limit,
 * an endless loop killed at the time-out or with the CLI stopped by a signal, and the doors to the
 * network, the host and its secrets shut. Network attempts
 * aim at a listener on loopback that counts what arrives: nothing may. The host's files are a
 * file this test writes in the temporary folder: the code must neither read nor change it, nor
 * write beside it.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { codeRequest, MAX_CODE_RESULT_BYTES, type CodeRunOutcome, type CodeRunRequest } from '../core/code'
import { parseSkill, workspaceCode, type SkillFile } from '../core/skill'
import { closeCodeRunner, pyodideFolder, runCodeInNode, sandboxOptions, sandboxProcessesStarted } from './nodeCodeRunner'
import { snapshotPath } from './pythonSnapshotCache'
import { readSnapshotFile, snapshotFileBytes } from './pythonSnapshotFile'

/**
 * A cache folder of this file's own, holding a snapshot that was changed after it was written
 * (its digest no longer matches): the first run refuses it and starts Python from nothing (the
 * cold path, taking a new snapshot), the rest share one process and a fresh interpreter each.
 */
const cacheDir = mkdtempSync(join(tmpdir(), 'python-cache-'))
const cacheBefore = process.env.SKILL_PLAYGROUND_CACHE
const cache = join(cacheDir, 'skill-playground')
process.env.SKILL_PLAYGROUND_CACHE = cache
const pyodideVersion = (JSON.parse(readFileSync(join(pyodideFolder(), 'package.json'), 'utf8')) as { version: string }).version
const planted = snapshotFileBytes(new Uint8Array(4096).fill(7), pyodideVersion)
planted[planted.length - 10] = 0
mkdirSync(cache, { mode: 0o700 })
writeFileSync(snapshotPath(cache, pyodideVersion), planted, { mode: 0o600 })
afterAll(() => {
  closeCodeRunner()
  if (cacheBefore === undefined) delete process.env.SKILL_PLAYGROUND_CACHE
  else process.env.SKILL_PLAYGROUND_CACHE = cacheBefore
  rmSync(cacheDir, { recursive: true, force: true })
})

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

/** The host's file the code goes after, and the folder it would write in. */
const SECRET = 'host-secret-7f3a'
let hostDir = ''
let hostFile = ''
beforeAll(() => {
  hostDir = mkdtempSync(join(tmpdir(), 'sandbox-host-'))
  hostFile = join(hostDir, 'secret.txt')
  writeFileSync(hostFile, SECRET)
})
afterAll(() => rmSync(hostDir, { recursive: true, force: true }))

const run = (request: CodeRunRequest, timeoutMs = 20_000) => runCodeInNode(request, { signal: new AbortController().signal, timeoutMs })
const tool = (text: string, args: Record<string, unknown> = {}): CodeRunRequest => ({
  files: [{ path: 'skill.py', text }],
  entry: 'skill.py',
  function: 'run',
  args,
})
const failure = (outcome: CodeRunOutcome) =>
  outcome.ok ? `returned ${JSON.stringify(outcome.result)}` : `${outcome.error.type}: ${outcome.error.message}`

/** A skill whose run returns at once, leaving a callback that would spin forever on asyncio's loop. */
const LEAVES_SPIN =
  'import asyncio\n\ndef spin():\n    while True:\n        pass\n\ndef run(args):\n    loop = asyncio.get_event_loop()\n    loop.call_soon(spin)\n    loop.call_later(0.01, spin)\n    asyncio.ensure_future(asyncio.sleep(0.02))\n    return "scheduled"\n'

/** The live processes (not zombies) of a process group, from /proc. */
function groupMembers(group: number): string[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        // pid (comm) state ppid pgrp …: comm may hold spaces, so the fields count from its closing parenthesis.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        return Number(pgrp) === group && state !== 'Z' ? [`${pid} ${stat.slice(0, 80)}`] : []
      } catch {
        return []
      }
    })
}

/** A process's resident memory in bytes (0 once it is gone), from /proc. */
function residentBytes(pid: number): number {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return Number(kilobytes ?? 0) * 1024
  } catch {
    return 0
  }
}

/** The sandbox processes of a process group: Node under the permission model. */
function sandboxesIn(group: number): number[] {
  return groupMembers(group)
    .map((member) => Number(member.split(' ')[0]))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .split('\0')
          .some((arg) => /^--(experimental-)?permission$/.test(arg))
      } catch {
        return false
      }
    })
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

// One after another: the runs share one sandbox process, and CI has two cores.
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
    // A list that holds itself is said as such, not as the interpreter's own failure.
    expect(failure(await run(tool('def run(args):\n    items = []\n    items.append(items)\n    return items\n')))).toMatch(
      /^not-serializable: run returned data that holds itself or is nested too deeply/,
    )
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

  it('code that removes the import guard finds no handle on the Pyodide API in the collector, so no host file system to mount', async () => {
    // The attack of issue 31: the leftover JsLoader of `pyodide_js` found through gc.get_objects(),
    // then the host's root mounted with NODEFS and its files read and written.
    const code = String.raw`
import sys, os
def run(args):
    report = {"handles": [], "tried": {}}
    while sys.meta_path and type(sys.meta_path[0]).__name__ == "Refuse":
        sys.meta_path.pop(0)
    import gc
    seen = set()
    for holder in gc.get_objects():
        for value in [holder] + list(gc.get_referents(holder)):
            kind = type(type(value)).__name__
            if kind != "_JsProxyMetaClass" or id(value) in seen:
                continue
            seen.add(id(value))
            for name in ("_module", "_api", "FS", "runPython", "loadPackage", "NODEFS", "mount"):
                try:
                    if hasattr(value, name):
                        report["handles"].append((type(holder).__name__, name, value))
                except BaseException:
                    pass
    for holder, name, value in report["handles"]:
        api = value
        module = getattr(api, "_module", api)
        for root, at in (("/", "/host"), (args["dir"], "/hostdir")):
            key = "%s %s" % (name, root)
            try:
                module.FS.mkdirTree(at)
                options = api.constructor.new()
                options.root = root
                module.FS.mount(module.NODEFS, options, at)
                report["tried"][key] = "mounted"
            except BaseException as error:
                report["tried"][key] = type(error).__name__
        for path in ("/host" + args["file"], "/hostdir/secret.txt"):
            try:
                report["tried"][path] = open(path).read()
            except BaseException as error:
                report["tried"][path] = type(error).__name__
        for path in ("/host" + args["dir"] + "/written.txt", "/hostdir/written.txt", "/hostdir/secret.txt"):
            try:
                with open(path, "a") as out:
                    out.write("changed")
                report["tried"]["write " + path] = "written"
            except BaseException as error:
                report["tried"]["write " + path] = type(error).__name__
    report["handles"] = ["%s.%s" % (holder, name) for holder, name, _ in report["handles"]]
    return report
`
    const outcome = await run(tool(code, { file: hostFile, dir: hostDir }))
    expect(JSON.stringify(outcome)).not.toContain(SECRET)
    expect(readFileSync(hostFile, 'utf8')).toBe(SECRET)
    expect(existsSync(join(hostDir, 'written.txt'))).toBe(false)
    expect(outcome).toMatchObject({ ok: true, result: { handles: [], tried: {} } })
  })

  it('gives every run a fresh interpreter in the shared process: nothing of one run is visible to the next', async () => {
    // The first run leaves everything it can behind: globals of the interpreter, a patched builtin
    // and standard module, a user module imported and changed, sys.path and sys.modules, files
    // written where Python may write, the environment, the recursion limit, an open file.
    const dirty = String.raw`
import builtins, json, os, sys
import helper
helper.count += 1
builtins.LEFT_BEHIND = "run one"
builtins.print = lambda *a, **k: None
builtins.abs = lambda value: -1
json.dump = lambda *a, **k: "patched"
sys.path.insert(0, "/planted")
sys.modules["planted_module"] = helper
os.environ["LEFT"] = "run one"
sys.setrecursionlimit(123)
for path in ("/tmp/left.txt", "/home/pyodide/left.txt"):
    with open(path, "w") as out:
        out.write("run one")
kept = open("/tmp/left.txt")
def run(args):
    return {"count": helper.count, "fd": kept.fileno()}
`
    const clean = String.raw`
import builtins, json, os, sys
import helper
def run(args):
    print("printed")
    return {
        "left": hasattr(builtins, "LEFT_BEHIND"),
        "abs": abs(-2),
        "dump": json.dump.__name__,
        "planted_path": "/planted" in sys.path,
        "planted_module": "planted_module" in sys.modules,
        "count": helper.count,
        "env": os.environ.get("LEFT"),
        "recursion": sys.getrecursionlimit() == 123,
        "files": [os.path.exists(p) for p in ("/tmp/left.txt", "/home/pyodide/left.txt")],
        "fd": kept_open(int(args["fd"])),
    }
def kept_open(fd):
    try:
        return os.read(fd, 100) == b"run one"
    except OSError:
        return False
`
    const withHelper = (text: string, args: Record<string, unknown> = {}): CodeRunRequest => ({
      ...tool(text, args),
      files: [
        { path: 'skill.py', text },
        { path: 'helper.py', text: 'count = 0\n' },
      ],
    })
    await run(tool('def run(args):\n    return 1\n'))
    const processes = sandboxProcessesStarted()
    const first = await run(withHelper(dirty))
    expect(first, JSON.stringify(first)).toMatchObject({ ok: true, result: { count: 1 } })
    const fd = first.ok ? String((first.result as { fd: number }).fd) : ''
    const second = await run(withHelper(clean, { fd }))
    expect(second).toMatchObject({
      ok: true,
      stdout: 'printed\n',
      result: {
        left: false,
        abs: 2,
        dump: 'dump',
        planted_path: false,
        planted_module: false,
        count: 0,
        env: null,
        recursion: false,
        files: [false, false],
        fd: false,
      },
    })
    // The same process served both: the interpreter is what was fresh, not the process.
    expect(sandboxProcessesStarted()).toBe(processes)
  })

  it('refused the changed snapshot and keeps a new one in the cache folder, this user’s only', () => {
    // The first run of this file found the planted snapshot's digest wrong, started Python from
    // nothing and answered (above); the snapshot it took replaced the planted file.
    const file = snapshotPath(cache, pyodideVersion)
    const kept = readFileSync(file)
    expect(kept.equals(planted)).toBe(false)
    expect(readSnapshotFile(kept, pyodideVersion).length).toBeGreaterThan(1_000_000)
    if (process.platform !== 'win32') {
      expect(statSync(cache).mode & 0o777).toBe(0o700)
      expect(statSync(file).mode & 0o777).toBe(0o600)
    }
  })

  it('restores the kept snapshot through the open file it is handed: a later process neither refuses nor replaces it', async () => {
    const file = snapshotPath(cache, pyodideVersion)
    const before = statSync(file)
    closeCodeRunner()
    const outcome = await run(tool('def run(args):\n    return 5\n'))
    expect(outcome, failure(outcome)).toMatchObject({ ok: true, result: 5 })
    const after = statSync(file)
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs])
  })

  it('callbacks a run leaves on the event loop never run: the next run in the same process answers at once', async () => {
    // asyncio's loop schedules through the host's setImmediate and setTimeout; were `spin` to run
    // in the spent interpreter, the process would answer nothing more.
    const scheduled = await run(tool(LEAVES_SPIN))
    expect(scheduled, failure(scheduled)).toMatchObject({ ok: true, result: 'scheduled' })
    const processes = sandboxProcessesStarted()
    const next = await Promise.race([
      run(tool('def run(args):\n    return 2\n')),
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer'), 20_000)),
    ])
    expect(next).toMatchObject({ ok: true, result: 2 })
    expect(sandboxProcessesStarted()).toBe(processes)
  })

  it.runIf(process.platform === 'linux')('exec leaves no process behind, even when its code left a callback spinning', async () => {
    const skills = mkdtempSync(join(tmpdir(), 'exec-leaves-'))
    mkdirSync(join(skills, 'spinner'))
    writeFileSync(join(skills, 'spinner', 'SKILL.md'), '---\nname: spinner\ndescription: Leaves a callback.\n---\nSpin.\n')
    writeFileSync(join(skills, 'spinner', 'skill.py'), LEAVES_SPIN)
    const root = join(import.meta.dirname, '../..')
    // A process group of its own: whatever the CLI started stays in it, also once the CLI is gone.
    const cli = spawn(
      process.execPath,
      ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'exec', '--skills', skills, '--skill', 'spinner'],
      {
        cwd: root,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let out = ''
    cli.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    const group = cli.pid!
    try {
      const code = await new Promise<number | null>((resolve) => cli.on('exit', resolve))
      expect(out, out).toContain('"result":"scheduled"')
      expect(code).toBe(0)
      let left = groupMembers(group)
      for (let tries = 0; left.length && tries < 30; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        left = groupMembers(group)
      }
      expect(left).toEqual([])
    } finally {
      try {
        process.kill(-group, 'SIGKILL')
      } catch {
        // Nothing left to end.
      }
      rmSync(skills, { recursive: true, force: true })
    }
  })

  it('a result over the size limit is the run’s too-large error, what it printed kept; the next run in the same process answers', async () => {
    const over = MAX_CODE_RESULT_BYTES + 1_000_000
    const big = await run(tool(`def run(args):\n    print("made it")\n    return "x" * ${over}\n`))
    expect(failure(big)).toMatch(/^too-large: The result is 11(\.\d)? MB, over the 10 MB limit: return a summary or fewer items\.$/)
    expect(big.stdout).toBe('made it\n')
    // The items of a structure count together.
    const many = await run(tool(`def run(args):\n    return {"rows": ["r" * 9_998] * ${over / 10_000}}\n`))
    expect(failure(many)).toMatch(/^too-large: The result is 11(\.\d)? MB, over the 10 MB limit/)
    const processes = sandboxProcessesStarted()
    // Just under the limit still comes back whole.
    const under = await run(tool(`def run(args):\n    return "y" * ${MAX_CODE_RESULT_BYTES - 100}\n`))
    expect(under.ok && typeof under.result === 'string' && under.result.length).toBe(MAX_CODE_RESULT_BYTES - 100)
    expect(await run(tool('def run(args):\n    return 3\n'))).toMatchObject({ ok: true, result: 3 })
    expect(sandboxProcessesStarted()).toBe(processes)
  })

  it('an exception with a huge message comes back cut, like printed output', async () => {
    const outcome = await run(tool('def run(args):\n    raise ValueError("v" * 12_000_000)\n'))
    expect(outcome.ok).toBe(false)
    if (outcome.ok) return
    expect(outcome.error.type).toBe('exception')
    expect(outcome.error.message).toMatch(/^ValueError: v+\n\[\.\.\. cut: more than 20000 characters\]$/)
    expect(outcome.error.traceback?.length).toBeLessThan(21_000)
  })

  it.runIf(process.platform === 'linux')(
    'a CLI stopped by SIGTERM in the middle of an endless loop leaves no sandbox process, and ends as SIGTERM ends it',
    async () => {
      const skills = mkdtempSync(join(tmpdir(), 'exec-signal-'))
      mkdirSync(join(skills, 'spin'))
      writeFileSync(join(skills, 'spin', 'SKILL.md'), '---\nname: spin\ndescription: Never returns.\n---\nSpin.\n')
      // The code holds half a gigabyte, then spins: the sandbox's memory says from outside that the loop has begun.
      const held = 512 * 1024 * 1024
      writeFileSync(join(skills, 'spin', 'skill.py'), `def run(args):\n    held = b"spin" * ${held / 4}\n    while True:\n        pass\n`)
      const root = join(import.meta.dirname, '../..')
      const cli = spawn(
        process.execPath,
        ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'exec', '--skills', skills, '--skill', 'spin', '--timeout', '600'],
        { cwd: root, detached: true, stdio: 'ignore' },
      )
      const group = cli.pid!
      const ended = new Promise<NodeJS.Signals | null>((resolve) => cli.on('exit', (_code, signal) => resolve(signal)))
      try {
        let sandbox: number | undefined
        for (let tries = 0; sandbox === undefined && tries < 600; tries++) {
          await pause(100)
          sandbox = sandboxesIn(group).find((pid) => residentBytes(pid) > held)
        }
        expect(sandbox, 'no sandbox process held the code’s memory').toBeDefined()
        process.kill(cli.pid!, 'SIGTERM')
        expect(await ended).toBe('SIGTERM')
        let left = sandboxesIn(group)
        for (let tries = 0; left.length && tries < 30; tries++) {
          await pause(100)
          left = sandboxesIn(group)
        }
        expect(left).toEqual([])
      } finally {
        try {
          process.kill(-group, 'SIGKILL')
        } catch {
          // Nothing left to end.
        }
        rmSync(skills, { recursive: true, force: true })
      }
    },
  )

  it("the child's Node refuses the host's files, processes and workers to any code inside it: the boundary", async () => {
    // Whatever reaches JavaScript in the child is held by Node's permission model, not by a guard
    // in Python: the child's own options, with a script that tries each door directly.
    const probe = String.raw`
      import fs from 'node:fs'
      import childProcess from 'node:child_process'
      import { Worker } from 'node:worker_threads'
      const [pyodide, file, dir] = process.argv.slice(1)
      const tried = {}
      const attempt = (name, action) => {
        try {
          const value = action()
          tried[name] = typeof value === 'string' ? value.slice(0, 40) : 'done'
        } catch (error) {
          tried[name] = error.code ?? error.message
        }
      }
      attempt('read pyodide', () => JSON.parse(fs.readFileSync(pyodide + '/package.json', 'utf8')).name)
      attempt('read secret', () => fs.readFileSync(file, 'utf8'))
      attempt('read secret through ..', () => fs.readFileSync(pyodide + '/../../../../../../..' + file, 'utf8'))
      attempt('list the folder', () => fs.readdirSync(dir).join())
      attempt('write beside it', () => fs.writeFileSync(dir + '/written.txt', 'changed'))
      attempt('change it', () => fs.appendFileSync(file, 'changed'))
      attempt('write in pyodide', () => fs.writeFileSync(pyodide + '/written.txt', 'changed'))
      attempt('spawn', () => childProcess.spawnSync('touch', [dir + '/written.txt']).error?.code ?? 'spawned')
      attempt('worker', () => new Worker('1', { eval: true }) && 'started')
      attempt('binding', () => process.binding('fs') && 'bound')
      attempt('eval', () => eval('"evaluated"'))
      process.stdout.write(JSON.stringify(tried))
    `
    const pyodide = pyodideFolder()
    const child = spawn(
      process.execPath,
      [...sandboxOptions([pyodide]), '--input-type=module', '--eval', probe, pyodide, hostFile, hostDir],
      {
        env: { PATH: process.env.PATH ?? '' },
      },
    )
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000)
    await new Promise((resolve) => child.on('close', resolve))
    clearTimeout(timer)
    const denied = 'ERR_ACCESS_DENIED'
    expect(JSON.parse(out)).toEqual({
      'read pyodide': 'pyodide',
      'read secret': denied,
      'read secret through ..': denied,
      'list the folder': denied,
      'write beside it': denied,
      'change it': denied,
      'write in pyodide': denied,
      spawn: denied,
      worker: denied,
      binding: denied,
      eval: 'Code generation from strings disallowed for this context',
    })
    expect(readFileSync(hostFile, 'utf8')).toBe(SECRET)
    expect(existsSync(join(hostDir, 'written.txt'))).toBe(false)
  })
})

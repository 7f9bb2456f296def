/**
 * The only module that imports Pyodide: starts interpreters for runs of a skill's code, in the
 * page's worker (pythonWorker.ts) or the CLI's child process (src/cli/pythonChild.ts), with the
 * same hardening in both (docs/skill-code.md, "The sandbox").
 *
 * Every run gets an interpreter of its own. Starting Python from nothing is the slow part, so a
 * host keeps a memory snapshot of a freshly started Python (taken before any user code, before
 * the hardening) and restores each run's interpreter from it: a new Emscripten module with new
 * memory, file system and host references, the hardening applied again; nothing of an earlier
 * run is in it (docs/skill-code.md, "A ready Python"). A host that restores many gives the URL of
 * Pyodide's Emscripten module (`moduleURL`): the wasm compiled for its first interpreter is then
 * instantiated again for the next ones instead of compiled again (code only; every instance has
 * its own memory, tables and globals).
 */
import { loadPyodide, version as pyodideVersion, type PyodideAPI } from 'pyodide'
import {
  BLOCKED_MODULES,
  FORGET_HOST,
  MAX_CODE_OUTPUT_CHARS,
  PYTHON_HARNESS,
  capResult,
  readOutcome,
  SANDBOX_ROOT,
  sandboxFiles,
  type CodeRunOutcome,
  type CodeRunRequest,
} from '../core/code'

export interface PythonRuntime {
  /** Runs one request. The runtime is spent afterwards: the host starts a fresh one for the next run. */
  run: (request: CodeRunRequest) => CodeRunOutcome
}

/** Pyodide's version: a snapshot is only valid for the build it was taken from. */
export const PYODIDE_VERSION: string = pyodideVersion

/** What the harness imports, imported before the snapshot so that no run pays for it. */
const PRELOADED = 'import sys, json, io, importlib, traceback, time, os, runpy, types'

function options(indexURL: string, host: PythonHost) {
  return {
    indexURL,
    // Given as text, every interpreter parses its own copy (no object of one is another's).
    ...(host.lockFile === undefined ? {} : { lockFileContents: host.lockFile }),
    jsglobals: Object.create(null) as object,
    // Nothing of the host's environment (keys, paths) reaches Python.
    env: { HOME: '/home/pyodide' },
    stdout: () => {},
    stderr: () => {},
    checkAPIVersion: true,
  }
}

/** How a host that restores interpreters loads Pyodide. */
export interface PythonHost {
  /**
   * Pyodide's Emscripten module (`pyodide.asm.mjs` in the folder `indexURL` names) as a URL this
   * host can import: given, the wasm compiled for this process's first interpreter is kept for the
   * next ones.
   */
  moduleURL?: string
  /**
   * Pyodide's lock file (`pyodide-lock.json` in the folder `indexURL` names) as text, read once by
   * a host that starts many interpreters instead of by each of them.
   */
  lockFile?: string
}

/**
 * Loads Pyodide from `indexURL` (its wasm, stdlib and loader served beside it). The `js` module is
 * an empty object instead of the host's globals, the bridges to the host API are unregistered, and
 * Python keeps no reference to the API (docs/skill-code.md, "The sandbox"). With `snapshot` the
 * interpreter is restored from it instead of started.
 */
export async function startPython(indexURL: string, snapshot?: Uint8Array, host: PythonHost = {}): Promise<PythonRuntime> {
  const config = { ...options(indexURL, host), ...(await moduleOption(host)) }
  const pyodide = await loadPyodide(snapshot ? { ...config, _loadSnapshot: snapshot } : config)
  const python = pythonOf(pyodide)
  closeHostDoors(pyodide, python)
  return { run: (request) => run(pyodide, python, request) }
}

/**
 * Starts Python from nothing and returns its memory snapshot, taken before any user code and
 * before the hardening (which each restored interpreter applies again), together with an
 * interpreter started from it for the first run.
 */
export async function snapshotPython(indexURL: string, host: PythonHost = {}): Promise<{ snapshot: Uint8Array; runtime: PythonRuntime }> {
  const pyodide = await loadPyodide({ ...options(indexURL, host), ...(await moduleOption(host)), _makeSnapshot: true })
  pyodide.runPython(PRELOADED)
  const snapshot = (pyodide as unknown as { makeMemorySnapshot: () => Uint8Array }).makeMemorySnapshot()
  const python = pythonOf(pyodide)
  closeHostDoors(pyodide, python)
  return { snapshot, runtime: { run: (request) => run(pyodide, python, request) } }
}

/** What Pyodide hands Emscripten's module factory, as far as instantiating the wasm goes. */
interface ModuleSettings {
  instantiateWasm?: (
    imports: { env: Record<string, unknown> },
    receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
  ) => object
}
type ModuleFactory = (settings: ModuleSettings) => Promise<unknown>

/**
 * This process's compiled Pyodide wasm, and the two helper imports Pyodide adds to it (stateless
 * functions of a tiny wasm module of its own), from the first interpreter instantiated.
 */
let compiled: { module: WebAssembly.Module; helpers: Record<string, unknown> } | undefined
const factories = new Map<string, Promise<ModuleFactory>>()

/**
 * Pyodide's `createPyodideModule` option: its own factory, instantiating the kept compiled wasm
 * when there is one (a new instance, with its own memory), else letting Pyodide compile it and
 * keeping what it compiled.
 */
async function moduleOption(host: PythonHost): Promise<{ createPyodideModule?: never }> {
  const url = host.moduleURL
  if (!url) return {}
  let factory = factories.get(url)
  if (!factory) {
    factory = import(/* @vite-ignore */ url).then((loaded: { default: ModuleFactory }) => loaded.default)
    factories.set(url, factory)
    // A module that failed to load is tried again next time, not remembered.
    factory.catch(() => factories.delete(url))
  }
  const create = await factory
  const reusing: ModuleFactory = (settings) => {
    const instantiate = settings.instantiateWasm
    if (instantiate)
      settings.instantiateWasm = (imports, receive) => {
        const kept = compiled
        if (!kept)
          return instantiate(imports, (instance, module) => {
            compiled = {
              module,
              helpers: { Jsv_GetError_import: imports.env.Jsv_GetError_import, JsvError_Check: imports.env.JsvError_Check },
            }
            receive(instance, module)
          })
        Object.assign(imports.env, kept.helpers)
        WebAssembly.instantiate(kept.module, imports as WebAssembly.Imports).then(
          (instance) => receive(instance, kept.module),
          // Pyodide's own way, compiling again, is the fallback.
          () => instantiate(imports, receive),
        )
        return {}
      }
    return create(settings)
  }
  return { createPyodideModule: reusing as never }
}

/** The parts of the API Pyodide keeps to itself, each a way to the host for whoever holds it. */
interface PyodideInternals {
  _api?: object
  _module?: object
}

/** Python's own `exec` and `eval` of one interpreter, taken before any user code runs in it. */
interface PythonBuiltins {
  exec: (source: string, globals: unknown) => void
  eval: (source: string, globals: unknown) => unknown
}

function pythonOf(pyodide: PyodideAPI): PythonBuiltins {
  // Kept for the interpreter's life: its functions are borrowed from the module's proxy.
  const builtins = pyodide.pyimport('builtins') as unknown as PythonBuiltins
  return { exec: builtins.exec, eval: builtins.eval }
}

/**
 * Runs one of core's fixed Python sources (FORGET_HOST, PYTHON_HARNESS: statements, then one
 * expression on the last line) and gives that expression's value, as `runPython` does, but
 * compiled by Python's own `compile`: `runPython` parses the source into an `ast` tree in Python
 * first, which every run would pay for again in its fresh interpreter (docs/bench.md).
 */
function evaluate(python: PythonBuiltins, source: string, globals: unknown): unknown {
  const text = source.trimEnd()
  const last = text.lastIndexOf('\n')
  python.exec(text.slice(0, last), globals)
  return python.eval(text.slice(last + 1), globals)
}

function closeHostDoors(pyodide: PyodideAPI, python: PythonBuiltins): void {
  for (const name of ['js', 'pyodide_js']) {
    try {
      pyodide.unregisterJsModule(name)
    } catch {
      // Not registered in this build: nothing to close.
    }
  }
  // A host file system could be mounted through the API object if user code ever reached it.
  const filesystems = (pyodide.FS as unknown as { filesystems?: Record<string, unknown> }).filesystems
  if (filesystems) for (const name of ['NODEFS', 'NATIVEFS_ASYNC', 'PROXYFS', 'WORKERFS']) delete filesystems[name]
  forgetHost(pyodide, python)
}

/**
 * Drops Python's own references to the API (Pyodide's modules keep some where the collector finds
 * them), so code that removes the import guard has no handle on the host. Refuses to go on when
 * one is left where it cannot be dropped: that Python must not run user code.
 */
function forgetHost(pyodide: PyodideAPI, python: PythonBuiltins): void {
  const internals = pyodide as unknown as PyodideInternals
  const doors = [pyodide, internals._api, internals._module, pyodide.FS].filter((door) => door !== undefined)
  const scope = pyodide.toPy({}) as { destroy?: () => void }
  const forget = evaluate(python, FORGET_HOST, scope) as ((...doors: object[]) => unknown) & {
    destroy: () => void
  }
  try {
    const left = forget(...doors) as { toJs?: () => unknown; destroy?: () => void } | undefined
    const names = left?.toJs?.()
    left?.destroy?.()
    if (Array.isArray(names) && names.length) throw new Error(`Python still holds the host's objects (in ${names.join(', ')}).`)
  } finally {
    forget.destroy()
    scope.destroy?.()
  }
}

function run(pyodide: PyodideAPI, python: PythonBuiltins, request: CodeRunRequest): CodeRunOutcome {
  const started = Date.now()
  const { dirs, files } = sandboxFiles(request)
  const fs = pyodide.FS
  for (const dir of dirs) fs.mkdirTree(dir)
  for (const file of files) {
    fs.writeFile(file.path, file.text)
    fs.chmod(file.path, 0o444)
  }
  // Read-only: the code can read its own files (open(__file__)) but not change them.
  for (const dir of dirs) if (dir !== SANDBOX_ROOT) fs.chmod(dir, 0o555)
  const globals = pyodide.toPy({
    __request: JSON.stringify(request),
    __blocked: BLOCKED_MODULES,
    __root: SANDBOX_ROOT,
    __limit: MAX_CODE_OUTPUT_CHARS,
  }) as { destroy?: () => void }
  try {
    const text = evaluate(python, PYTHON_HARNESS, globals)
    // A result too large to travel is the run's error here, where both the page's worker and the
    // CLI's sandbox process get it, before it is copied to the page or written to a pipe.
    return capResult(readOutcome(text, Date.now() - started), typeof text === 'string' ? text.length : 0)
  } catch (error) {
    // The harness catches the code's own exceptions; this is the interpreter failing (e.g. a
    // RecursionError that escaped, or memory running out).
    return { ok: false, error: { type: 'exception', message: lastLine(error) }, stdout: '', stderr: '', ms: Date.now() - started }
  } finally {
    globals.destroy?.()
  }
}

function lastLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.trim().split('\n').slice(-1)[0] ?? text
}

/**
 * What runs a skill's code, the same in the page's worker and in the CLI's child process
 * (docs/skill-code.md): the Python that mounts the files read-only,
 * closes the doors user code must not open, calls the entry and serialises what it returns.
 */
import { sandboxFailure, type CodeRunOutcome, type CodeRunRequest } from './codeRun'

/** Where the skill's folder is mounted in the sandbox's in-memory file system (as package `skill`). */
export const SANDBOX_ROOT = '/sandbox'

/**
 * Modules user code may not import: the bridges to the host (`js`, `pyodide_js`, Pyodide's own
 * modules), sockets (Pyodide would tunnel them through WebSockets), foreign calls and the
 * collector that could find the bridges' objects anyway.
 */
export const BLOCKED_MODULES = [
  'js',
  'pyodide_js',
  'pyodide',
  '_pyodide',
  '_pyodide_core',
  'micropip',
  'socket',
  '_socket',
  'ssl',
  '_ssl',
  'select',
  'selectors',
  'ctypes',
  '_ctypes',
  'gc',
  'subprocess',
  'multiprocessing',
]

/**
 * Run once after Pyodide has started, before any user code: evaluates to a function that drops
 * every reference Python holds to the host's objects it is called with (the Pyodide API, its
 * internal API, the Emscripten module, the file system). Pyodide's own modules keep them (the
 * loaders of the `pyodide_js` modules, for one) where `gc.get_objects()` finds them even after the
 * modules are unregistered. Returns what it could not drop, for the host to refuse to run with.
 */
export const FORGET_HOST = String.raw`
def __forget_host(*doors):
    import gc
    from types import CellType
    from pyodide.ffi import JsProxy

    ids = {door.js_id for door in doors}
    # Every proxy type has this metaclass: comparing it is much quicker than isinstance(JsProxy).
    proxy_type = type(JsProxy)

    def is_door(value):
        # An interpreter restored from a memory snapshot holds the API through a reference whose
        # js_id differs from a new proxy's: equality (JavaScript's ===) is what decides then.
        return type(type(value)) is proxy_type and (value.js_id in ids or any(value == door for door in doors))

    holders = []
    for holder in gc.get_objects():
        for value in gc.get_referents(holder):
            # The type test first: it is what nearly every value fails, without a call.
            if type(type(value)) is proxy_type and is_door(value):
                holders.append(holder)
                break
    left = []
    for holder in holders:
        if holder is doors:
            continue
        if isinstance(holder, dict):
            for key in [key for key, value in holder.items() if is_door(value)]:
                del holder[key]
        elif isinstance(holder, list):
            holder[:] = [value for value in holder if not is_door(value)]
        elif isinstance(holder, CellType):
            holder.cell_contents = None
        elif isinstance(getattr(holder, "__dict__", None), dict):
            attributes = holder.__dict__
            for key in [key for key, value in attributes.items() if is_door(value)]:
                del attributes[key]
        else:
            left.append(type(holder).__name__)
    return left

__forget_host
`

/**
 * The harness, run once per call with `__request` (JSON text) defined; its last expression is the
 * outcome as JSON text. Files arrive already mounted by the host (mountFiles).
 */
export const PYTHON_HARNESS = String.raw`
import sys, json, io, importlib, traceback, time

def __playground_main(request_text, blocked, root, limit):
    request = json.loads(request_text)

    class Capped(io.TextIOBase):
        def __init__(self):
            self.parts, self.size, self.cut = [], 0, False
        def writable(self):
            return True
        def write(self, text):
            if self.size < limit:
                self.parts.append(text[: limit - self.size])
                self.size += len(text)
            if self.size >= limit:
                self.cut = True
            return len(text)
        def value(self):
            text = "".join(self.parts)
            return text + ("\n[... output cut: more than %d characters]" % limit if self.cut else "")

    class Refuse:
        def find_spec(self, name, path=None, target=None):
            top = name.split(".")[0]
            if top in blocked or name in blocked:
                raise ImportError("'%s' is not available in the playground's sandbox: skill code has no network and no access to the page or the machine." % name, name=name)
            return None

    for name in list(sys.modules):
        if name.split(".")[0] in blocked:
            del sys.modules[name]
    sys.meta_path.insert(0, Refuse())
    package_dir = root + "/skill"
    # The folder is the package "skill" (for "from .tool import add"); its files are importable by
    # name too ("import tool"), after the standard library so they cannot shadow it.
    sys.path.insert(0, root)
    sys.path.append(package_dir)

    out, err = Capped(), Capped()
    real_out, real_err = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    started = time.perf_counter()

    def user_traceback(error):
        frames = [f for f in traceback.extract_tb(error.__traceback__) if f.filename.startswith(root + "/")]
        for frame in frames:
            frame.filename = frame.filename[len(package_dir) + 1:]
        lines = ["Traceback (most recent call last):\n"] + traceback.format_list(frames) if frames else []
        lines += traceback.format_exception_only(type(error), error)
        # A SyntaxError names its file in its own text: shown relative to the skill's folder too.
        return "".join(lines).replace(package_dir + "/", "")

    def run_script(entry, argv):
        # As "python <entry> <argv>" from the skill's folder: the script's own folder first on the
        # path (for its siblings), its exit status as the result, an exception as status 1.
        import os, runpy
        path = package_dir + "/" + entry
        sys.argv = [entry] + [str(arg) for arg in argv]
        sys.path.insert(0, os.path.dirname(path))
        os.chdir(package_dir)
        code = 0
        try:
            runpy.run_path(path, run_name="__main__")
        except SystemExit as stop:
            if stop.code is None or isinstance(stop.code, int):
                code = stop.code or 0
            else:
                print(stop.code, file=sys.stderr)
                code = 1
        except BaseException as error:
            sys.stderr.write(user_traceback(error))
            code = 1
        return {"ok": True, "result": {"exit_code": code}}

    def finish(outcome):
        sys.stdout, sys.stderr = real_out, real_err
        outcome["stdout"], outcome["stderr"] = out.value(), err.value()
        outcome["ms"] = round((time.perf_counter() - started) * 1000)
        return json.dumps(outcome, ensure_ascii=False)

    if request.get("script") is not None:
        return finish(run_script(request["entry"], request["script"].get("argv", [])))

    try:
        module = importlib.import_module("skill." + request["entry"][:-3].replace("/", "."))
    except BaseException as error:
        return finish({"ok": False, "error": {"type": "exception", "message": "%s could not be loaded: %s: %s" % (request["entry"], type(error).__name__, error), "traceback": user_traceback(error)}})
    entry = getattr(module, request["function"], None)
    if not callable(entry):
        return finish({"ok": False, "error": {"type": "no-entry", "message": "%s defines no %s(args) function to call." % (request["entry"], request["function"])}})
    try:
        result = entry(request["args"])
    except BaseException as error:
        return finish({"ok": False, "error": {"type": "exception", "message": "%s: %s" % (type(error).__name__, error), "traceback": user_traceback(error)}})

    def plain(value, where):
        if value is None or isinstance(value, (bool, str)):
            return value
        if isinstance(value, (int, float)):
            if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
                raise TypeError("%s is %r, which JSON cannot hold" % (where, value))
            return value
        if isinstance(value, (list, tuple)):
            return [plain(item, "%s[%d]" % (where, index)) for index, item in enumerate(value)]
        if isinstance(value, dict):
            for key in value:
                if not isinstance(key, str):
                    raise TypeError("%s has the key %r, which is not text" % (where, key))
            return {key: plain(item, "%s[%r]" % (where, key)) for key, item in value.items()}
        raise TypeError("%s is a %s" % (where, type(value).__name__))

    try:
        return finish({"ok": True, "result": plain(result, "the result")})
    except TypeError as error:
        return finish({"ok": False, "error": {"type": "not-serializable", "message": "%s returned something that is not plain data: %s. Return dicts, lists, numbers, strings, booleans or None." % (request["function"], error)}})
    except RecursionError:
        # A list that holds itself, or data nested deeper than Python's recursion limit.
        return finish({"ok": False, "error": {"type": "not-serializable", "message": "%s returned data that holds itself or is nested too deeply to write out. Return dicts, lists, numbers, strings, booleans or None, a few levels deep." % request["function"]}})

__playground_main(__request, set(__blocked), __root, __limit)
`

/** The directories and files to create for a request, `__init__.py` added where a folder has none. */
export function sandboxFiles(request: CodeRunRequest): { dirs: string[]; files: { path: string; text: string }[] } {
  const base = `${SANDBOX_ROOT}/skill`
  const dirs = new Set<string>([SANDBOX_ROOT, base])
  const files = new Map<string, string>()
  for (const file of request.files) {
    const parts = file.path.split('/')
    for (let depth = 1; depth < parts.length; depth++) dirs.add(`${base}/${parts.slice(0, depth).join('/')}`)
    files.set(`${base}/${file.path}`, file.text)
  }
  for (const dir of dirs) if (dir !== SANDBOX_ROOT && !files.has(`${dir}/__init__.py`)) files.set(`${dir}/__init__.py`, '')
  return { dirs: [...dirs].sort((a, b) => a.length - b.length), files: [...files].map(([path, text]) => ({ path, text })) }
}

/** Reads the harness's answer; anything else is the sandbox's own failure. */
export function readOutcome(text: unknown, fallbackMs: number): CodeRunOutcome {
  try {
    const value = JSON.parse(String(text)) as CodeRunOutcome
    if (typeof value === 'object' && value !== null && typeof value.ok === 'boolean') return value
  } catch {
    // Reported below.
  }
  return sandboxFailure('The sandbox returned no readable outcome.', fallbackMs)
}

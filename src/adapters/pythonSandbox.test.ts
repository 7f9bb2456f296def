/**
 * The page's Python warm-up (docs/skill-code.md, "A ready Python"): a Python that could not start
 * is not kept as the spare, so the next warm-up and Run code start a new one, as the page's note
 * "Python could not start: Run code tries again." says. Workers here answer as pythonWorker.ts
 * does: the first start fails (a download cut off), the next ones start.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PythonWorkerReply, PythonWorkerRequest } from './pythonWorker'

class FakeWorker {
  static started: FakeWorker[] = []
  static failStarts = 0
  onmessage: ((event: MessageEvent<PythonWorkerReply>) => void) | null = null
  onerror: ((event: ErrorEvent) => void) | null = null
  terminated = false

  constructor() {
    FakeWorker.started.push(this)
  }

  postMessage(message: PythonWorkerRequest): void {
    const reply = (data: PythonWorkerReply) =>
      setTimeout(() => {
        if (!this.terminated) this.onmessage?.({ data } as MessageEvent<PythonWorkerReply>)
      })
    if (message.type === 'start') {
      if (FakeWorker.failStarts > 0) {
        FakeWorker.failStarts--
        reply({ type: 'failed', message: 'pyodide.asm.wasm could not be loaded' })
      } else reply({ type: 'ready' })
    } else reply({ type: 'outcome', outcome: { ok: true, result: 3, stdout: '', stderr: '', ms: 1 } })
  }

  terminate(): void {
    this.terminated = true
  }
}

beforeEach(() => {
  vi.resetModules()
  FakeWorker.started = []
  FakeWorker.failStarts = 1
  vi.stubGlobal('Worker', FakeWorker)
  vi.stubGlobal('document', { baseURI: 'http://127.0.0.1/' })
})
afterEach(() => vi.unstubAllGlobals())

const request = { files: [{ path: 'skill.py', text: 'def run(args):\n    return 3\n' }], entry: 'skill.py', function: 'run', args: {} }

describe('the page’s Python warm-up', () => {
  it('a warm-up that failed is not kept: the next warm-up starts a new Python', async () => {
    const { warmPython } = await import('./pythonSandbox')
    expect(await warmPython()).toBe(false)
    expect(FakeWorker.started[0]!.terminated).toBe(true)
    expect(await warmPython()).toBe(true)
    expect(FakeWorker.started).toHaveLength(2)
  })

  it('Run code after a failed warm-up tries again and runs', async () => {
    const { runPythonInPage, warmPython } = await import('./pythonSandbox')
    expect(await warmPython()).toBe(false)
    const outcome = await runPythonInPage(request, { signal: new AbortController().signal, timeoutMs: 5_000 })
    expect(outcome).toMatchObject({ ok: true, result: 3 })
  })
})

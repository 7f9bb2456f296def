/**
 * Numbered request/reply calls to a Web Worker, shared by the tool worker and the token counter:
 * the worker starts on the first call; `stop` terminates it and rejects every call in flight (the
 * next call starts a fresh one), which is how a runaway call is killed.
 */

/** What a worker answers to call `id`. */
export type WorkerReply<Value> = { id: number; ok: true; value: Value } | { id: number; ok: false; message: string; refused?: boolean }

export interface WorkerChannel<Request, Value> {
  call: (request: Request) => Promise<Value>
  stop: (reason: string) => void
}

/**
 * `create` builds the worker (the `new Worker(new URL(…, import.meta.url))` stays in the caller, where
 * the bundler finds it); `failure` turns a refused or failed reply into the error the caller throws.
 */
export function createWorkerChannel<Request extends object, Value>(
  create: () => Worker,
  failure: (reply: { message: string; refused?: boolean }) => Error,
  name: string,
): WorkerChannel<Request, Value> {
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (value: Value) => void; reject: (error: Error) => void }>()
  const stop = (reason: string) => {
    worker?.terminate()
    worker = null
    for (const call of pending.values()) call.reject(new Error(reason))
    pending.clear()
  }
  const started = (): Worker => {
    if (worker) return worker
    const created = create()
    created.onmessage = (event: MessageEvent<WorkerReply<Value>>) => {
      const reply = event.data
      const call = pending.get(reply.id)
      if (!call) return
      pending.delete(reply.id)
      if (reply.ok) call.resolve(reply.value)
      else call.reject(failure(reply))
    }
    created.onerror = (event) => {
      event.preventDefault()
      stop(`The ${name} failed: ${event.message || 'it could not start'}.`)
    }
    worker = created
    return created
  }
  return {
    stop,
    call: (request) =>
      new Promise<Value>((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve, reject })
        started().postMessage({ id, ...request })
      }),
  }
}

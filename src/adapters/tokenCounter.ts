/**
 * Counts tokens off the page's thread (docs/agent-loop.md, "Nothing freezes"): a Web Worker holds the
 * tokenizer, and only the first MAX_COUNTED_CHARS characters of a text are counted.
 */
import { countedPart, type TokenCount } from '../core/routing'

export interface TokenWorkerRequest {
  id: number
  text: string
}

export type TokenWorkerReply = { id: number; ok: true; tokens: number } | { id: number; ok: false; message: string }

export type CountTokens = (text: string) => Promise<TokenCount>

/** One counter per page: the worker starts on the first count and is kept for the next. */
export function createTokenCounter(): CountTokens {
  if (typeof Worker === 'undefined') {
    // Where there is no worker (Node, the tests) count in place.
    return async (text) => {
      const { countTokens } = await import('./tokenizer')
      const part = countedPart(text)
      return { tokens: countTokens(part.text), capped: part.capped }
    }
  }
  let worker: Worker | null = null
  let nextId = 1
  const pending = new Map<number, { resolve: (tokens: number) => void; reject: (error: Error) => void }>()
  const started = (): Worker => {
    if (worker) return worker
    const created = new Worker(new URL('./tokenWorker.ts', import.meta.url), { type: 'module' })
    created.onmessage = (event: MessageEvent<TokenWorkerReply>) => {
      const reply = event.data
      const call = pending.get(reply.id)
      if (!call) return
      pending.delete(reply.id)
      if (reply.ok) call.resolve(reply.tokens)
      else call.reject(new Error(reply.message))
    }
    created.onerror = (event) => {
      event.preventDefault()
      created.terminate()
      worker = null
      for (const call of pending.values()) call.reject(new Error(event.message || 'The token counter could not start.'))
      pending.clear()
    }
    worker = created
    return created
  }
  return (text) => {
    const part = countedPart(text)
    return new Promise<TokenCount>((resolve, reject) => {
      const id = nextId++
      pending.set(id, { resolve: (tokens) => resolve({ tokens, capped: part.capped }), reject })
      started().postMessage({ id, text: part.text } satisfies TokenWorkerRequest)
    })
  }
}

/**
 * Counts tokens off the page's thread (docs/agent-loop.md, "Nothing freezes"): a Web Worker holds the
 * tokenizer, and only the first MAX_COUNTED_CHARS characters of a text are counted.
 */
import { countedPart, type TokenCount } from '../core/routing'
import { createWorkerChannel, type WorkerReply } from './workerChannel'

export interface TokenWorkerRequest {
  id: number
  text: string
}

export type TokenWorkerReply = WorkerReply<number>

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
  const worker = createWorkerChannel<Omit<TokenWorkerRequest, 'id'>, number>(
    () => new Worker(new URL('./tokenWorker.ts', import.meta.url), { type: 'module' }),
    (reply) => new Error(reply.message),
    'token counter',
  )
  return async (text) => {
    const part = countedPart(text)
    return { tokens: await worker.call({ text: part.text }), capped: part.capped }
  }
}

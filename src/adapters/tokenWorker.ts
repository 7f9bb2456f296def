/**
 * The worker the token meter counts in: the o200k tokenizer (2 MB) is parsed here, not on the page,
 * and a long text is counted without holding up typing.
 */
import { countTokens } from './tokenizer'
import type { TokenWorkerReply, TokenWorkerRequest } from './tokenCounter'

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TokenWorkerRequest>) => void) | null
  postMessage: (message: TokenWorkerReply) => void
}

scope.onmessage = (event) => {
  const { id, text } = event.data
  try {
    scope.postMessage({ id, ok: true, value: countTokens(text) })
  } catch (error) {
    scope.postMessage({ id, ok: false, message: error instanceof Error ? error.message : String(error) })
  }
}

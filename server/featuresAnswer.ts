/**
 * The server's answer at SERVER_FEATURES_PATH: what it offers, so the page asks for nothing that
 * is not there (docs/hosting.md). Answered without the team token: it tells only whether the
 * token is needed, never anything behind it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SERVER_FEATURES_PATH, type ServerFeatures } from '../src/core/hosting'

/** Connect-style: answers the features at their address and passes every other request on. */
export function createFeaturesAnswer(features: () => ServerFeatures) {
  return (request: IncomingMessage, response: ServerResponse, next: () => void): void => {
    const path = (request.url ?? '/').split('?')[0] ?? '/'
    if (path !== `/${SERVER_FEATURES_PATH}` || (request.method !== 'GET' && request.method !== 'HEAD')) return next()
    response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    response.end(request.method === 'HEAD' ? undefined : JSON.stringify(features()))
  }
}

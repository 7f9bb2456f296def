/**
 * A raw GET to a local server, for tests: the path is sent exactly as written (fetch and browsers
 * normalise a malformed or `..` path before it leaves, which is what the server must be tested on).
 */
import { request } from 'node:http'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

export function rawGet(port: number, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('latin1') }),
      )
    })
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/**
 * The production server: serves the built app from dist/ and the same guarded /v1 proxy as the
 * dev server. Binds to loopback unless HOST says otherwise.
 *   npm run build && OPENAI_API_KEY=... npm run serve
 */
import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { createOpenAIProxy, proxySettingsFrom } from './openaiProxy'

const root = resolve(import.meta.dirname, '../dist')
const port = Number(process.env.PORT) || 4173
const host = process.env.HOST || '127.0.0.1'
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
}
// The app loads nothing from elsewhere; Monaco needs inline styles.
const CSP =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; worker-src 'self' blob:; connect-src 'self' https: http://localhost:* http://127.0.0.1:*; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

if (!existsSync(join(root, 'index.html'))) {
  console.error('No build found in dist/: run `npm run build` first.')
  process.exit(1)
}

const proxy = createOpenAIProxy(() => proxySettingsFrom(process.env))

const server = createServer((request, response) => {
  proxy(request, response, () => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405).end()
      return
    }
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/')
    let file = normalize(join(root, path))
    if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = join(root, 'index.html')
    const immutable = file.includes(`${join(root, 'assets')}`)
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    })
    createReadStream(file).pipe(response)
  })
})

server.listen(port, host, () => {
  const settings = proxySettingsFrom(process.env)
  console.log(`Skill Playground at http://${host}:${port}/`)
  console.log(
    settings.apiKey
      ? `OpenAI proxy: forwarding to ${settings.baseUrl} (model ${settings.model})`
      : 'OpenAI proxy: no OPENAI_API_KEY set; the scripted model still works.',
  )
})

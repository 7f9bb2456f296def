import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { MAX_READERS, readableTextInWorker } from './readableTextInWorker'

const article = (n: number) =>
  `<html><head><title>Page ${n}</title></head><body><article><p>${`Sentence ${n} of the article, long enough to be read. `.repeat(8)}</p></article></body></html>`
/** Inside the limits, so Readability reads it, which takes a while over this many elements. */
const HEAVY = `<html><body>${'<div>word word more words here to read, and more.</div>'.repeat(9_500)}</body></html>`

describe('readableTextInWorker', () => {
  it(`reads more pages at once than it has workers (${MAX_READERS}): the others wait their turn`, async () => {
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => readableTextInWorker(article(n), AbortSignal.timeout(15_000))))
    expect(pages.map((page) => page.title)).toEqual(['Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 5'])
    expect(pages[4]!.text).toContain('Sentence 5 of the article')
  })

  it('a page given up on while it waits leaves the queue, and workers ended at their time-out free their places', async () => {
    const busy = Array.from({ length: MAX_READERS }, () =>
      readableTextInWorker(HEAVY, AbortSignal.timeout(1000)).catch((error: unknown) => error),
    )
    const giveUp = new AbortController()
    const waiting = readableTextInWorker(article(0), giveUp.signal).catch((error: unknown) => error)
    setTimeout(() => giveUp.abort(new Error('given up')), 100)
    const started = performance.now()
    expect(await waiting).toMatchObject({ message: 'given up' })
    expect(performance.now() - started).toBeLessThan(900)
    // Each either ran out of time (here, usually) or finished first (a fast machine): its place is free either way.
    for (const outcome of await Promise.all(busy))
      expect(outcome).toSatisfy((value) => (value instanceof Error ? value.name === 'TimeoutError' : typeof value === 'object'))
    // Every place came back: the next pages are read.
    const after = await Promise.all([6, 7, 8].map((n) => readableTextInWorker(article(n), AbortSignal.timeout(15_000))))
    expect(after.map((page) => page.title)).toEqual(['Page 6', 'Page 7', 'Page 8'])
  })

  it("runs from a build too: plain Node, no tsx, the worker's script beside this module", async () => {
    const out = mkdtempSync(join(tmpdir(), 'readable-build-'))
    try {
      await build({
        entryPoints: [join(import.meta.dirname, 'readableTextInWorker.ts'), join(import.meta.dirname, 'readableTextWorker.ts')],
        outdir: out,
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        logLevel: 'warning',
        // Bundled CommonJS (Readability) calls require(); give the ES module one, as scripts/buildCli.mjs does.
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      })
      const script = `const { readableTextInWorker } = await import(${JSON.stringify(pathToFileURL(join(out, 'readableTextInWorker.js')).href)})
const page = await readableTextInWorker(${JSON.stringify(article(9))}, AbortSignal.timeout(15000))
console.log(JSON.stringify(page))`
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 15_000 })
      expect(JSON.parse(stdout)).toMatchObject({ title: 'Page 9', text: expect.stringContaining('Sentence 9 of the article') as unknown })
    } finally {
      rmSync(out, { recursive: true, force: true })
    }
  })
})

/**
 * Bytes a first visit costs (production build through `npm run serve`'s server, brotli as the
 * browser asks): before the utterance box is usable, and in the first 5 s. Run by `npm run bench`.
 */
import { existsSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { accessSettingsFrom } from '../server/accessControl'
import { proxySettingsFrom } from '../server/openaiProxy'
import { createPlaygroundServer } from '../server/playgroundServer'

const root = join(import.meta.dirname, '..')
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(executablePath)) {
  console.log(`first-visit benchmark skipped: no Chromium at ${executablePath}`)
  process.exit(0)
}
await build({ root, logLevel: 'error' })
const server = createPlaygroundServer({
  root: join(root, 'dist'),
  proxy: () => proxySettingsFrom({}),
  access: accessSettingsFrom({}),
  log: () => {},
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
const browser = await chromium.launch({ executablePath, args: ['--disable-background-networking', '--disable-component-update'] })
try {
  const rows = []
  for (let round = 1; round <= 2; round++) {
    const page = await browser.newPage()
    const finished: { bytes: number; at: number }[] = []
    const start = Date.now()
    page.on('requestfinished', (request) => {
      void request.sizes().then(
        (sizes) => finished.push({ bytes: sizes.responseBodySize + sizes.responseHeadersSize, at: Date.now() - start }),
        () => {},
      )
    })
    await page.goto(url)
    await page.getByRole('textbox', { name: 'Test utterance' }).waitFor()
    const ready = Date.now() - start
    await page.waitForTimeout(5000)
    const kib = (until: number) =>
      Math.round(finished.filter((entry) => entry.at <= until).reduce((sum, entry) => sum + entry.bytes, 0) / 1024)
    rows.push({ round, 'usable after (ms)': ready, 'bytes before usable (KiB)': kib(ready), 'bytes in the first 5 s (KiB)': kib(5000) })
    await page.close()
  }
  console.log('First visit (production server, compressed transfer):')
  console.table(rows)
} finally {
  await browser.close()
  server.close()
}

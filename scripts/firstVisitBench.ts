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
import { pressTimes, timeKeyPresses } from './keystrokeTiming'

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

  // Someone who types the moment the box appears: each keystroke timed from its keydown to the
  // frame painted after it, while the rest of the page (Monaco above all) is still arriving.
  const typing = []
  for (let round = 1; round <= 2; round++) {
    const page = await browser.newPage()
    await page.addInitScript(() => localStorage.setItem('skill-playground:guide-seen', '1'))
    await page.addInitScript(timeKeyPresses)
    const start = Date.now()
    await page.goto(url)
    const box = page.getByRole('textbox', { name: 'Test utterance' })
    await box.click()
    await box.pressSequentially('plan the weekly report, then compute 2^20', { delay: 60 })
    const typed = Date.now() - start
    await page.locator('.monaco-editor').first().waitFor()
    const editor = Date.now() - start
    const keystrokes = await page.evaluate(pressTimes)
    const sorted = [...keystrokes].sort((a, b) => a - b)
    typing.push({
      round,
      keystrokes: sorted.length,
      'p95 (ms)': (sorted[Math.floor(sorted.length * 0.95)] ?? 0).toFixed(1),
      'slowest (ms)': (sorted[sorted.length - 1] ?? 0).toFixed(1),
      'typing done after (ms)': typed,
      'editor shown after (ms)': editor,
    })
    await page.close()
  }
  console.log('Typing from the first moment (keystroke to painted frame):')
  console.table(typing)
} finally {
  await browser.close()
  server.close()
}

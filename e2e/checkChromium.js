// Playwright cannot download a browser here; it drives the system's Chromium. Say how to get one.
import { existsSync } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  console.error(`No Chromium at ${path}. The end-to-end tests drive the system's Chromium:
  Debian/Ubuntu:  sudo apt-get install -y chromium
  elsewhere:      set CHROMIUM_PATH to a Chromium or Chrome executable`)
  process.exit(1)
}

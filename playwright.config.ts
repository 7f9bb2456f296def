import { defineConfig } from '@playwright/test'

const port = Number(process.env.E2E_PORT) || 4317
/** The local OpenAI-compatible test server (e2e/fakeOpenAI.ts) the proxy forwards to. */
export const FAKE_OPENAI_PORT = port + 1
export const TEST_API_KEY = 'sk-test-server-side-key-7f3a9c'

export default defineConfig({
  testDir: 'e2e',
  // CI is two cores running two workers, each with its Chromium: generous limits, so a slow
  // machine is not a failure. What must be fast is asserted as such, not through these.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    // No browser download works here: drive the system's Chromium (Debian's package).
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The production build and server, so what is tested is what ships.
    command: 'npm run build && npm run serve',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      OPENAI_API_KEY: TEST_API_KEY,
      OPENAI_BASE_URL: `http://127.0.0.1:${FAKE_OPENAI_PORT}/v1`,
      OPENAI_MODEL: 'test-model',
    },
    url: `http://127.0.0.1:${port}`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
})

import { defineConfig } from 'vitest/config'

/**
 * `npm run test:package`: the packed package installed in a folder of its own (scripts/installedPackage.test.ts).
 * Apart from the unit tests: it packs, installs and starts servers, so it runs once, after them.
 */
export default defineConfig({
  test: {
    include: ['scripts/installedPackage.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
})

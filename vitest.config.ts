import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'server/**/*.test.ts', 'scripts/benchFigures.test.ts'],
    environment: 'node',
    // The property tests (brute-force agreement over many random cases) take 3–4 s here and went past
    // the 5 s default on a loaded two-core machine; a hung test still fails, later.
    testTimeout: 20_000,
    benchmark: { include: ['src/**/*.bench.ts'] },
  },
})

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['spec/**/*.spec.ts'],
    setupFiles: ['spec/setup/fast-check-seed.ts', 'spec/setup/scratch-cleanup.ts'],
    // The JSON report is what .ci/run reads to print its closing "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
  },
});

import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { specsWithoutTheirService } from './spec/support/services.js';

// Specs whose service (redis-server, chromium) cannot run here are left out, each with a line
// naming the package; under CI none is (spec/support/services.ts).
const leftOut = specsWithoutTheirService(Boolean(process.env.CI));
for (const { line } of leftOut) console.info(line);

export default defineConfig({
  test: {
    include: ['spec/**/*.spec.ts'],
    // The checks that truly need minutes (`*.long.spec.ts`) run in `npm run test:long`
    // (vitest.long.config.ts), which CI runs too.
    exclude: [...configDefaults.exclude, 'spec/**/*.long.spec.ts', ...leftOut.map(({ file }) => file)],
    // The clone's build of lib/ and tuner/ that the CLI runs, made once before the spec files start.
    globalSetup: ['spec/setup/clone-build.ts'],
    setupFiles: ['spec/setup/fast-check-seed.ts', 'spec/setup/scratch-cleanup.ts', 'spec/setup/environment.ts'],
    // The JSON report is what .ci/run reads to print its closing "N passed, N failed" line.
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
    testTimeout: 60_000,
    // One spec file a core, not vitest's default of one fewer: most specs wait on child processes
    // (the CLI, workers, Redis, chromium), so a second file on a 2-core machine nearly halves the
    // suite's time (measured in the commit that set this).
    maxWorkers: availableParallelism(),
  },
});

import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:long`: the checks that truly need minutes (whole fault-tolerance runs on a real
// Redis, tuning runs that must beat their start), kept out of `npm test` so that it answers in
// minutes; CI runs both (.ci/run). The main config's settings, with only the long specs (its
// own lists replaced, not merged) and their own report, read beside the main one.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['spec/**/*.long.spec.ts'],
    exclude: (base.test?.exclude ?? []).filter((pattern) => pattern !== 'spec/**/*.long.spec.ts'),
    outputFile: { json: 'reports/vitest-long.json' },
  },
});

// The complete tuning run of docs/bots/README.md: the Columns solver's parameters, tuned, beat
// its start on held-out instances by more than twice the standard error. Minutes of games:
// `npm run test:long` (the wiring at the smallest run is in bots.spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { scratchDirectory } from '../support/scratch.js';

describe('docs/bots/columns-solver.mjs, tuned', () => {
  it('should be tuned to parameters that beat its start on held-out instances', () => {
    const out = join(scratchDirectory('tilefall-bots-'), 'tuned.json');
    const run = runCli(
      [
        'columns',
        'tune',
        '--bot',
        'node docs/bots/columns-solver.mjs',
        '--params',
        'docs/bots/columns-params.json',
        '--train',
        'datasets/columns/bots-train.txt',
        '--validate',
        'datasets/columns/bots-validate.txt',
        '--population',
        '8',
        '--generations',
        '3',
        '--final-candidates',
        '3',
        '--final-repeats',
        '1',
        '--seed',
        '1',
        '--workers',
        '2',
        '--out',
        out,
      ],
      { timeoutMs: 400_000 },
    );
    expect(run.status).toBe(0);
    const { params, report } = JSON.parse(readFileSync(out, 'utf8')) as {
      params: Record<string, number>;
      report: { validation: { difference: { mean: number; standardError: number } }; failures: unknown };
    };
    console.info(`tuned ${JSON.stringify(params)}: ${JSON.stringify(report.validation.difference)}`);
    expect(Object.keys(params).sort()).toEqual(['bumps', 'margin', 'pairs', 'points', 'height'].sort());
    const { mean, standardError } = report.validation.difference;
    expect(mean).toBeGreaterThan(2 * standardError);
    expect(mean).toBeGreaterThan(0);
  }, 400_000);
});

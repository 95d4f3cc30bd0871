// The README's examples are files; this runs each as a user would (npx tsx …) so they cannot rot.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WEIGHT_NAMES } from '../../lib/samegame/search/weights.js';
import { REPO_DIR } from '../support/repo.js';

const runExample = (name: string, args: string[] = []) => {
  const result = spawnSync(
    process.execPath,
    [`${REPO_DIR}node_modules/tsx/dist/cli.mjs`, `spec/examples/${name}`, ...args],
    { cwd: REPO_DIR, encoding: 'utf8', timeout: 120_000 },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Record<string, unknown>;
};

describe('README examples', () => {
  it('should judge the demo game (conformance.ts)', () => {
    expect(runExample('conformance.ts')).toEqual({ score: 251, moves: 61, end: 'terminal', error: null });
  });

  it('should solve and have the referee agree (solving.ts)', () => {
    const out = runExample('solving.ts');
    expect(out.score).toBe(out.refereeScore);
    expect(out.score as number).toBeGreaterThan(251);
  });

  it('should tune a few generations (tuning.ts)', () => {
    expect(runExample('tuning.ts')).toMatchObject({ weights: WEIGHT_NAMES.length, generations: 2 });
  }, 120_000);

  it('should play and refuse moves with typed errors (importing.ts)', () => {
    expect(runExample('importing.ts')).toEqual({ legalMoves: 3, points: 1, unchanged: true, refused: 'single-cell' });
  });
});

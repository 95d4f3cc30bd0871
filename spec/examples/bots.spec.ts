// The example bots of docs/bots/ as a user meets them: each plays valid games under the judge, its
// parameters change how well it plays, and tuning the Columns solver runs end to end (that the
// complete run of docs/bots/README.md beats its start: bots-tuning.long.spec.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';
import { scratchDirectory } from '../support/scratch.js';

interface JudgedRun {
  readonly total: number;
  readonly ends: readonly string[];
}

/** Judges `command` with the parameters `params` (the contract's env) and reads the JSON report. */
function judged(game: 'samegame' | 'columns', command: string, data: string[], params: object): JudgedRun {
  const run = runCli([game, 'judge', '--bot', command, ...data, '--jobs', '2', '--json'], {
    env: { TILEFALL_PARAMS: JSON.stringify(params), TILEFALL_SEED: '1' },
    timeoutMs: 240_000,
  });
  expect(run.stderr).not.toMatch(/Error|tilefall:/);
  const report = JSON.parse(run.stdout) as {
    games?: { score: number; end: string }[];
    instances?: { score: number; end: string }[];
  };
  const games = report.games ?? report.instances ?? [];
  return { total: games.reduce((s, g) => s + g.score, 0), ends: games.map((g) => g.end) };
}

const startOf = (file: string): Record<string, number> =>
  Object.fromEntries(
    Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, { start: number }>).map(([k, v]) => [
      k,
      v.start,
    ]),
  );

describe('docs/bots/samegame_bot.py', () => {
  it('should play whole games and play better with the tabu color kept for later', () => {
    const data = ['--dataset', 'datasets/samegame/validate.txt', '--boards', '2'];
    const start = judged(
      'samegame',
      'python3 docs/bots/samegame_bot.py',
      data,
      startOf('docs/bots/samegame-params.json'),
    );
    const better = judged('samegame', 'python3 docs/bots/samegame_bot.py', data, {
      tabu: 10,
      gather: 20,
      singletons: -3,
    });
    expect(start.ends).toEqual(['terminal', 'terminal']);
    expect(better.ends).toEqual(['terminal', 'terminal']);
    expect(better.total).toBeGreaterThan(start.total);
  }, 240_000);
});

describe('docs/bots/columns-solver.mjs', () => {
  it('should score every instance and score more with same-colored neighbors rewarded', () => {
    const data = ['--dataset', 'datasets/columns/bots-train.txt'];
    const start = judged(
      'columns',
      'node docs/bots/columns-solver.mjs',
      data,
      startOf('docs/bots/columns-params.json'),
    );
    const better = judged('columns', 'node docs/bots/columns-solver.mjs', data, { pairs: 50, margin: 4 });
    expect(new Set([...start.ends, ...better.ends])).toEqual(new Set(['scored']));
    expect(better.total).toBeGreaterThan(start.total);
  }, 240_000);

  it('should run the documented tuning end to end: every parameter tuned within its bounds, a held-out report', () => {
    // The wiring at the smallest run; that the complete run beats the start is bots-tuning.long.spec.ts.
    const out = join(scratchDirectory('tilefall-bots-'), 'tuned.json');
    const run = runCli(
      [
        ...['columns', 'tune', '--bot', 'node docs/bots/columns-solver.mjs'],
        ...['--params', 'docs/bots/columns-params.json', '--train', 'datasets/columns/bots-train.txt'],
        ...['--validate', 'datasets/columns/bots-validate.txt', '--population', '2', '--generations', '1'],
        ...['--final-candidates', '1', '--final-repeats', '1', '--seed', '1', '--workers', '2', '--out', out],
      ],
      { timeoutMs: 240_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const { params, report } = JSON.parse(readFileSync(out, 'utf8')) as {
      params: Record<string, number>;
      report: { validation: { difference: { mean: number }; instances: number } };
    };
    const bounds = JSON.parse(readFileSync('docs/bots/columns-params.json', 'utf8')) as Record<
      string,
      { min: number; max: number }
    >;
    expect(Object.keys(params).sort()).toEqual(Object.keys(bounds).sort());
    for (const [name, value] of Object.entries(params)) {
      expect(value).toBeGreaterThanOrEqual(bounds[name].min);
      expect(value).toBeLessThanOrEqual(bounds[name].max);
    }
    expect(report.validation.instances).toBeGreaterThan(0);
    expect(Number.isFinite(report.validation.difference.mean)).toBe(true);
  }, 240_000);
});

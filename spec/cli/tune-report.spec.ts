// The tune report's flag on tuned weights that end on a bound of their range (the built-in
// solver's weights; a program's parameters are flagged in spec/cli/bot-tune.spec.ts).
import { describe, expect, it } from 'vitest';
import { type TuneRunFacts, tuneOutputJson, tuneSummary } from '../../lib/cli/tune-report.js';
import { defaultGaSettings } from '../../tuner/ga.js';
import type { TuneResult } from '../../tuner/tune.js';

const estimate = { mean: 10, standardError: 1, n: 2 };
/** A finished run whose tuned weights are `weights`, and nothing failed. */
const result = (weights: Record<string, number>): TuneResult => ({
  weights,
  history: [],
  finalists: [{ origin: 'start', genome: Object.values(weights), mean: 10 }],
  finalSample: 'training-fresh-seeds',
  validation: {
    instances: 2,
    tuned: estimate,
    start: estimate,
    difference: estimate,
    tunedScores: [],
    startScores: [],
  },
  failures: { records: [], totals: { games: 8, failed: 0, byKind: { timeout: 0, crash: 0, invalid: 0, memory: 0 } } },
  games: { played: 8, saved: 0 },
});
const facts: TuneRunFacts = {
  game: 'samegame',
  settings: defaultGaSettings(4, 2, 1),
  nodes: 100,
  train: { file: 'train.txt', instances: 2 },
  validate: { file: 'validate.txt', instances: 2 },
  optimizer: 'cmaes',
  spec: {
    names: ['tabu', 'depth', 'mix'],
    bounds: [
      [-20, 20],
      [1, 4],
      [0, 1],
    ],
  },
};

describe('the tune report', () => {
  it('should flag the tuned weights on a bound of their range, in the output and the summary', () => {
    const tuned = result({ tabu: -20, depth: 2.5, mix: 1 });
    expect(JSON.parse(tuneOutputJson(tuned, facts)).report.onBounds).toEqual([
      { name: 'tabu', value: -20, bound: 'min', min: -20, max: 20 },
      { name: 'mix', value: 1, bound: 'max', min: 0, max: 1 },
    ]);
    expect(tuneSummary(tuned, facts, 'out.json').split('\n')).toContain(
      'on its bound: widen the range: tabu -20 (min -20), mix 1 (max 1)',
    );
  });

  it('should say nothing of bounds when every tuned weight is inside its range', () => {
    const tuned = result({ tabu: 3, depth: 2.5, mix: 0.5 });
    expect(JSON.parse(tuneOutputJson(tuned, facts)).report.onBounds).toEqual([]);
    expect(tuneSummary(tuned, facts, 'out.json')).not.toMatch(/on its bound/);
  });
});

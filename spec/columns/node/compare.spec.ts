import { describe, expect, it } from 'vitest';
import { compareWeights } from '../../../lib/columns/node/compare.js';
import { solve } from '../../../lib/columns/search/solver.js';
import { DEFAULT_WEIGHTS, type Weights } from '../../../lib/columns/search/weights.js';
import type { ComparedInstance } from '../../../lib/core/paired-comparison.js';
import { generated } from '../arbitraries.js';

// Short games, so a small node budget measures the chain potential too.
const instances = [
  ...generated({ seed: 41, columns: 100, colors: 3 }),
  ...generated({ seed: 42, columns: 100, colors: 6 }),
];
const other: Weights = { ...DEFAULT_WEIGHTS, pairs: 5, potentialFactor: 9, chainPotential: 0.9 };
const budget = { nodes: 200_000 };

describe('compareWeights', () => {
  it("should score each side of every instance as the solver does with that side's weights, telling the listener in order", () => {
    const heard: [ComparedInstance, number][] = [];
    const { rows, summary } = compareWeights(instances, { a: DEFAULT_WEIGHTS, b: other }, budget, (row, i) =>
      heard.push([row, i]),
    );
    const scored = (weights: Weights) =>
      instances.map((instance) => {
        const solution = solve(instance, { budget, weights });
        if (!solution.ok) throw new Error(solution.error.message);
        return solution.value.score;
      });
    expect(rows.map((r) => r.a)).toEqual(scored(DEFAULT_WEIGHTS));
    expect(rows.map((r) => r.b)).toEqual(scored(other));
    expect(heard).toEqual(rows.map((row, i) => [row, i]));
    expect(summary.n).toBe(2);
  }, 60_000);

  it('should read no difference when both sides are the same weights', () => {
    const { rows, summary } = compareWeights(instances, { a: other, b: other }, budget);
    expect(rows.every((r) => r.a === r.b)).toBe(true);
    expect(summary.meanDifference).toBe(0);
  }, 60_000);
});

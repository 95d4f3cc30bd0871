import { describe, expect, it } from 'vitest';
import type { ComparedInstance } from '../../../lib/core/paired-comparison.js';
import { bGoesFirst, compareWeights } from '../../../lib/samegame/node/compare.js';
import { solve } from '../../../lib/samegame/search/solver.js';
import { DEFAULT_WEIGHTS, type Weights } from '../../../lib/samegame/search/weights.js';
import { generated } from '../boards.js';

const boards = generated({ count: 3, seed: 77, width: 10, height: 10, colors: 4 });
// Fewer rollouts, harder on singletons: a search that plays other games on these boards.
const other: Weights = { ...DEFAULT_WEIGHTS, rolloutFactor: 2, singletons: -150, rolloutBlend: 0.4 };
const weights = { a: DEFAULT_WEIGHTS, b: other };
const budget = { nodes: 60_000 };

/** The score `solve` gives each board with `side` at the comparison's budget and seed. */
const scored = (side: Weights, seed: number) =>
  boards.map((board) => {
    const solution = solve(board, { budget, weights: side, seed });
    if (!solution.ok) throw new Error(solution.error.message);
    return solution.value.score;
  });

describe('bGoesFirst', () => {
  it('should alternate the side that runs first when the sides run one at a time, and never when side by side', () => {
    expect([0, 1, 2, 3].map((i) => bGoesFirst(i, 1))).toEqual([false, true, false, true]);
    expect([0, 1, 2, 3].map((i) => bGoesFirst(i, 2))).toEqual([false, false, false, false]);
  });
});

describe('compareWeights', () => {
  it("should score each side of every board as solve does with that side's weights and the same seed", async () => {
    const { rows, summary } = await compareWeights(boards, weights, { budget, seed: 4, jobs: 1 });
    expect(rows.map((r) => r.a)).toEqual(scored(DEFAULT_WEIGHTS, 4));
    expect(rows.map((r) => r.b)).toEqual(scored(other, 4));
    expect(summary.n).toBe(3);
    expect(summary.totalB - summary.totalA).toBe(rows.reduce((s, r) => s + r.b - r.a, 0));
  }, 60_000);

  it('should give the same rows with the sides on workers at once, and hear them in board order', async () => {
    const alone = await compareWeights(boards, weights, { budget, seed: 4, jobs: 1 });
    const heard: [ComparedInstance, number][] = [];
    const sideBySide = await compareWeights(boards, weights, { budget, seed: 4, jobs: 4 }, (row, i) =>
      heard.push([row, i]),
    );
    expect(sideBySide.rows).toEqual(alone.rows);
    expect(heard).toEqual(alone.rows.map((row, i) => [row, i]));
  }, 60_000);
});

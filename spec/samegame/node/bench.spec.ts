import { describe, expect, it } from 'vitest';

import { parseBoards } from '../../../lib/samegame/engine/text.js';
import {
  type BoardBench,
  benchBoards,
  benchCurve,
  playoutSpeed,
  type SolvePlan,
  type SolveProgress,
  solveAll,
} from '../../../lib/samegame/node/bench.js';
import { readRepoFile } from '../../support/repo.js';
import { rowsBoard } from '../boards.js';

// Boards with one line only, so every budget, the solver and both baselines score them alike:
// one color clears in one move, (9 - 2)^2 + 1000; eight cells around a lone one score (8 - 2)^2
// and leave it.
const CLEARED = rowsBoard(
  [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ],
  1,
);
const LONE = rowsBoard(
  [
    [1, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ],
  2,
);
const ONE_LINE = [CLEARED, LONE];
const PLAN: SolvePlan = { weights: undefined, seed: 1, threads: 1, jobs: 1 };

describe('solveAll', () => {
  it('should answer in board order whatever order the solves end in, telling the listener of each', async () => {
    const heard: SolveProgress[] = [];
    const solved = await solveAll([LONE, CLEARED, LONE], 0.05, { ...PLAN, jobs: 2 }, (p) => heard.push(p));
    expect(solved.map((s) => s.solution.score)).toEqual([36, 1049, 36]);
    expect(heard.map((p) => p.index).sort()).toEqual([0, 1, 2]);
    expect(heard.map((p) => p.done)).toEqual([1, 2, 3]);
    expect(heard.every((p) => p.budget === 0.05 && p.solved === solved[p.index])).toBe(true);
  }, 60_000);
});

describe('benchBoards', () => {
  it("should give each board's solver line, the cells it leaves and both baselines, with their totals", async () => {
    const rows: [BoardBench, number][] = [];
    const bench = await benchBoards(ONE_LINE, 0.05, PLAN, { row: (row, i) => rows.push([row, i]) });
    expect(bench.rows).toMatchObject([
      { solver: 1049, moves: 1, left: 0, greedy: 1049, random: 1049 },
      { solver: 36, moves: 1, left: 1, greedy: 36, random: 36 },
    ]);
    expect(bench.totals).toEqual({ solver: 1085, greedy: 1085, random: 1085 });
    expect(bench.rows.every((r) => r.playouts >= 1)).toBe(true);
    expect(bench.slowest).toBe(Math.max(...bench.rows.map((r) => r.seconds)));
    expect(rows).toEqual(bench.rows.map((row, i) => [row, i]));
  }, 60_000);

  it('should tell the listener of every solve before the first row', async () => {
    const events: string[] = [];
    await benchBoards(ONE_LINE, 0.05, PLAN, {
      solved: ({ index }) => events.push(`solved ${index}`),
      row: (_, i) => events.push(`row ${i}`),
    });
    expect(events).toEqual(['solved 0', 'solved 1', 'row 0', 'row 1']);
  }, 60_000);
});

describe('benchCurve', () => {
  it('should solve every board at every budget, the smallest first, with the totals and the gains between budgets', async () => {
    const heard: number[] = [];
    const curve = await benchCurve(ONE_LINE, [0.1, 0.05], PLAN, { solved: (p) => heard.push(p.budget) });
    expect(curve.budgets).toEqual([0.05, 0.1]);
    expect(curve.scores).toEqual([
      [1049, 36],
      [1049, 36],
    ]);
    expect(curve.totals).toEqual([
      { seconds: 0.05, total: 1085 },
      { seconds: 0.1, total: 1085 },
    ]);
    expect(curve.steps).toEqual([{ from: 0.05, to: 0.1, gain: { mean: 0, standardError: 0, n: 2 } }]);
    expect(heard).toEqual([0.05, 0.05, 0.1, 0.1]);
  }, 60_000);
});

describe('playoutSpeed', () => {
  it('should count playouts a second of both kinds', () => {
    const boards = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
    if (!boards.ok) throw new Error(boards.error.message);
    const speed = playoutSpeed(boards.value[0], 5, 1);
    expect(Number.isFinite(speed.kernel) && speed.kernel > 0).toBe(true);
    expect(Number.isFinite(speed.naive) && speed.naive > 0).toBe(true);
  });
});

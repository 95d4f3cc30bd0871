import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../lib/samegame/board.js';
import { Evaluator } from '../../lib/samegame/evaluation.js';
import { greedyLine } from '../../lib/samegame/greedy.js';
import { createSurvey, Kernel } from '../../lib/samegame/kernel.js';
import { referee } from '../../lib/samegame/referee.js';
import { type SolveOptions, solve } from '../../lib/samegame/solver.js';
import { parseBoards } from '../../lib/samegame/text.js';
import { DEFAULT_WEIGHTS, WEIGHT_BOUNDS, WEIGHT_NAMES, type WeightName } from '../../lib/samegame/weights.js';
import { readRepoFile } from '../support/repo.js';
import { boardArb, standardBoardArb } from './arbitraries.js';

const standard = parseBoards(readRepoFile('datasets/samegame/standard20.txt'));
if (!standard.ok) throw new Error(standard.error.message);

/** Solves, then checks that the multi-turn referee plays the line to its end for exactly the claimed score. */
function expectRefereeAgrees(board: Board, options: SolveOptions): void {
  const solution = solve(board, options);
  if (!solution.ok) throw new Error(solution.error.message);
  const verdict = referee(
    board,
    solution.value.moves.map((m) => `${m.x} ${m.y}`),
    'multi-turn',
  );
  expect(verdict.end).toBe('terminal');
  expect(verdict.score).toBe(solution.value.score);
}

describe('solve', () => {
  it('should return a line the referee accepts with exactly the claimed score', () => {
    fc.assert(
      fc.property(fc.oneof(boardArb({ maxWidth: 10, maxHeight: 10 }), standardBoardArb), fc.integer(), (board, seed) =>
        expectRefereeAgrees(board, { budget: { nodes: 3000 }, seed }),
      ),
      { numRuns: 30 },
    );
  });

  it('should stay legal and exactly scored with any weights within the tuner bounds', () => {
    // Regression: a rollout factor below 1 once let the beam read past its candidate list.
    const weightsArb = fc.record(
      Object.fromEntries(
        WEIGHT_NAMES.map((n) => [n, fc.double({ min: WEIGHT_BOUNDS[n][0], max: WEIGHT_BOUNDS[n][1], noNaN: true })]),
      ) as Record<WeightName, fc.Arbitrary<number>>,
    );
    fc.assert(
      fc.property(standardBoardArb, weightsArb, fc.integer(), (board, weights, seed) =>
        expectRefereeAgrees(board, { budget: { nodes: 8000 }, weights, seed }),
      ),
      { numRuns: 25 },
    );
  });

  it('should give the same moves for the same seed and node budget', () => {
    const a = solve(standard.value[2], { budget: { nodes: 60_000 }, seed: 5 });
    const b = solve(standard.value[2], { budget: { nodes: 60_000 }, seed: 5 });
    expect(a.ok && b.ok).toBe(true);
    expect(a).toEqual(b);
  });

  it('should never do worse than the greedy line it starts from, and beat it with more budget', () => {
    const board = standard.value[0];
    const root = Kernel.fromBoard(board);
    const greedy = greedyLine(root, { evaluator: new Evaluator(DEFAULT_WEIGHTS, createSurvey(15, 15, 5)) });
    const small = solve(board, { budget: { nodes: 1 } });
    const large = solve(board, { budget: { nodes: 200_000 } });
    expect(small.ok && small.value.score).toBe(greedy.score);
    expect(large.ok && large.value.score).toBeGreaterThan(greedy.score);
  });

  it('should widen its beam pass after pass under a node budget alone', () => {
    // Regression: with no time limit, Infinity - Infinity made every pass after the first NaN
    // wide, and those passes kept nothing, so extra nodes were wasted.
    const board = standard.value[1];
    const small = solve(board, { budget: { nodes: 400_000 }, seed: 3 });
    const large = solve(board, { budget: { nodes: 2_000_000 }, seed: 3 });
    expect(small.ok && large.ok).toBe(true);
    if (!small.ok || !large.ok) return;
    expect(Number.isInteger(small.value.width)).toBe(true);
    expect(small.value.width).toBeGreaterThan(8);
    expect(large.value.width).toBeGreaterThan(2 * small.value.width);
  });

  it('should solve a board with no legal move as an empty line scoring 0', () => {
    const checker = { width: 2, height: 2, colors: 2, cells: [0, 1, 1, 0] };
    expect(solve(checker, { budget: { nodes: 100 } })).toEqual({
      ok: true,
      value: { score: 0, moves: [], nodes: 0, width: expect.any(Number) },
    });
  });
});

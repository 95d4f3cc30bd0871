/**
 * Baselines the benchmark compares the solver with: the 1-ply greedy line and the best of
 * uniformly random playouts within a budget.
 */

import { Budget, type BudgetLimits } from '../../core/budget.js';
import { createRandom } from '../../core/random.js';
import type { Board } from '../engine/board.js';
import type { Line } from './beam.js';
import { Evaluator } from './evaluation.js';
import { greedyLine } from './greedy.js';
import { createSurvey, Kernel } from './kernel.js';
import { randomPlayout } from './playout.js';
import { DEFAULT_WEIGHTS, type Weights } from './weights.js';

/**
 * The greedy line by the evaluation (one ply). Within a budget (a large board's greedy game takes
 * seconds) the moves left when it runs out are played by a seeded TabuColor playout.
 */
export function greedyBaseline(
  board: Board,
  weights: Weights = DEFAULT_WEIGHTS,
  budget: BudgetLimits = {},
  seed = 1,
): Line {
  return greedyLine(Kernel.fromBoard(board), {
    evaluator: new Evaluator(weights, createSurvey(board.width, board.height, board.colors)),
    budget: new Budget(budget),
    random: createRandom(seed),
  });
}

/** The best of random playouts until the budget is spent; `nodes` counts moves played. */
export function bestRandomPlayout(board: Board, budget: BudgetLimits, seed = 1): Line & { playouts: number } {
  const root = Kernel.fromBoard(board);
  const kernel = root.clone();
  const random = createRandom(seed);
  const spent = new Budget(budget);
  const moves = new Int32Array(board.width * board.height);
  const length = { length: 0 };
  let best: Line = { score: 0, moves: [] };
  let playouts = 0;
  do {
    kernel.copyFrom(root);
    const points = randomPlayout(kernel, random, { moves, played: length });
    // A playout costs at least one node: on a board with no move left it plays none, and a node
    // budget would otherwise never run out.
    spent.nodes += Math.max(1, length.length);
    playouts++;
    if (playouts === 1 || points > best.score)
      best = { score: points, moves: Array.from(moves.subarray(0, length.length)) };
  } while (!spent.exhausted());
  return { ...best, playouts };
}

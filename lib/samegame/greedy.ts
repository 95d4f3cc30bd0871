/**
 * The greedy-plus-rollout core: each candidate move is scored by its points plus the weighted
 * evaluation of the position it leads to, plus (optionally) the mean of a few random rollouts
 * from there; the best is played, until the game ends.
 */

import type { Budget } from '../core/budget.js';
import type { Random } from '../core/random.js';
import type { Line } from './beam.js';
import type { Evaluator } from './evaluation.js';
import type { Kernel } from './kernel.js';
import { randomPlayout } from './playout.js';

/** The evaluation and optional rollouts the greedy line uses. */
export interface GreedyOptions {
  readonly evaluator: Evaluator;
  /** Random rollouts per candidate (0 = pure evaluation). */
  readonly rollouts?: number;
  /** Weight of the rollouts' mean points in a candidate's value. */
  readonly rolloutWeight?: number;
  readonly random?: Random;
  readonly budget?: Budget;
}

/** Plays the greedy line from `start` to the end; `start` is not changed. */
export function greedyLine(
  start: Kernel,
  { evaluator, rollouts = 0, rolloutWeight = 1, random, budget }: GreedyOptions,
): Line {
  const position = start.clone();
  const child = start.clone();
  const probe = start.clone();
  const moves = new Int32Array(start.width * start.height);
  const line: number[] = [];
  for (;;) {
    const count = position.legalMoves(moves);
    if (count === 0) break;
    let bestValue = -Infinity;
    let bestMove = moves[0];
    for (let m = 0; m < count; m++) {
      child.copyFrom(position);
      child.regionAt(moves[m]);
      child.removeRegion();
      if (budget) budget.nodes++;
      let value = evaluator.value(child);
      if (rollouts > 0 && random && evaluator.survey.moveCount > 0) {
        let sum = 0;
        for (let r = 0; r < rollouts; r++) {
          probe.copyFrom(child);
          sum += randomPlayout(probe, random);
        }
        value += (rolloutWeight * sum) / rollouts;
      }
      if (value > bestValue) {
        bestValue = value;
        bestMove = moves[m];
      }
    }
    position.regionAt(bestMove);
    position.removeRegion();
    line.push(bestMove);
  }
  return { score: position.score - start.score, moves: line };
}

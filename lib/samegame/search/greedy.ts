/**
 * The greedy line: each move is the one whose points plus the weighted evaluation of the position
 * it leads to are highest, until the game ends. Under a budget it stops choosing when the budget
 * runs out and finishes the game with a TabuColor random playout, so it always returns a complete
 * game, and a quick one, whatever the board's size (a greedy step surveys every child, which on a
 * 64 x 64 board costs milliseconds; a whole greedy game there costs seconds).
 */

import type { Budget } from '../../core/budget.js';
import { createRandom, type Random } from '../../core/random.js';
import type { Line } from './beam.js';
import type { Evaluator } from './evaluation.js';
import { createParentSurvey, type Kernel } from './kernel.js';
import { NODE_COST } from './node-cost.js';
import { mostFrequentColor, randomPlayout } from './playout.js';

/** The evaluation that chooses the moves, and the budget and random stream that bound the line. */
export interface GreedyOptions {
  readonly evaluator: Evaluator;
  /** Counts `NODE_COST` per child evaluated and per finishing move; the line is finished by playout once spent. */
  readonly budget?: Budget;
  /** Draws the finishing playout (default: a fixed seed). */
  readonly random?: Random;
}

/** A greedy line: its first `chosen` moves were chosen greedily, the rest by the finishing playout. */
export interface GreedyLine extends Line {
  readonly chosen: number;
}

/** Plays the greedy line from `start` to the end; `start` is not changed. */
export function greedyLine(start: Kernel, { evaluator, budget, random }: GreedyOptions): GreedyLine {
  const position = start.clone();
  const child = start.clone();
  const moves = new Int32Array(start.width * start.height);
  // Each step sums the position's regions column by column once; a child then surveys only the
  // columns its move changed and their neighbors (see Kernel.surveyChild).
  const parentTotals = createParentSurvey(start.width, start.colors);
  const line: number[] = [];
  let chosen = 0;
  for (;;) {
    if (budget?.exhausted()) {
      chosen = line.length;
      finishByPlayout(position, line, random ?? createRandom(0), budget);
      return { score: position.score - start.score, moves: line, chosen };
    }
    const count = position.surveyParent(parentTotals, moves);
    if (count === 0) break;
    let bestValue = Number.NEGATIVE_INFINITY;
    let bestMove = moves[0];
    let spent = false;
    for (let m = 0; m < count; m++) {
      // A step on a large board surveys hundreds of children: look at the budget every 16.
      if ((m & 15) === 15 && budget?.exhausted()) {
        spent = true;
        break;
      }
      child.copyFrom(position);
      child.regionAt(moves[m]);
      child.removeRegion();
      if (budget) budget.nodes += NODE_COST.child;
      child.surveyChild(evaluator.survey, parentTotals);
      const value = evaluator.valueOfSurveyed(child);
      if (value > bestValue) {
        bestValue = value;
        bestMove = moves[m];
      }
    }
    if (spent) continue; // the step is dropped; the loop's check finishes the line by playout
    position.regionAt(bestMove);
    position.removeRegion();
    line.push(bestMove);
  }
  return { score: position.score - start.score, moves: line, chosen: line.length };
}

/** Ends the game from `position` by a TabuColor playout, appending its moves to `line`. */
function finishByPlayout(position: Kernel, line: number[], random: Random, budget: Budget): void {
  const moves = new Int32Array(position.width * position.height);
  const played = { length: 0 };
  const tabuColor = mostFrequentColor(position, new Int32Array(position.colors));
  randomPlayout(position, random, { moves, played, tabuColor });
  budget.nodes += NODE_COST.playoutMove * played.length;
  for (let i = 0; i < played.length; i++) line.push(moves[i]);
}

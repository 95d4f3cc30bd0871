/**
 * Improving the rest of a game's plan from the position reached, within a small budget: what the
 * CodinGame bot does with its later turns, which the plan made on the first turn would otherwise
 * leave unused (50 ms each, about 60 of them). The plan was polished to a local optimum when it
 * was made, so the time goes to the iterated local search (`line-polish.ts`): a random change,
 * polished, kept when it scores more.
 */
import { Budget, type BudgetSpec } from '../../core/budget.js';
import type { Random } from '../../core/random.js';
import { type Board, type Cell, isOnBoard } from '../engine/board.js';
import { judgeLine } from '../engine/referee.js';
import type { Line } from './beam.js';
import { Kernel } from './kernel.js';
import { LinePolisher } from './line-polish.js';
import { indicesToCells } from './solver.js';

/**
 * `plan` (moves from `board`, cells in the positions they are played in), or a plan from `board`
 * that scores more, found within `budget`. The plan returned is replayed by the engine first, so
 * it is never illegal; a plan that is not legal from `board` is returned as it is.
 */
export function polishPlan(board: Board, plan: readonly Cell[], budget: BudgetSpec, random: Random): readonly Cell[] {
  const root = Kernel.fromBoard(board);
  const position = root.clone();
  const moves: number[] = [];
  for (const { x, y } of plan) {
    const index = x * board.height + y;
    if (!isOnBoard(board, x, y) || position.play(index) < 0) return plan;
    moves.push(index);
  }
  const running = new Budget(budget);
  const polisher = new LinePolisher(root, random);
  let best: Line = { score: position.score, moves };
  while (best.moves.length > 0 && !running.exhausted()) {
    const line = polisher.perturbAndPolish(best, running);
    if (line.score > best.score) best = line;
  }
  if (best.moves === moves) return plan;
  const better = indicesToCells(board.height, best.moves);
  const check = judgeLine(board, better);
  return check.end !== 'error' && check.score === best.score ? better : plan;
}

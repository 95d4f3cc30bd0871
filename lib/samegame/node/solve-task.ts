/**
 * One solve as plain data, for a worker thread: the board, weights, seed and budget, with a time
 * limit given as an absolute deadline (epoch milliseconds) so that every thread of a parallel
 * solve stops at the same moment whenever it started.
 */
import type { Result } from '../../core/result.js';
import type { Board, Cell } from '../engine/board.js';
import { type Solution, type SolveError, solve } from '../search/solver.js';
import type { Weights } from '../search/weights.js';

/** What a thread needs to run one solve. */
export interface SolveTask {
  readonly board: Board;
  readonly weights?: Weights;
  readonly seed: number;
  readonly nodes?: number;
  /** `performance.timeOrigin + performance.now()` at which the answer must be ready. */
  readonly deadline?: number;
  readonly initialWidth?: number;
  readonly maxWidth?: number;
  readonly knownLine?: readonly Cell[];
}

/** Milliseconds from now until an absolute deadline (comparable across threads). */
export const msUntil = (deadline: number): number => deadline - (performance.timeOrigin + performance.now());

/** Runs a task's solve in this thread. */
export function runSolveTask(task: SolveTask): Result<Solution, SolveError> {
  const budget = {
    ...(task.nodes === undefined ? {} : { nodes: task.nodes }),
    ...(task.deadline === undefined ? {} : { timeMs: Math.max(1, msUntil(task.deadline)) }),
  };
  return solve(task.board, {
    budget,
    weights: task.weights,
    seed: task.seed,
    initialWidth: task.initialWidth,
    maxWidth: task.maxWidth,
    knownLine: task.knownLine,
  });
}

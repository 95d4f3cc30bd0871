/**
 * One solve as plain data, for a worker thread: the board, weights, seed and budget, with a time
 * limit given as an absolute deadline (epoch milliseconds) so that every thread of a parallel
 * solve stops at the same moment whenever it started.
 */
import type { BudgetSpec } from '../../core/budget.js';
import type { Result } from '../../core/result.js';
import { writeFileAtomic } from '../../node/files.js';
import type { Board, Cell } from '../engine/board.js';
import type { SolveState } from '../search/solve-state.js';
import { type Solution, type SolveError, type SolveOptions, solve } from '../search/solver.js';
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
  /** Where to save the solve's state after every pass (written atomically), and a state to go on from. */
  readonly checkpoint?: TaskCheckpoint;
}

/** A thread's checkpoint file, and the state it held when the solve is resumed. */
export interface TaskCheckpoint {
  readonly file: string;
  readonly resume?: SolveState;
}

/** The solve options that save a thread's state to its checkpoint file and resume from its state. */
export function checkpointOptions(
  checkpoint: TaskCheckpoint | undefined,
): Pick<SolveOptions, 'onCheckpoint' | 'resume'> {
  if (checkpoint === undefined) return {};
  // A failed write keeps the last good file (the rename never happened); the solve goes on.
  return {
    onCheckpoint: (state) => void writeFileAtomic(checkpoint.file, JSON.stringify(state)),
    resume: checkpoint.resume,
  };
}

/** Milliseconds from now until an absolute deadline (comparable across threads). */
export const timeUntilMs = (deadline: number): number => deadline - (performance.timeOrigin + performance.now());

/** Runs a task's solve in this thread. */
export function runSolveTask(task: SolveTask): Result<Solution, SolveError> {
  // A task with neither limit is refused by `solve` itself, not searched forever.
  const budget = {
    ...(task.nodes === undefined ? {} : { nodes: task.nodes }),
    ...(task.deadline === undefined ? {} : { timeMs: Math.max(1, timeUntilMs(task.deadline)) }),
  } as BudgetSpec;
  return solve(task.board, {
    budget,
    weights: task.weights,
    seed: task.seed,
    initialWidth: task.initialWidth,
    maxWidth: task.maxWidth,
    knownLine: task.knownLine,
    ...checkpointOptions(task.checkpoint),
  });
}

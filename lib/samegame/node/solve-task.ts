/**
 * One solve as plain data, for a worker thread: the board, weights, seed and budget, with a time
 * limit given as an absolute deadline (epoch milliseconds) so that every thread of a parallel
 * solve stops at the same moment whenever it started.
 */
import type { BudgetSpec } from '../../core/budget.js';
import { ok, type Result } from '../../core/result.js';
import { type FileError, writeFileAtomic } from '../../node/files.js';
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

/** A thread's checkpoint writes: the solve options that make them, and the first that failed. */
export interface CheckpointWriter {
  /** The solve options that save the state to the checkpoint file after every pass, and resume from its state. */
  readonly options: Pick<SolveOptions, 'onCheckpoint' | 'resume'>;
  /** The first write that failed, if one did. */
  failure(): FileError | undefined;
}

/**
 * The checkpoint writes of a thread's solve. A failed write keeps the last good file (the rename
 * never happened) and the solve goes on, trying again after the next pass; the first failure is
 * kept for the caller to report, so that no write is lost silently.
 */
export function checkpointWriter(checkpoint: TaskCheckpoint | undefined): CheckpointWriter {
  let failed: FileError | undefined;
  if (checkpoint === undefined) return { options: {}, failure: () => undefined };
  const onCheckpoint = (state: SolveState) => {
    const written = writeFileAtomic(checkpoint.file, JSON.stringify(state));
    if (!written.ok) failed ??= written.error;
  };
  return { options: { onCheckpoint, resume: checkpoint.resume }, failure: () => failed };
}

/** A task's answer: the solution, and the first checkpoint write that failed, if one did. */
export type TaskSolution = Solution & { readonly checkpointFailure?: FileError };

/** The solution with the checkpoint writer's failure, when it had one. */
export function withCheckpointFailure<S extends Solution>(solution: S, writer: CheckpointWriter): S & TaskSolution {
  const failure = writer.failure();
  return failure === undefined ? solution : { ...solution, checkpointFailure: failure };
}

/** Milliseconds from now until an absolute deadline (comparable across threads). */
export const timeUntilMs = (deadline: number): number => deadline - (performance.timeOrigin + performance.now());

/** Runs a task's solve in this thread. */
export function runSolveTask(task: SolveTask): Result<TaskSolution, SolveError> {
  // A task with neither limit is refused by `solve` itself, not searched forever.
  const budget = {
    ...(task.nodes === undefined ? {} : { nodes: task.nodes }),
    ...(task.deadline === undefined ? {} : { timeMs: Math.max(1, timeUntilMs(task.deadline)) }),
  } as BudgetSpec;
  const writer = checkpointWriter(task.checkpoint);
  const solution = solve(task.board, {
    budget,
    weights: task.weights,
    seed: task.seed,
    initialWidth: task.initialWidth,
    maxWidth: task.maxWidth,
    knownLine: task.knownLine,
    ...writer.options,
  });
  return solution.ok ? ok(withCheckpointFailure(solution.value, writer)) : solution;
}

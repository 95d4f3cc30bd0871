/**
 * `solve` on several threads: thread t runs an independent search seeded `seed + t` (this thread
 * is thread 0 unless every search runs on a worker), every thread under the same budget (nodes
 * per thread, or one shared deadline), and the best answer wins, the lowest thread on ties. With
 * a node budget the result is the same for the same seed, whatever the machine's load.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { err, ok, type Result } from '../../core/result.js';
import type { Board } from '../engine/board.js';
import { widestPassThatFits } from '../search/beam-memory.js';
import { type SolveError, type SolveOptions, solve } from '../search/solver.js';
import {
  checkpointWriter,
  runSolveTask,
  type SolveTask,
  type TaskCheckpoint,
  type TaskSolution,
  withCheckpointFailure,
} from './solve-task.js';

/** Worker threads that run solve tasks; reuse one across solves (a worker takes a moment to start). */
export interface SolverPool {
  run(task: SolveTask): Promise<Result<TaskSolution, SolveError>>;
  close(): Promise<void>;
}

/** A pool of `size` worker threads, started and loaded before this resolves. */
export async function createSolverPool(size: number): Promise<SolverPool> {
  const pool = new Piscina({
    filename: new URL('./solve-worker.mjs', import.meta.url).href,
    minThreads: size,
    maxThreads: size,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const warmUp: SolveTask = { board: { width: 1, height: 1, colors: 1, cells: [0] }, seed: 1, nodes: 1 };
  await Promise.all(Array.from({ length: size }, () => pool.run(warmUp)));
  return { run: (task) => pool.run(task) as Promise<Result<TaskSolution, SolveError>>, close: () => pool.destroy() };
}

/** A solve on `threads` threads (1 runs `solve` in this thread unless `pool` is given). */
export interface ThreadedSolveOptions extends SolveOptions {
  readonly threads: number;
  /** Run every search on this pool's workers, leaving this thread free (several solves at once). */
  readonly pool?: SolverPool;
  /** Thread t's checkpoint file and the state to resume it from (see {@link checkpointFiles}). */
  readonly checkpoints?: readonly TaskCheckpoint[];
}

/** The checkpoint file of each thread: `file` itself for one thread, `file.0`, `file.1`, … for several. */
export function checkpointFiles(file: string, threads: number): string[] {
  return threads <= 1 ? [file] : Array.from({ length: threads }, (_, t) => `${file}.${t}`);
}

/**
 * The best answer of the threads; `nodes` is their total work, `thread` the winner, and
 * `checkpointFailure` the first checkpoint write of any thread that failed.
 */
export type ThreadedSolution = TaskSolution & { readonly thread: number };

/** The threads a machine offers, for option defaults. */
export const availableThreads = (): number => availableParallelism();

/** Solves `board` on `options.threads` threads. */
export async function solveInThreads(
  board: Board,
  options: ThreadedSolveOptions,
): Promise<Result<ThreadedSolution, SolveError>> {
  const seed = options.seed ?? 1;
  if (options.threads <= 1 && options.pool === undefined) {
    const { threads: _threads, pool: _pool, checkpoints, ...solveOptions } = options;
    const writer = checkpointWriter(checkpoints?.[0]);
    const single = solve(board, { ...solveOptions, ...writer.options });
    return single.ok ? ok(withCheckpointFailure({ ...single.value, thread: 0 }, writer)) : single;
  }
  const { timeMs, nodes } = options.budget;
  const deadline = timeMs === undefined ? undefined : performance.timeOrigin + performance.now() + timeMs;
  const task = (t: number): SolveTask => ({
    board,
    weights: options.weights,
    seed: seed + t,
    nodes,
    deadline,
    initialWidth: options.initialWidth,
    // The searches share the process's memory: each may run passes only as wide as its share fits.
    maxWidth: options.maxWidth ?? widestPassThatFits(board, options.threads),
    knownLine: options.knownLine,
    checkpoint: options.checkpoints?.[t],
  });
  const pool = options.pool ?? (await createSolverPool(options.threads - 1));
  try {
    // The workers start first, then this thread searches too (unless a pool runs them all).
    const first = options.pool ? 0 : 1;
    const others = Array.from({ length: options.threads - first }, (_, i) => pool.run(task(i + first)));
    const results = [...(first === 1 ? [runSolveTask(task(0))] : []), ...(await Promise.all(others))];
    let best: ThreadedSolution | undefined;
    let total = 0;
    let checkpointFailure: TaskSolution['checkpointFailure'];
    for (const [t, result] of results.entries()) {
      if (!result.ok) return err(result.error);
      total += result.value.nodes;
      checkpointFailure ??= result.value.checkpointFailure;
      if (best === undefined || result.value.score > best.score) best = { ...result.value, thread: t };
    }
    // Any thread's failed write is the solve's, whichever thread's answer wins.
    const { checkpointFailure: _winners, ...winner } = best as ThreadedSolution;
    return ok({ ...winner, nodes: total, ...(checkpointFailure === undefined ? {} : { checkpointFailure }) });
  } finally {
    if (options.pool === undefined) await pool.close();
  }
}

/**
 * Two weight sets on the same boards, as a paired difference, the way every variant of the search
 * was measured (docs/samegame-search-log.md). Both sides of a board get the same seed. With one
 * job they run back to back in this thread, the order alternating from board to board, so that a
 * shared host's changing speed and the JIT's warming fall on both alike; with two or more both
 * run at the same time, one on each worker, so that they meet the same load (on a 2-core machine:
 * one side a core). A tuner's held-out check runs at node budgets, which cannot see a weight set
 * that costs time per node; at a time budget this can.
 */
import { mapInOrder } from '../../core/map-in-order.js';
import {
  bRunsFirst,
  type ComparedInstance,
  type Comparison,
  summarizeComparison,
} from '../../core/paired-comparison.js';
import type { Board } from '../engine/board.js';
import { widestPassThatFits } from '../search/beam-memory.js';
import type { Weights } from '../search/weights.js';
import { runSolveTask, type SolveTask } from './solve-task.js';
import { createSolverPool, type SolverPool } from './threads.js';

/** A comparison's budget per solve, its seed, and how many solves run at once. */
export interface ComparePlan {
  readonly budget: { readonly timeMs?: number; readonly nodes?: number };
  readonly seed: number;
  readonly jobs: number;
}

/** The two weight sets compared. */
export interface ComparedWeights {
  readonly a: Weights;
  readonly b: Weights;
}

/** Hears each board's scores in board order, as soon as it and every board before it are done. */
export type ComparedListener = (row: ComparedInstance, index: number) => void;

/**
 * The solve of `board` under `weights` as a worker task, one of `solvesAtOnce` sharing the
 * process's memory; a time budget becomes a deadline when the solve starts.
 */
function compareTask(board: Board, weights: Weights, plan: ComparePlan, solvesAtOnce: number): SolveTask {
  const { timeMs, nodes } = plan.budget;
  return {
    board,
    weights,
    seed: plan.seed,
    nodes,
    deadline: timeMs === undefined ? undefined : performance.timeOrigin + performance.now() + timeMs,
    maxWidth: widestPassThatFits(board, solvesAtOnce),
  };
}

/**
 * Whether side B of board `index` (from 0) runs before side A: on every other board when the
 * sides run one at a time, so that neither always meets a warmer JIT or a calmer host.
 */
export const bGoesFirst = (index: number, jobs: number): boolean => jobs === 1 && bRunsFirst(index);

/**
 * Scores both sides of every board and sums them up; `onRow` hears each board's scores in board
 * order as they come. With one job the sides run here, back to back; with more, each board's two
 * sides run at once on workers, `jobs / 2` boards at a time.
 */
export async function compareWeights(
  boards: readonly Board[],
  weights: ComparedWeights,
  plan: ComparePlan,
  onRow?: ComparedListener,
): Promise<Comparison> {
  const sideBySide = plan.jobs > 1;
  const boardsAtOnce = Math.max(1, Math.floor(plan.jobs / 2));
  const solvesAtOnce = sideBySide ? 2 * boardsAtOnce : 1;
  const pool: SolverPool | undefined = sideBySide ? await createSolverPool(solvesAtOnce) : undefined;
  const score = async (board: Board, side: Weights): Promise<number> => {
    const task = compareTask(board, side, plan, solvesAtOnce);
    const solution = pool ? await pool.run(task) : runSolveTask(task);
    if (!solution.ok) throw new Error(solution.error.message);
    return solution.value.score;
  };
  const done: (ComparedInstance | undefined)[] = [];
  let reported = 0;
  try {
    const rows = await mapInOrder(boards, boardsAtOnce, async (board, i) => {
      let row: ComparedInstance;
      if (sideBySide) {
        const [a, b] = await Promise.all([score(board, weights.a), score(board, weights.b)]);
        row = { a, b };
      } else if (bGoesFirst(i, plan.jobs)) {
        const b = await score(board, weights.b);
        row = { a: await score(board, weights.a), b };
      } else {
        const a = await score(board, weights.a);
        row = { a, b: await score(board, weights.b) };
      }
      done[i] = row;
      for (let next = done[reported]; next !== undefined; next = done[++reported]) onRow?.(next, reported);
      return row;
    });
    return { rows, summary: summarizeComparison(rows) };
  } finally {
    await pool?.close();
  }
}

/**
 * The SameGame benchmark as plain data: every board solved at a time budget beside two baselines
 * run in the same process at the same budget (greedy, the best of random playouts), the curve of
 * the scores at several budgets with the paired difference from each budget to the next, and the
 * kernel's playout speed against a naive playout. Nothing here prints: a listener hears of each
 * solve as it ends and of each board's row, so that a long run can show its progress.
 */
import type { BudgetSpec } from '../../core/budget.js';
import { mapInOrder } from '../../core/map-in-order.js';
import { createRandom } from '../../core/random.js';
import { type Estimate, pairedDifference } from '../../core/statistics.js';
import { type Board, type Cell, EMPTY } from '../engine/board.js';
import { judgeLine } from '../engine/referee.js';
import { bestRandomPlayout, greedyBaseline } from '../search/baselines.js';
import { widestPassThatFits } from '../search/beam-memory.js';
import { Kernel } from '../search/kernel.js';
import { cellPlayout } from '../search/playout.js';
import type { Solution } from '../search/solver.js';
import type { Weights } from '../search/weights.js';
import { createSolverPool, solveInThreads } from './threads.js';

/** How the boards are solved: weights and seed, threads per solve, boards at once. */
export interface SolvePlan {
  readonly weights: Weights | undefined;
  readonly seed: number;
  readonly threads: number;
  readonly jobs: number;
}

/** A solve's answer and its wall time in seconds. */
export interface TimedSolution {
  readonly solution: Solution;
  readonly seconds: number;
}

/** A solve that ended, as a listener hears of it. */
export interface SolveProgress {
  /** The board, counted from 0 in the boards given. */
  readonly index: number;
  /** The time budget it was solved at, seconds. */
  readonly budget: number;
  readonly solved: TimedSolution;
  /** Solves at this budget ended so far, this one included. */
  readonly done: number;
}

/** Hears of each solve as it ends, in the order they end. */
export type SolvedListener = (progress: SolveProgress) => void;

/**
 * Solves every board at `seconds`, `plan.jobs` boards at once; answers in board order. `onSolved`
 * hears of each solve as it ends.
 */
export async function solveAll(
  boards: readonly Board[],
  seconds: number,
  plan: SolvePlan,
  onSolved?: SolvedListener,
): Promise<TimedSolution[]> {
  let done = 0;
  // One board at a time on one thread runs here; anything more runs on a pool of warm workers.
  const pool = plan.jobs * plan.threads > 1 ? await createSolverPool(plan.jobs * plan.threads) : undefined;
  try {
    return await mapInOrder(boards, plan.jobs, async (board, index) => {
      const started = performance.now();
      const solution = await solveInThreads(board, {
        budget: { timeMs: seconds * 1000 },
        weights: plan.weights,
        seed: plan.seed,
        threads: plan.threads,
        pool,
        // Every search running at once shares the process's memory.
        maxWidth: widestPassThatFits(board, plan.jobs * plan.threads),
      });
      if (!solution.ok) throw new Error(solution.error.message);
      const solved = { solution: solution.value, seconds: (performance.now() - started) / 1000 };
      onSolved?.({ index, budget: seconds, solved, done: ++done });
      return solved;
    });
  } finally {
    await pool?.close();
  }
}

/** One board's bench: the solver's answer beside the two baselines at the same budget. */
export interface BoardBench {
  /** The solver's score, the moves of its line and the cells the line leaves. */
  readonly solver: number;
  readonly moves: number;
  readonly left: number;
  /** The widest beam that ran to completion. */
  readonly width: number;
  /** The solve's wall time, seconds. */
  readonly seconds: number;
  readonly greedy: number;
  /** The best random playout's score, and how many playouts the budget allowed. */
  readonly random: number;
  readonly playouts: number;
}

/** Hears of the bench as it runs: each solve as it ends, then each board's row in board order. */
export interface BenchListener {
  readonly solved?: SolvedListener;
  readonly row?: (row: BoardBench, index: number) => void;
}

/** The bench of every board at one budget. */
export interface BoardsBench {
  /** A row per board, in board order. */
  readonly rows: readonly BoardBench[];
  readonly totals: { readonly solver: number; readonly greedy: number; readonly random: number };
  /** The slowest solve's wall time, seconds (0 for no board). */
  readonly slowest: number;
}

/**
 * Every board solved at `seconds` beside greedy and the best random playout at the same budget:
 * the solves first (several at once with `plan.jobs`), then the baselines, board by board.
 */
export async function benchBoards(
  boards: readonly Board[],
  seconds: number,
  plan: SolvePlan,
  listener?: BenchListener,
): Promise<BoardsBench> {
  const budget: BudgetSpec = { timeMs: seconds * 1000 };
  const solved = await solveAll(boards, seconds, plan, listener?.solved);
  const rows = boards.map((board, i): BoardBench => {
    const { solution } = solved[i];
    const greedy = greedyBaseline(board, plan.weights, budget, plan.seed);
    const random = bestRandomPlayout(board, budget, plan.seed);
    const row = {
      solver: solution.score,
      moves: solution.moves.length,
      left: cellsLeft(board, solution.moves),
      width: solution.width,
      seconds: solved[i].seconds,
      greedy: greedy.score,
      random: random.score,
      playouts: random.playouts,
    };
    listener?.row?.(row, i);
    return row;
  });
  const sum = (pick: (r: BoardBench) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    rows,
    totals: { solver: sum((r) => r.solver), greedy: sum((r) => r.greedy), random: sum((r) => r.random) },
    slowest: rows.reduce((slowest, r) => Math.max(slowest, r.seconds), 0),
  };
}

/** Cells the line leaves on the board, as the engine replays it. */
const cellsLeft = (board: Board, moves: readonly Cell[]): number =>
  judgeLine(board, moves).board.cells.filter((c) => c !== EMPTY).length;

/** The total at one budget, for the curve. */
export interface CurvePoint {
  readonly seconds: number;
  readonly total: number;
}

/** From one budget to the next: the paired difference of the scores, board by board (later - earlier). */
export interface CurveStep {
  readonly from: number;
  readonly to: number;
  readonly gain: Estimate;
}

/** The curve: the scores of every board at every budget. */
export interface CurveBench {
  /** The budgets, seconds, smallest first. */
  readonly budgets: readonly number[];
  /** `scores[k][i]`: board i's score at `budgets[k]`. */
  readonly scores: readonly (readonly number[])[];
  /** The total at each budget, in the order of `budgets`. */
  readonly totals: readonly CurvePoint[];
  /** Each budget against the one before (one fewer than the budgets). */
  readonly steps: readonly CurveStep[];
}

/** Every board solved at every budget, the smallest budget first; the listener hears of each solve. */
export async function benchCurve(
  boards: readonly Board[],
  budgets: readonly number[],
  plan: SolvePlan,
  listener?: Pick<BenchListener, 'solved'>,
): Promise<CurveBench> {
  const sorted = [...budgets].sort((a, b) => a - b);
  const scores: number[][] = [];
  for (const seconds of sorted) {
    scores.push((await solveAll(boards, seconds, plan, listener?.solved)).map((s) => s.solution.score));
  }
  return {
    budgets: sorted,
    scores,
    totals: sorted.map((seconds, k) => ({ seconds, total: scores[k].reduce((a, b) => a + b, 0) })),
    steps: sorted.slice(1).map((to, k) => ({ from: sorted[k], to, gain: pairedDifference(scores[k + 1], scores[k]) })),
  };
}

/** Playouts per second of the kernel's cell sampler and of a naive playout. */
export interface PlayoutSpeed {
  readonly kernel: number;
  readonly naive: number;
}

/**
 * Uniform random playouts per second from `board`: the kernel's cell sampler and a naive one
 * (listing every region at every move), side by side for `ms` each, twice. The cell sampler, not
 * the faster bitmask playout the solver uses, so that this gauge of the machine's speed reads the
 * same as in the tables recorded before the bitmasks.
 */
export function playoutSpeed(board: Board, ms: number, seed: number): PlayoutSpeed {
  const root = Kernel.fromBoard(board);
  const kernel = root.clone();
  const random = createRandom(seed);
  const moves = new Int32Array(board.width * board.height);
  const rate = (playout: () => void): number => {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < ms) {
      kernel.copyFrom(root);
      playout();
      n++;
    }
    return n / ((performance.now() - start) / 1000);
  };
  // Interleave the two measurements so machine load affects both alike.
  const kernelRates: number[] = [];
  const naiveRates: number[] = [];
  for (let round = 0; round < 2; round++) {
    kernelRates.push(rate(() => cellPlayout(kernel, random)));
    naiveRates.push(
      rate(() => {
        for (let count = kernel.legalMoves(moves); count > 0; count = kernel.legalMoves(moves)) {
          kernel.play(moves[random.below(count)]);
        }
      }),
    );
  }
  return { kernel: Math.max(...kernelRates), naive: Math.max(...naiveRates) };
}

/**
 * `tilefall samegame compare`: two weight sets on the same boards, as a paired difference, the
 * way every variant of the search was measured (docs/samegame-search-log.md). Both sides of a
 * board get the same seed. With `--jobs 1` they run back to back in this process, the order
 * alternating from board to board, so that a shared host's changing speed and the JIT's warming
 * fall on both alike; with `--jobs 2` both run at the same time, one on each worker, so that they
 * meet the same load (on a 2-core machine: one side a core). A tuner's held-out check runs at
 * node budgets, which cannot see a weight set that costs time per node; at `--time` this can.
 */

import { mapInOrder } from '../../core/map-in-order.js';
import { packagePath } from '../../node/package-root.js';
import type { Board } from '../../samegame/engine/board.js';
import { runSolveTask, type SolveTask } from '../../samegame/node/solve-task.js';
import { createSolverPool, type SolverPool } from '../../samegame/node/threads.js';
import { widestPassThatFits } from '../../samegame/search/beam-memory.js';
import { DEFAULT_WEIGHTS, WEIGHT_NAMES, type Weights } from '../../samegame/search/weights.js';
import { selectBoards } from '../board-range.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import { integerOption, integerOrRangeOption, OPTIONS, oneBudget, positiveOption, textOption } from '../options.js';
import { type ComparedInstance, comparisonLine, summarizeComparison } from '../paired-comparison.js';
import { readBoardsFile, readOptionalWeights, readWeightsFile } from '../read-input.js';
import { tableRow } from '../table-row.js';

/** The held-out boards a comparison reads by default (the standard 20 are the final exam, not a tuning set). */
export const VALIDATION_DATASET: string = packagePath('datasets/samegame/validate.txt');

/** Search seconds a solve gets by default: the puzzle's first turn. */
export const COMPARE_DEFAULT_SECONDS = 20;

/** A comparison's budget per solve and how many solves run at once. */
interface ComparePlan {
  readonly budget: { readonly timeMs?: number; readonly nodes?: number };
  readonly seed: number;
  readonly jobs: number;
}

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
export const bGoesFirst = (index: number, jobs: number): boolean => jobs === 1 && index % 2 === 1;

/**
 * Scores both sides of every board and hands each board's row to `report` in board order as soon
 * as it and every board before it are done. With one job the sides run here, back to back; with
 * more, each board's two sides run at once on workers, `jobs / 2` boards at a time.
 */
async function compareBoards(
  boards: readonly Board[],
  weights: { readonly a: Weights; readonly b: Weights },
  plan: ComparePlan,
  report: (row: ComparedInstance, index: number) => void,
): Promise<ComparedInstance[]> {
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
    return await mapInOrder(boards, boardsAtOnce, async (board, i) => {
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
      for (let next = done[reported]; next !== undefined; next = done[reported]) report(next, reported++);
      return row;
    });
  } finally {
    await pool?.close();
  }
}

export const samegameCompareCommand = defineCommand({
  name: 'compare',
  describe: 'two weight sets on the same boards, each board solved by both, as a paired difference',
  options: {
    dataset: textOption({
      default: VALIDATION_DATASET,
      describe: 'boards separated by blank lines (default: the held-out validation boards)',
    }),
    a: textOption({ describe: 'weights JSON for side A (default: the shipped defaults)' }),
    b: textOption({ demandOption: true, describe: 'weights JSON for side B' }),
    time: positiveOption(3600, { describe: `search seconds per solve (default ${COMPARE_DEFAULT_SECONDS})` }),
    nodes: OPTIONS.nodes,
    seed: OPTIONS.seed,
    boards: integerOrRangeOption(1, 10_000, {
      describe: 'only the first N boards, or boards A..B (numbered from 1, as the table prints them)',
    }),
    jobs: integerOption(1, 64, {
      default: '1',
      describe:
        "solves at once: 1 runs A and B back to back; 2 or more run each board's A and B side by side on workers, N / 2 boards at a time",
    }),
    json: OPTIONS.json,
  },
  checks: [oneBudget],
  examples: [
    [
      '$0 samegame compare --b tuned.json --time 5 --jobs 2',
      'the defaults against tuned.json, 5 s a solve, both at once',
    ],
    ['$0 samegame compare --b tuned.json --nodes 7000000 --boards 1..40', 'reproducible, on the first 40 boards'],
  ],
  run: async (options) => {
    const all = readBoardsFile(options.dataset);
    const { boards, from } = selectBoards(all, options.boards);
    const weights = {
      a: readOptionalWeights(options.a, WEIGHT_NAMES) ?? DEFAULT_WEIGHTS,
      b: readWeightsFile(options.b, WEIGHT_NAMES),
    };
    const plan: ComparePlan = {
      budget:
        options.nodes !== undefined
          ? { nodes: options.nodes }
          : { timeMs: 1000 * (options.time ?? COMPARE_DEFAULT_SECONDS) },
      seed: options.seed,
      jobs: options.jobs,
    };
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const row = (values: readonly (string | number)[]) => tableRow([6, 7, 7, 7], values);
    if (!options.json) out(row(['board', 'A', 'B', 'B - A']));
    const rows = await compareBoards(boards, weights, plan, (r, i) => {
      if (!options.json) out(row([from + i + 1, r.a, r.b, r.b - r.a]));
    });
    const summary = summarizeComparison(rows);
    if (options.json) {
      out(JSON.stringify({ ...summary, boards: rows.map((r, i) => ({ board: from + i + 1, ...r })) }));
      return EXIT.ok;
    }
    out(comparisonLine(summary, 'a board'));
    return EXIT.ok;
  },
});

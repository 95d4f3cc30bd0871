/**
 * `tilefall samegame bench` (`npm run bench`): solves every board of a dataset and prints a table
 * beside two baselines run in the same process (greedy, best of random playouts at the same time
 * budget) and, for the standard set, the best-known score of each board; plus the kernel's
 * playout speed against a naive list-every-region playout, and the wall time of every solve.
 * With `--times` it solves the same boards at several budgets instead and prints the total at
 * each (the curve of score against time).
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { mapInOrder } from '../../core/map-in-order.js';
import { createRandom } from '../../core/random.js';
import { pairedDifference } from '../../core/statistics.js';
import { packagePath } from '../../node/package-root.js';
import { type Board, type Cell, EMPTY, LIMITS, STANDARD_SHAPE } from '../../samegame/engine/board.js';
import { generate } from '../../samegame/engine/generate.js';
import { replayLine } from '../../samegame/engine/referee.js';
import { createSolverPool, solveInThreads } from '../../samegame/node/threads.js';
import { bestRandomPlayout, greedyBaseline } from '../../samegame/search/baselines.js';
import { widestPassThatFits } from '../../samegame/search/beam-memory.js';
import { Kernel } from '../../samegame/search/kernel.js';
import { cellPlayout } from '../../samegame/search/playout.js';
import type { Solution } from '../../samegame/search/solver.js';
import { WEIGHT_NAMES, type Weights } from '../../samegame/search/weights.js';
import { type Anchors, readAnchors, samegameBoardsPlot, samegameCurvePlot } from '../bench-plots.js';
import { selectBoards } from '../board-range.js';
import { defineCommand } from '../command.js';
import { EXIT } from '../input-error.js';
import {
  integerOption,
  integerOrRangeOption,
  OPTIONS,
  type OptionSpec,
  positiveListOption,
  positiveOption,
  textOption,
} from '../options.js';
import { readBoardsFile, readJsonFileAs, readOptionalWeights } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';
import { THREADS_OPTION } from './options.js';

/** The standard 20 boards of the literature, bundled in `datasets/`. */
export const STANDARD_DATASET: string = packagePath('datasets/samegame/standard20.txt');

/** Published totals the curve is drawn beside. */
const ANCHORS_FILE = packagePath('datasets/samegame/anchors.json');

/** A board shape given on the command line. */
interface BoardShape {
  readonly width: number;
  readonly height: number;
  readonly colors: number;
}

const boardShapeSchema = z.object({
  width: z.number().int().min(LIMITS.minSize).max(LIMITS.maxSize),
  height: z.number().int().min(LIMITS.minSize).max(LIMITS.maxSize),
  colors: z.number().int().min(LIMITS.minColors).max(LIMITS.maxColors),
});

/** `--shapes 40x25x6,64x64x5`: one generated board per shape (width x height x colors). */
const shapesOption: OptionSpec<BoardShape[] | undefined> = {
  yargs: { type: 'string', describe: 'generate one full board per WxHxC shape instead of reading --dataset' },
  schema: z
    .string()
    .regex(/^\d+x\d+x\d+(,\d+x\d+x\d+)*$/, 'expected shapes like 40x25x6,64x64x5')
    .transform((text) =>
      text.split(',').map((shape) => {
        const [width, height, colors] = shape.split('x').map(Number);
        return { width, height, colors };
      }),
    )
    .refine(
      (shapes) => shapes.every((s) => boardShapeSchema.safeParse(s).success),
      `sizes must be ${LIMITS.minSize}..${LIMITS.maxSize} and colors ${LIMITS.minColors}..${LIMITS.maxColors}`,
    )
    .optional(),
};

const recordsSchema = z.object({ scores: z.array(z.number().int().nonnegative()) });

/** Best-known scores from `<dataset>-records.json` beside a dataset `<dataset>.txt`, when there is one. */
function readRecords(dataset: string): number[] | undefined {
  const file = dataset.replace(/\.txt$/, '-records.json');
  if (file === dataset || !existsSync(file)) return undefined;
  return readJsonFileAs(file, recordsSchema).scores;
}

/** One seeded full board per shape. */
function shapeBoards(shapes: readonly BoardShape[], seed: number): Board[] {
  return shapes.map((shape, i) => generate({ count: 1, seed: seed + i, ...shape })[0]);
}

/** A solve's answer and its wall time. */
interface TimedSolution {
  readonly solution: Solution;
  readonly seconds: number;
}

/** How the boards are solved: budget per board, threads per solve, boards at once. */
interface SolvePlan {
  readonly weights: Weights | undefined;
  readonly seed: number;
  readonly threads: number;
  readonly jobs: number;
}

/** Called as each board's solve ends, in the order they end: `index` counts from 0 in `boards`. */
type SolvedListener = (index: number, solved: TimedSolution, done: number) => void;

/**
 * Solves every board at `seconds`, `plan.jobs` boards at once; answers in board order. `onSolved`
 * hears of each solve as it ends, so that a long run can show its progress.
 */
async function solveAll(
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
      const timed = { solution: solution.value, seconds: (performance.now() - started) / 1000 };
      onSolved?.(index, timed, ++done);
      return timed;
    });
  } finally {
    await pool?.close();
  }
}

export const benchCommand = defineCommand({
  name: 'bench',
  describe: 'solve a dataset beside greedy, random playouts and the best-known scores, or at several budgets',
  options: {
    dataset: textOption({ default: STANDARD_DATASET, describe: 'boards separated by blank lines' }),
    shapes: shapesOption,
    time: positiveOption(3600, { default: '20', describe: 'seconds per board (the solver, and each baseline)' }),
    times: positiveListOption(3600, {
      describe: 'seconds per board at several budgets, e.g. 1,5,20,60: the total at each (no baselines)',
    }),
    threads: THREADS_OPTION,
    jobs: integerOption(1, 64, { default: '1', describe: 'boards solved at once (each on its own threads)' }),
    weights: OPTIONS.weights,
    seed: OPTIONS.seed,
    boards: integerOrRangeOption(1, 10_000, {
      describe: 'only the first N boards, or boards A..B (numbered from 1, as the tables print them)',
    }),
    'speed-seconds': positiveOption(60, { default: '2', describe: 'seconds for each playout-speed measurement' }),
    plot: textOption({
      describe: 'write an SVG chart: scores per board beside the baselines, or (with --times) the total against time',
    }),
  },
  examples: [
    ['$0 samegame bench --time 2 --boards 5', 'a quick look at the first 5 standard boards'],
    ['$0 samegame bench --times 1,5,20 --jobs 2 --plot curve.svg', 'the curve of the total against time'],
    [
      '$0 samegame bench --times 300 --threads 2 --boards 5..12',
      'standard boards 5 to 12, five minutes each on two threads',
    ],
    ['$0 samegame bench --time 3 --shapes 40x25x6,64x64x5', 'one generated board of each shape, timed'],
  ],
  run: async (options) => {
    const all = options.shapes ? shapeBoards(options.shapes, options.seed) : readBoardsFile(options.dataset);
    const { boards, from, to } = selectBoards(all, options.boards);
    const records = options.shapes ? undefined : readRecords(options.dataset)?.slice(from, to);
    const plan: SolvePlan = {
      weights: readOptionalWeights(options.weights, WEIGHT_NAMES),
      seed: options.seed,
      threads: options.threads,
      jobs: options.jobs,
    };
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (options.times !== undefined) {
      const totals = await benchCurve(boards, from + 1, options.times, plan, records, out);
      if (options.plot !== undefined) {
        const anchors: Anchors | undefined = existsSync(ANCHORS_FILE) ? readAnchors(ANCHORS_FILE) : undefined;
        writeTextOutput(await samegameCurvePlot(totals, boards.length, options.threads, anchors), options.plot);
      }
      return EXIT.ok;
    }
    const rows = await benchBoards(boards, from + 1, options.time, plan, records, options['speed-seconds'], out);
    if (options.plot !== undefined) writeTextOutput(await samegameBoardsPlot(rows, options.time), options.plot);
    return EXIT.ok;
  },
});

/** One board's line of the table. */
export interface BoardRow {
  readonly name: string;
  readonly solver: number;
  readonly greedy: number;
  readonly random: number;
  readonly record: number | undefined;
}

/** The default table: the solver beside greedy, random playouts and the record, board by board. */
async function benchBoards(
  boards: readonly Board[],
  firstNumber: number,
  time: number,
  plan: SolvePlan,
  records: readonly number[] | undefined,
  speedSeconds: number,
  out: (line: string) => void,
): Promise<BoardRow[]> {
  const timeMs = time * 1000;
  const row = (values: readonly (string | number)[]) => tableRow([8, 7, 5, 4, 6, 6, 7, 7, 9, 7], values);
  const speed = playoutSpeed(boards[0], speedSeconds * 1000, plan.seed);
  const ratio = (speed.kernel / speed.naive).toFixed(2);
  out(
    `kernel playouts/s from board ${firstNumber}: ${speed.kernel.toFixed(0)} (naive list-every-region playouts: ${speed.naive.toFixed(0)}, ratio ${ratio})`,
  );
  out('');
  out(row(['board', 'solver', 'moves', 'left', 'beam', 'secs', 'greedy', 'random', 'playouts', 'record']));
  // The solves first (several at once with --jobs), then the baselines, each at the same budget.
  const solved = await solveAll(boards, time, plan, progressLine(boards, firstNumber, time));
  const rows: BoardRow[] = [];
  let slowest = 0;
  boards.forEach((board, i) => {
    const { solution, seconds } = solved[i];
    slowest = Math.max(slowest, seconds);
    const greedy = greedyBaseline(board, plan.weights, { timeMs }, plan.seed);
    const random = bestRandomPlayout(board, { timeMs }, plan.seed);
    const name = boardName(board, firstNumber + i);
    rows.push({ name, solver: solution.score, greedy: greedy.score, random: random.score, record: records?.[i] });
    const left = cellsLeft(board, solution.moves);
    const { score, moves, width } = solution;
    const cells = [name, score, moves.length, left, width, seconds.toFixed(2), greedy.score, random.score];
    out(row([...cells, random.playouts, records?.[i] ?? '-']));
  });
  const sum = (pick: (r: BoardRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  const totals = { solver: sum((r) => r.solver), greedy: sum((r) => r.greedy), random: sum((r) => r.random) };
  const record = records ? sum((r) => r.record ?? 0) : undefined;
  out(row(['total', totals.solver, '', '', '', '', totals.greedy, totals.random, '', record ?? '-']));
  const versus = record ? `, solver/record ${(totals.solver / record).toFixed(3)}` : '';
  const mean = (totals.solver / boards.length).toFixed(0);
  out(
    `mean ${mean} per board at ${time} s; solver/greedy ${(totals.solver / totals.greedy).toFixed(2)}, solver/random ${(totals.solver / totals.random).toFixed(2)}${versus}`,
  );
  const over = ((slowest / time - 1) * 100).toFixed(1);
  out(`slowest solve ${slowest.toFixed(3)} s for ${time} s (${over} %; greedy start and re-check included)`);
  return rows;
}

/** The total at each budget, for the curve. */
export interface CurvePoint {
  readonly seconds: number;
  readonly total: number;
}

/** The curve: every board at every budget, the total at each. */
async function benchCurve(
  boards: readonly Board[],
  firstNumber: number,
  times: readonly number[],
  plan: SolvePlan,
  records: readonly number[] | undefined,
  out: (line: string) => void,
): Promise<CurvePoint[]> {
  const sorted = [...times].sort((a, b) => a - b);
  const scores = new Map<number, number[]>();
  for (const seconds of sorted)
    scores.set(
      seconds,
      (await solveAll(boards, seconds, plan, progressLine(boards, firstNumber, seconds))).map((s) => s.solution.score),
    );
  const row = (values: readonly (string | number)[]) => tableRow([8, ...sorted.map(() => 8), 7], values);
  out(`scores at each budget, seconds per board (${plan.threads} thread${plan.threads > 1 ? 's' : ''} per board)`);
  out(row(['board', ...sorted.map((s) => `${s} s`), 'record']));
  boards.forEach((_, i) => {
    out(row([firstNumber + i, ...sorted.map((s) => scores.get(s)?.[i] ?? 0), records?.[i] ?? '-']));
  });
  const totals = sorted.map((seconds) => ({ seconds, total: (scores.get(seconds) ?? []).reduce((a, b) => a + b, 0) }));
  const record = records?.reduce((a, b) => a + b, 0);
  out(row(['total', ...totals.map((t) => t.total), record ?? '-']));
  for (let k = 1; k < totals.length; k++) {
    const before = scores.get(totals[k - 1].seconds) ?? [];
    const after = scores.get(totals[k].seconds) ?? [];
    const { mean, standardError } = pairedDifference(after, before);
    const sign = mean >= 0 ? '+' : '';
    out(
      `${totals[k - 1].seconds} s -> ${totals[k].seconds} s: ${sign}${mean.toFixed(1)} ± ${standardError.toFixed(1)} a board (paired, standard error)`,
    );
  }
  return totals;
}

/**
 * A line on stderr as each solve ends (stdout keeps only the table): timed runs print their table
 * at the end, and a 20-board run at 20 s takes minutes.
 */
function progressLine(boards: readonly Board[], firstNumber: number, seconds: number): SolvedListener {
  return (index, { solution }, done) =>
    process.stderr.write(
      `bench: board ${boardName(boards[index], firstNumber + index)} at ${seconds} s: ${solution.score} in ${solution.moves.length} moves (${done} of ${boards.length} done)\n`,
    );
}

const shapeName = (board: Board): string => `${board.width}x${board.height}x${board.colors}`;

/** A standard-shaped board by its number in the dataset, any other by its shape. */
function boardName(board: Board, number: number): string {
  const standard =
    board.width === STANDARD_SHAPE.width &&
    board.height === STANDARD_SHAPE.height &&
    board.colors === STANDARD_SHAPE.colors;
  return standard ? String(number) : shapeName(board);
}

/** Cells the line leaves on the board, as the engine replays it. */
const cellsLeft = (board: Board, moves: readonly Cell[]): number =>
  replayLine(board, moves).board.cells.filter((c) => c !== EMPTY).length;

/**
 * Uniform random playouts per second from `board`: the kernel's cell sampler and a naive one, side
 * by side. The cell sampler, not the faster bitmask playout the solver uses, so that this gauge of
 * the machine's speed reads the same as in the tables recorded before the bitmasks.
 */
export function playoutSpeed(board: Board, ms: number, seed: number): { kernel: number; naive: number } {
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

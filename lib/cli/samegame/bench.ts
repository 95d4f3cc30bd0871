/**
 * `tilefall samegame bench` (`npm run bench`): solves every board of a dataset and prints a table
 * beside two baselines run in the same process (greedy, best of random playouts at the same time
 * budget) and, for the standard set, the best-known score of each board; plus the kernel's
 * playout speed against a naive list-every-region playout, and the wall time of every solve.
 * With `--times` it solves the same boards at several budgets instead and prints the total at
 * each (the curve of score against time). The bench itself is lib/samegame/node/bench.ts; this
 * reads the files and prints.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import { packagePath } from '../../node/package-root.js';
import { loadPlotPackages } from '../../node/vega.js';
import { type Board, LIMITS, STANDARD_SHAPE } from '../../samegame/engine/board.js';
import { generate } from '../../samegame/engine/generate.js';
import {
  benchBoards,
  benchCurve,
  type CurvePoint,
  playoutSpeed,
  type SolvedListener,
  type SolvePlan,
} from '../../samegame/node/bench.js';
import { type Anchors, readAnchors, samegameBoardsPlot, samegameCurvePlot } from '../bench-plots.js';
import { selectBoards } from '../board-range.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import {
  integerOption,
  integerOrRangeOption,
  OPTIONS,
  type OptionSpec,
  outputOption,
  positiveListOption,
  positiveOption,
  textOption,
} from '../options.js';
import { readBoardsFile, readJsonFileAs } from '../read-input.js';
import { tableRow } from '../table-row.js';
import { writeTextOutput } from '../write-output.js';
import { readOptionalSameGameWeights, THREADS_OPTION } from './options.js';

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
  width: z.number().int().min(LIMITS.width[0]).max(LIMITS.width[1]),
  height: z.number().int().min(LIMITS.height[0]).max(LIMITS.height[1]),
  colors: z.number().int().min(LIMITS.colors[0]).max(LIMITS.colors[1]),
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
      `sizes must be ${LIMITS.width[0]}..${LIMITS.width[1]} and colors ${LIMITS.colors[0]}..${LIMITS.colors[1]}`,
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

/** One seeded full board per shape (the shapes are the option's, within the engine's limits). */
function shapeBoards(shapes: readonly BoardShape[], seed: number): Board[] {
  return shapes.map((shape, i) => {
    const boards = generate({ count: 1, seed: seed + i, ...shape });
    if (!boards.ok) throw new InputFailure({ message: `--shapes: ${boards.error.message}` });
    return boards.value[0];
  });
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
    plot: outputOption('file', {
      describe: 'write an SVG chart: scores per board beside the baselines, or (with --times) the total against time',
    }),
  },
  checks: [
    {
      option: 'shapes',
      message: 'generates the boards: give --shapes or --dataset, not both',
      fails: (o, given) => o.shapes !== undefined && given.has('dataset'),
    },
    {
      option: 'times',
      message: 'solves at each budget it lists: give --times or --time, not both',
      fails: (o, given) => o.times !== undefined && given.has('time'),
    },
    {
      option: 'speed-seconds',
      message: 'times the playouts of the --time table, which --times does not print',
      fails: (o, given) => o.times !== undefined && given.has('speed-seconds'),
    },
  ],
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
    // A missing optional package is reported now, not after the benchmark.
    if (options.plot !== undefined) await loadPlotPackages();
    const all = options.shapes ? shapeBoards(options.shapes, options.seed) : readBoardsFile(options.dataset);
    const { boards, from, to } = selectBoards(all, options.boards);
    const records = options.shapes ? undefined : readRecords(options.dataset)?.slice(from, to);
    const plan: SolvePlan = {
      weights: readOptionalSameGameWeights(options.weights),
      seed: options.seed,
      threads: options.threads,
      jobs: options.jobs,
    };
    const out = (line: string) => process.stdout.write(`${line}\n`);
    if (options.times !== undefined) {
      const totals = await printCurve(boards, from + 1, options.times, plan, records, out);
      if (options.plot !== undefined) {
        const anchors: Anchors | undefined = existsSync(ANCHORS_FILE) ? readAnchors(ANCHORS_FILE) : undefined;
        writeTextOutput(await samegameCurvePlot(totals, boards.length, options.threads, anchors), options.plot);
      }
      return EXIT.ok;
    }
    const rows = await printBoards(boards, from + 1, options.time, plan, records, options['speed-seconds'], out);
    if (options.plot !== undefined) writeTextOutput(await samegameBoardsPlot(rows, options.time), options.plot);
    return EXIT.ok;
  },
});

/** One board's scores as the plot draws them. */
interface BoardRow {
  readonly name: string;
  readonly solver: number;
  readonly greedy: number;
  readonly random: number;
  readonly record: number | undefined;
}

/**
 * The default table: the machine's playout speed, then the solver beside greedy, random playouts
 * and the record, a line per board as its baselines end; the rows, for the plot.
 */
async function printBoards(
  boards: readonly Board[],
  firstNumber: number,
  time: number,
  plan: SolvePlan,
  records: readonly number[] | undefined,
  speedSeconds: number,
  out: (line: string) => void,
): Promise<BoardRow[]> {
  const row = (values: readonly (string | number)[]) => tableRow([8, 7, 5, 4, 6, 6, 7, 7, 9, 7], values);
  const speed = playoutSpeed(boards[0], speedSeconds * 1000, plan.seed);
  const ratio = (speed.kernel / speed.naive).toFixed(2);
  out(
    `kernel playouts/s from board ${firstNumber}: ${speed.kernel.toFixed(0)} (naive list-every-region playouts: ${speed.naive.toFixed(0)}, ratio ${ratio})`,
  );
  out('');
  out(row(['board', 'solver', 'moves', 'left', 'beam', 'secs', 'greedy', 'random', 'playouts', 'record']));
  const names = boards.map((board, i) => boardName(board, firstNumber + i));
  const bench = await benchBoards(boards, time, plan, {
    solved: progressLine(names, boards.length),
    row: (r, i) => {
      const cells = [names[i], r.solver, r.moves, r.left, r.width, r.seconds.toFixed(2), r.greedy, r.random];
      out(row([...cells, r.playouts, records?.[i] ?? '-']));
    },
  });
  const { totals, slowest } = bench;
  const record = records ? bench.rows.reduce((s, _, i) => s + (records[i] ?? 0), 0) : undefined;
  out(row(['total', totals.solver, '', '', '', '', totals.greedy, totals.random, '', record ?? '-']));
  const versus = record ? `, solver/record ${(totals.solver / record).toFixed(3)}` : '';
  const mean = (totals.solver / boards.length).toFixed(0);
  out(
    `mean ${mean} per board at ${time} s; solver/greedy ${(totals.solver / totals.greedy).toFixed(2)}, solver/random ${(totals.solver / totals.random).toFixed(2)}${versus}`,
  );
  const over = ((slowest / time - 1) * 100).toFixed(1);
  out(`slowest solve ${slowest.toFixed(3)} s for ${time} s (${over} %; greedy start and re-check included)`);
  return bench.rows.map((r, i) => ({
    name: names[i],
    solver: r.solver,
    greedy: r.greedy,
    random: r.random,
    record: records?.[i],
  }));
}

/** The curve's table: every board at every budget, the total at each and the gain from each budget to the next. */
async function printCurve(
  boards: readonly Board[],
  firstNumber: number,
  times: readonly number[],
  plan: SolvePlan,
  records: readonly number[] | undefined,
  out: (line: string) => void,
): Promise<readonly CurvePoint[]> {
  const names = boards.map((board, i) => boardName(board, firstNumber + i));
  const curve = await benchCurve(boards, times, plan, { solved: progressLine(names, boards.length) });
  const row = (values: readonly (string | number)[]) => tableRow([8, ...curve.budgets.map(() => 8), 7], values);
  out(`scores at each budget, seconds per board (${plan.threads} thread${plan.threads > 1 ? 's' : ''} per board)`);
  out(row(['board', ...curve.budgets.map((s) => `${s} s`), 'record']));
  boards.forEach((_, i) => {
    out(row([firstNumber + i, ...curve.scores.map((scores) => scores[i]), records?.[i] ?? '-']));
  });
  const record = records?.reduce((a, b) => a + b, 0);
  out(row(['total', ...curve.totals.map((t) => t.total), record ?? '-']));
  for (const { from, to, gain } of curve.steps) {
    const sign = gain.mean >= 0 ? '+' : '';
    out(
      `${from} s -> ${to} s: ${sign}${gain.mean.toFixed(1)} ± ${gain.standardError.toFixed(1)} a board (paired, standard error)`,
    );
  }
  return curve.totals;
}

/**
 * A line on stderr as each solve ends (stdout keeps only the table): timed runs print their table
 * at the end, and a 20-board run at 20 s takes minutes.
 */
function progressLine(names: readonly string[], count: number): SolvedListener {
  return ({ index, budget, solved: { solution }, done }) =>
    process.stderr.write(
      `bench: board ${names[index]} at ${budget} s: ${solution.score} in ${solution.moves.length} moves (${done} of ${count} done)\n`,
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

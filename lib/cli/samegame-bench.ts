/**
 * `tilefall samegame bench` (`npm run bench`): solves every board of a dataset and prints a table
 * beside two baselines run in the same process (greedy, best of random playouts at the same time
 * budget) and, for the standard set, the best-known score of each board; plus the kernel's
 * playout speed against a naive list-every-region playout, and the wall time of every solve.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createRandom } from '../core/random.js';
import { bestRandomPlayout, greedyBaseline } from '../samegame/baselines.js';
import { type Board, LIMITS } from '../samegame/board.js';
import { generate } from '../samegame/generate.js';
import { Kernel } from '../samegame/kernel.js';
import { randomPlayout } from '../samegame/playout.js';
import { solve } from '../samegame/solver.js';
import { parseBoards } from '../samegame/text.js';
import { WEIGHT_NAMES } from '../samegame/weights.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, OPTIONS, type OptionSpec, positiveOption, textOption } from './options.js';
import { readInputText, readOptionalWeights } from './read-input.js';

/** The standard 20 boards of the literature, bundled in `datasets/`. */
export const STANDARD_DATASET: string = fileURLToPath(
  new URL('../../datasets/samegame/standard20.txt', import.meta.url),
);

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

/** `--shapes 40x25x6,64x64x5`: one generated board per shape (width x height x colours). */
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
      `sizes must be ${LIMITS.minSize}..${LIMITS.maxSize} and colours ${LIMITS.minColors}..${LIMITS.maxColors}`,
    )
    .optional(),
};

const recordsSchema = z.object({ scores: z.array(z.number().int().nonnegative()) });

/** Best-known scores from `<dataset>-records.json` beside a dataset `<dataset>.txt`, when there is one. */
function readRecords(dataset: string): number[] | undefined {
  const file = dataset.replace(/\.txt$/, '-records.json');
  if (file === dataset || !existsSync(file)) return undefined;
  const parsed = recordsSchema.safeParse(JSON.parse(readInputText(file)));
  if (!parsed.success) throw new InputFailure({ file, message: `field "scores": ${parsed.error.issues[0].message}` });
  return parsed.data.scores;
}

/** The boards of a dataset file, of any shape the engine takes (the boards of a set may differ). */
function readDataset(file: string): Board[] {
  const parsed = parseBoards(readInputText(file));
  if (!parsed.ok) throw new InputFailure({ file, line: parsed.error.line, message: parsed.error.message });
  return parsed.value;
}

/** One seeded full board per shape. */
function shapeBoards(shapes: readonly BoardShape[], seed: number): Board[] {
  return shapes.map((shape, i) => generate({ count: 1, seed: seed + i, ...shape })[0]);
}

export const benchCommand = defineCommand({
  name: 'bench',
  describe: 'solve a dataset and compare with greedy and random-playout baselines and the best-known scores',
  options: {
    dataset: textOption({ default: STANDARD_DATASET, describe: 'boards separated by blank lines' }),
    shapes: shapesOption,
    time: positiveOption(3600, { default: '20', describe: 'seconds per board (the solver, and each baseline)' }),
    weights: OPTIONS.weights,
    seed: OPTIONS.seed,
    boards: integerOption(1, 10_000, { describe: 'only the first N boards' }),
    'speed-seconds': positiveOption(60, { default: '2', describe: 'seconds for each playout-speed measurement' }),
  },
  examples: [
    ['$0 samegame bench --time 2 --boards 5', 'a quick look at the first 5 standard boards'],
    ['$0 samegame bench --time 3 --shapes 40x25x6,64x64x5', 'one generated board of each shape, timed'],
  ],
  run: (options) => {
    const all = options.shapes ? shapeBoards(options.shapes, options.seed) : readDataset(options.dataset);
    const boards = all.slice(0, options.boards ?? all.length);
    const records = options.shapes ? undefined : readRecords(options.dataset);
    const weights = readOptionalWeights(options.weights, WEIGHT_NAMES);
    const timeMs = options.time * 1000;
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const widths = [8, 7, 5, 4, 6, 6, 7, 7, 9, 7];
    const row = (values: readonly (string | number)[]) => values.map((v, i) => String(v).padStart(widths[i])).join(' ');

    const speed = playoutSpeed(boards[0], options['speed-seconds'] * 1000, options.seed);
    const ratio = (speed.kernel / speed.naive).toFixed(2);
    out(
      `kernel playouts/s from board 1: ${speed.kernel.toFixed(0)} (naive list-every-region playouts: ${speed.naive.toFixed(0)}, ratio ${ratio})`,
    );
    out('');
    out(row(['board', 'solver', 'moves', 'left', 'beam', 'secs', 'greedy', 'random', 'playouts', 'record']));
    const totals = { solver: 0, greedy: 0, random: 0, record: 0 };
    let slowest = 0;
    boards.forEach((board, i) => {
      // Wall time of the whole solve: greedy start, search and the engine's re-check.
      const started = performance.now();
      const solution = solve(board, { budget: { timeMs }, weights, seed: options.seed });
      const seconds = (performance.now() - started) / 1000;
      if (!solution.ok) throw new Error(solution.error.message);
      slowest = Math.max(slowest, seconds);
      const greedy = greedyBaseline(board, weights, { timeMs }, options.seed);
      const random = bestRandomPlayout(board, { timeMs }, options.seed);
      const record = records?.[i];
      const { score, moves, width } = solution.value;
      totals.solver += score;
      totals.greedy += greedy.score;
      totals.random += random.score;
      totals.record += record ?? 0;
      const name = options.shapes ? `${board.width}x${board.height}x${board.colors}` : i + 1;
      const left = cellsLeft(board, moves);
      out(
        row([
          name,
          score,
          moves.length,
          left,
          width,
          seconds.toFixed(2),
          greedy.score,
          random.score,
          random.playouts,
          record ?? '-',
        ]),
      );
    });
    out(row(['total', totals.solver, '', '', '', '', totals.greedy, totals.random, '', records ? totals.record : '-']));
    const versus = records ? `, solver/record ${(totals.solver / totals.record).toFixed(3)}` : '';
    const mean = (totals.solver / boards.length).toFixed(0);
    out(
      `mean ${mean} per board at ${options.time} s; solver/greedy ${(totals.solver / totals.greedy).toFixed(2)}, solver/random ${(totals.solver / totals.random).toFixed(2)}${versus}`,
    );
    const over = ((slowest / options.time - 1) * 100).toFixed(1);
    out(`slowest solve ${slowest.toFixed(3)} s for ${options.time} s (${over} %; greedy start and re-check included)`);
    return EXIT.ok;
  },
});

function cellsLeft(board: Board, moves: readonly { x: number; y: number }[]): number {
  const kernel = Kernel.fromBoard(board);
  for (const m of moves) kernel.play(m.x * board.height + m.y);
  return kernel.filled;
}

/** Uniform random playouts per second from `board`: the kernel's sampler and a naive one, side by side. */
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
    kernelRates.push(rate(() => randomPlayout(kernel, random)));
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

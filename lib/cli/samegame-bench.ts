/**
 * `tilefall samegame bench` (`npm run bench`): solves every board of a dataset and prints a table
 * beside two baselines run in the same process (greedy, best of random playouts at the same time
 * budget) and, for the standard set, the best-known score of each board; plus the kernel's
 * playout speed against a naive list-every-region playout.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createRandom } from '../core/random.js';
import { bestRandomPlayout, greedyBaseline } from '../samegame/baselines.js';
import { type Board, STANDARD_SHAPE } from '../samegame/board.js';
import { Kernel } from '../samegame/kernel.js';
import { randomPlayout } from '../samegame/playout.js';
import { solve } from '../samegame/solver.js';
import { parseBoards } from '../samegame/text.js';
import { WEIGHT_NAMES } from '../samegame/weights.js';
import { defineCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, OPTIONS, positiveOption, textOption } from './options.js';
import { readInputText, readOptionalWeights } from './read-input.js';

/** The standard 20 boards of the literature, bundled in `datasets/`. */
export const STANDARD_DATASET = fileURLToPath(new URL('../../datasets/samegame/standard20.txt', import.meta.url));

const recordsSchema = z.object({ scores: z.array(z.number().int().nonnegative()) });

/** Best-known scores from `<dataset>-records.json` beside a dataset `<dataset>.txt`, when there is one. */
function readRecords(dataset: string): number[] | undefined {
  const file = dataset.replace(/\.txt$/, '-records.json');
  if (file === dataset || !existsSync(file)) return undefined;
  const parsed = recordsSchema.safeParse(JSON.parse(readInputText(file)));
  if (!parsed.success) throw new InputFailure({ file, message: `field "scores": ${parsed.error.issues[0].message}` });
  return parsed.data.scores;
}

export const benchCommand = defineCommand({
  name: 'bench',
  describe: 'solve a dataset and compare with greedy and random-playout baselines and the best-known scores',
  options: {
    dataset: textOption({ default: STANDARD_DATASET, describe: 'boards separated by blank lines' }),
    time: positiveOption(3600, { default: '20', describe: 'seconds per board (the solver, and the random baseline)' }),
    weights: OPTIONS.weights,
    seed: OPTIONS.seed,
    boards: integerOption(1, 10_000, { describe: 'only the first N boards' }),
    'speed-seconds': positiveOption(60, { default: '2', describe: 'seconds for each playout-speed measurement' }),
  },
  examples: [['$0 samegame bench --time 2 --boards 5', 'a quick look at the first 5 standard boards']],
  run: (options) => {
    const parsed = parseBoards(readInputText(options.dataset), STANDARD_SHAPE);
    if (!parsed.ok) {
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    }
    const boards = parsed.value.slice(0, options.boards ?? parsed.value.length);
    const records = readRecords(options.dataset);
    const weights = readOptionalWeights(options.weights, WEIGHT_NAMES);
    const out = (line: string) => process.stdout.write(`${line}\n`);
    const cells = (values: readonly (string | number)[], widths: readonly number[]) =>
      values.map((v, i) => String(v).padStart(widths[i])).join(' ');
    const widths = [5, 7, 5, 4, 6, 7, 7, 9, 7];

    const speed = playoutSpeed(boards[0], options['speed-seconds'] * 1000, options.seed);
    const ratio = (speed.kernel / speed.naive).toFixed(2);
    out(
      `kernel playouts/s from board 1: ${speed.kernel.toFixed(0)} (naive list-every-region playouts: ${speed.naive.toFixed(0)}, ratio ${ratio})`,
    );
    out('');
    out(cells(['board', 'solver', 'moves', 'left', 'beam', 'greedy', 'random', 'playouts', 'record'], widths));
    const totals = { solver: 0, greedy: 0, random: 0, record: 0 };
    boards.forEach((board, i) => {
      const solution = solve(board, { budget: { timeMs: options.time * 1000 }, weights, seed: options.seed });
      if (!solution.ok) throw new Error(solution.error.message);
      const greedy = greedyBaseline(board, weights);
      const random = bestRandomPlayout(board, { timeMs: options.time * 1000 }, options.seed);
      const record = records?.[i];
      totals.solver += solution.value.score;
      totals.greedy += greedy.score;
      totals.random += random.score;
      totals.record += record ?? 0;
      const { score, moves, width } = solution.value;
      out(
        cells(
          [
            i + 1,
            score,
            moves.length,
            cellsLeft(board, moves),
            width,
            greedy.score,
            random.score,
            random.playouts,
            record ?? '-',
          ],
          widths,
        ),
      );
    });
    out(
      cells(
        ['total', totals.solver, '', '', '', totals.greedy, totals.random, '', records ? totals.record : '-'],
        widths,
      ),
    );
    const versus = records ? `, solver/record ${(totals.solver / totals.record).toFixed(3)}` : '';
    out(
      `mean  ${(totals.solver / boards.length).toFixed(0)} per board at ${options.time} s; solver/greedy ${(totals.solver / totals.greedy).toFixed(2)}, solver/random ${(totals.solver / totals.random).toFixed(2)}${versus}`,
    );
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

/**
 * `tilefall samegame bench`: solves every board of a dataset and prints a table beside two
 * baselines run in the same process (greedy, best of random playouts at the same time budget),
 * plus the kernel's playout speed against a naive list-every-region playout.
 */

import { fileURLToPath } from 'node:url';
import type { Argv } from 'yargs';
import { z } from 'zod';
import { createRandom } from '../core/random.js';
import { bestRandomPlayout, greedyBaseline } from '../samegame/baselines.js';
import { type Board, STANDARD_SHAPE } from '../samegame/board.js';
import { WEIGHT_NAMES } from '../samegame/evaluation.js';
import { Kernel } from '../samegame/kernel.js';
import { randomPlayout } from '../samegame/playout.js';
import { solve } from '../samegame/solver.js';
import { parseBoards } from '../samegame/text.js';
import type { CliCommand } from './command.js';
import { EXIT, InputFailure } from './input-error.js';
import { integerOption, parseOptions, positiveNumberOption } from './options.js';
import { readInputText, readWeightsFile } from './read-input.js';

/** The standard 20 boards of the literature, bundled in `datasets/`. */
export const STANDARD_DATASET = fileURLToPath(new URL('../../datasets/samegame/standard20.txt', import.meta.url));

const optionsSchema = z.object({
  dataset: z.string().min(1),
  time: positiveNumberOption(3600),
  weights: z.string().min(1).optional(),
  seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
  boards: integerOption(1, 10_000).optional(),
  'speed-seconds': positiveNumberOption(60),
});

export const benchCommand: CliCommand = {
  command: 'bench',
  describe: 'solve a dataset and compare with greedy and random-playout baselines',
  builder: (y: Argv): Argv =>
    y
      .option('dataset', { type: 'string', default: STANDARD_DATASET, describe: 'boards separated by blank lines' })
      .option('time', {
        type: 'string',
        default: '20',
        describe: 'seconds per board (the solver, and the random baseline)',
      })
      .option('weights', { type: 'string', describe: 'evaluation weights JSON' })
      .option('seed', { type: 'string', default: '1' })
      .option('boards', { type: 'string', describe: 'only the first N boards' })
      .option('speed-seconds', { type: 'string', default: '2', describe: 'seconds for each playout-speed measurement' })
      .example('$0 samegame bench --time 2 --boards 5', 'a quick look at the first 5 standard boards'),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const text = readInputText(options.dataset);
    const parsed = parseBoards(text, STANDARD_SHAPE);
    if (!parsed.ok)
      throw new InputFailure({ file: options.dataset, line: parsed.error.line, message: parsed.error.message });
    const boards = parsed.value.slice(0, options.boards ?? parsed.value.length);
    const weights = options.weights === undefined ? undefined : readWeightsFile(options.weights, WEIGHT_NAMES);
    const out = (line: string) => process.stdout.write(`${line}\n`);

    const speed = playoutSpeed(boards[0], options['speed-seconds'] * 1000, options.seed);
    out(
      `kernel playouts/s from board 1: ${speed.kernel.toFixed(0)} (naive list-every-region playouts: ${speed.naive.toFixed(0)}, ratio ${(speed.kernel / speed.naive).toFixed(2)})`,
    );
    out('');
    out(
      `${'board'.padStart(5)} ${'solver'.padStart(7)} ${'moves'.padStart(5)} ${'left'.padStart(4)} ${'beam'.padStart(6)} ${'greedy'.padStart(7)} ${'random'.padStart(7)} ${'playouts'.padStart(9)}`,
    );
    const totals = { solver: 0, greedy: 0, random: 0 };
    boards.forEach((board, i) => {
      const solution = solve(board, { budget: { timeMs: options.time * 1000 }, weights, seed: options.seed });
      if (!solution.ok) throw new Error(solution.error.message);
      const greedy = greedyBaseline(board, weights);
      const random = bestRandomPlayout(board, { timeMs: options.time * 1000 }, options.seed);
      const left = cellsLeft(board, solution.value.moves);
      totals.solver += solution.value.score;
      totals.greedy += greedy.score;
      totals.random += random.score;
      out(
        `${String(i + 1).padStart(5)} ${String(solution.value.score).padStart(7)} ${String(solution.value.moves.length).padStart(5)} ${String(left).padStart(4)} ${String(solution.value.width).padStart(6)} ${String(greedy.score).padStart(7)} ${String(random.score).padStart(7)} ${String(random.playouts).padStart(9)}`,
      );
    });
    out(
      `${'total'.padStart(5)} ${String(totals.solver).padStart(7)} ${''.padStart(5)} ${''.padStart(4)} ${''.padStart(6)} ${String(totals.greedy).padStart(7)} ${String(totals.random).padStart(7)}`,
    );
    out(
      `mean  ${(totals.solver / boards.length).toFixed(0)} per board at ${options.time} s; solver/greedy ${(totals.solver / totals.greedy).toFixed(2)}, solver/random ${(totals.solver / totals.random).toFixed(2)}`,
    );
    return EXIT.ok;
  },
};

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
        for (let count = kernel.legalMoves(moves); count > 0; count = kernel.legalMoves(moves))
          kernel.play(moves[random.below(count)]);
      }),
    );
  }
  return { kernel: Math.max(...kernelRates), naive: Math.max(...naiveRates) };
}

/** `tilefall samegame solve`: the best move sequence found within a budget. */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { LIMITS, STANDARD_SHAPE } from '../samegame/board.js';
import { WEIGHT_NAMES } from '../samegame/evaluation.js';
import { solve } from '../samegame/solver.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { budgetOptionsShape, integerOption, oneBudget, parseOptions } from './options.js';
import { readBoardFile, readWeightsFile } from './read-input.js';

/** Wall time used when neither --time nor --nodes is given. */
export const DEFAULT_SOLVE_SECONDS = 10;

const optionsSchema = z
  .object({
    board: z.string().min(1),
    ...budgetOptionsShape,
    weights: z.string().min(1).optional(),
    seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
    format: z.enum(['lines', 'one-turn', 'json']),
    width: integerOption(LIMITS.minSize, LIMITS.maxSize),
    height: integerOption(LIMITS.minSize, LIMITS.maxSize),
    colors: integerOption(LIMITS.minColors, LIMITS.maxColors),
  })
  .refine(...oneBudget);

export const solveCommand: CliCommand = {
  command: 'solve',
  describe: 'find the best move sequence within a time or node budget',
  builder: (y: Argv): Argv =>
    y
      .option('board', { type: 'string', demandOption: true, describe: 'board file: 15 lines, top row first' })
      .option('time', {
        type: 'string',
        describe: `wall-clock seconds (default ${DEFAULT_SOLVE_SECONDS} when --nodes is not given)`,
      })
      .option('nodes', {
        type: 'string',
        describe: 'moves the search may play: reproducible, byte for byte with --seed',
      })
      .option('weights', { type: 'string', describe: 'evaluation weights JSON (a tune output or a plain object)' })
      .option('seed', { type: 'string', default: '1', describe: 'seed for the search noise' })
      .option('format', {
        choices: ['lines', 'one-turn', 'json'] as const,
        default: 'lines' as const,
        describe: 'lines: a multi-turn moves file; one-turn: one ;-separated line; json: score and moves',
      })
      .option('width', { type: 'string', default: String(STANDARD_SHAPE.width), describe: 'board columns expected' })
      .option('height', { type: 'string', default: String(STANDARD_SHAPE.height), describe: 'board rows expected' })
      .option('colors', { type: 'string', default: String(STANDARD_SHAPE.colors), describe: 'colours expected' })
      .example(
        '$0 samegame solve --board datasets/samegame/demo-board.txt --time 5',
        'solve the demo board for 5 seconds',
      )
      .example(
        '$0 samegame solve --board b.txt --nodes 2000000 --seed 7 --format json',
        'a reproducible solve, as JSON',
      ),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const board = readBoardFile(options.board, {
      width: options.width,
      height: options.height,
      colors: options.colors,
    });
    const weights = options.weights === undefined ? undefined : readWeightsFile(options.weights, WEIGHT_NAMES);
    const budget =
      options.nodes !== undefined
        ? { nodes: options.nodes }
        : { timeMs: (options.time ?? DEFAULT_SOLVE_SECONDS) * 1000 };
    const started = performance.now();
    const live = process.stderr.isTTY === true;
    const solution = solve(board, {
      budget,
      weights,
      seed: options.seed,
      onImprove: live
        ? ({ score, width }) =>
            process.stderr.write(
              `\r${((performance.now() - started) / 1000).toFixed(1)}s  best ${score}  (beam ${width})   `,
            )
        : undefined,
    });
    if (live) process.stderr.write('\n');
    if (!solution.ok) {
      process.stderr.write(`tilefall: internal error: ${solution.error.message}\n`);
      return EXIT.internal;
    }
    const moves = solution.value.moves.map((m) => `${m.x} ${m.y}`);
    const text =
      options.format === 'json'
        ? `${JSON.stringify({ score: solution.value.score, moves })}\n`
        : options.format === 'one-turn'
          ? `${moves.join(';')}\n`
          : moves.map((m) => `${m}\n`).join('');
    process.stdout.write(text);
    return EXIT.ok;
  },
};

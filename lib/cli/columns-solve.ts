/**
 * `tilefall columns solve`: a valid output within the contest's limits. `--time` is wall time
 * from the process start (the contest's 4 s include start-up), default 3.5 s.
 */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { COLUMNS_FEATURES } from '../columns/evaluation.js';
import { formatOutput } from '../columns/output.js';
import { solveColumns } from '../columns/solver.js';
import { DEFAULT_COLUMNS_SECONDS, msLeftFromProcessStart } from './columns-time.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { budgetOptionsShape, integerOption, oneBudget, parseOptions } from './options.js';
import { readInstanceFile } from './read-columns.js';
import { readWeightsFile } from './read-input.js';

const optionsSchema = z
  .object({
    input: z.string().min(1),
    ...budgetOptionsShape,
    weights: z.string().min(1).optional(),
    seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
  })
  .refine(...oneBudget);

export const columnsSolveCommand: CliCommand = {
  command: 'solve',
  describe: 'print a valid, high-scoring output for an input',
  builder: (y: Argv): Argv =>
    y
      .option('input', { type: 'string', demandOption: true })
      .option('time', {
        type: 'string',
        describe: `wall seconds from process start (default ${DEFAULT_COLUMNS_SECONDS})`,
      })
      .option('nodes', { type: 'string', describe: 'placements evaluated: reproducible byte for byte' })
      .option('weights', { type: 'string', describe: 'evaluation weights JSON (a tune output or a plain object)' })
      .option('seed', {
        type: 'string',
        default: '1',
        describe: 'accepted for symmetry with samegame; the beam is deterministic',
      })
      .example('$0 columns solve --input datasets/columns/sample.txt', 'solve within the contest limit'),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const instance = readInstanceFile(options.input);
    const weights = options.weights === undefined ? undefined : readWeightsFile(options.weights, COLUMNS_FEATURES);
    const budget =
      options.nodes !== undefined
        ? { nodes: options.nodes }
        : { timeMs: msLeftFromProcessStart(options.time ?? DEFAULT_COLUMNS_SECONDS) };
    const solution = solveColumns(instance, { budget, weights });
    if (!solution.ok) {
      process.stderr.write(`tilefall: internal error: ${solution.error.message}\n`);
      return EXIT.internal;
    }
    process.stdout.write(formatOutput(solution.value.placements));
    return EXIT.ok;
  },
};

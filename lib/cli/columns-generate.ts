/** `tilefall columns generate`: seeded instances with the statement's ranges (not the official generator). */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { generateInstance } from '../columns/generate.js';
import { formatInstance } from '../columns/instance.js';
import { INSTANCE_SEPARATOR } from '../columns/tuning.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { integerOption, parseOptions } from './options.js';
import { writeTextOutput } from './write-output.js';

const rate = z
  .string()
  .regex(/^(0|1|0?\.\d+|1\.0*)$/, 'expected a probability from 0 to 1')
  .transform(Number);

const optionsSchema = z.object({
  seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
  width: integerOption(1, 64).optional(),
  height: integerOption(3, 256).optional(),
  count: integerOption(1, 1_000_000).optional(),
  colors: integerOption(1, 26).optional(),
  'magic-rate': rate.optional(),
  instances: integerOption(1, 10_000),
  out: z.string().min(1).optional(),
});

export const columnsGenerateCommand: CliCommand = {
  command: 'generate',
  describe: 'write seeded instances (not the official generator: scores do not compare with the contest)',
  builder: (y: Argv): Argv =>
    y
      .option('seed', { type: 'string', demandOption: true })
      .option('width', { type: 'string', describe: 'field width (default: drawn from 6..12)' })
      .option('height', { type: 'string', describe: 'field height (default: drawn from 13..19)' })
      .option('count', { type: 'string', describe: 'columns k (default: drawn from 1000..10000)' })
      .option('colors', { type: 'string', describe: 'colours (default: drawn from 3..8)' })
      .option('magic-rate', {
        type: 'string',
        describe: 'probability of a magic column (default: drawn from 0.02..0.10)',
      })
      .option('instances', {
        type: 'string',
        default: '1',
        describe: 'instances from seeds S, S+1, …, separated by "---" lines',
      })
      .option('out', { type: 'string', describe: 'file to write (atomically); default: stdout' })
      .example('$0 columns generate --seed 7 --out test.txt', 'one instance, every parameter drawn from the seed'),
  handler: (argv: Record<string, unknown>): number => {
    const o = parseOptions(optionsSchema, argv);
    const text = Array.from({ length: o.instances }, (_, i) =>
      formatInstance(
        generateInstance({
          seed: o.seed + i,
          width: o.width,
          height: o.height,
          columns: o.count,
          colors: o.colors,
          magicRate: o['magic-rate'],
        }),
      ),
    ).join(`${INSTANCE_SEPARATOR}\n`);
    writeTextOutput(text, o.out);
    return EXIT.ok;
  },
};

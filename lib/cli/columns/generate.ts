/** `tilefall columns generate`: seeded instances with the statement's ranges (not the official generator). */
import { z } from 'zod';
import { generate } from '../../columns/engine/generate.js';
import { formatInstances } from '../../columns/engine/text.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { integerOption, integerOrRangeOption, OPTIONS, type OptionSpec, withYargs } from '../options.js';
import { writeTextOutput } from '../write-output.js';

const magicRateOption: OptionSpec<number | undefined> = {
  yargs: { type: 'string', describe: 'probability of a magic column (default: drawn from 0.02..0.10)' },
  schema: z
    .string()
    .regex(/^(0|1|0?\.\d+|1\.0*)$/, 'expected a probability from 0 to 1')
    .transform(Number)
    .optional(),
};

/** The option of each generator option, for a refusal the command's own checks let through (too many columns in all). */
const FLAGS: Readonly<Record<string, string>> = {
  'options.seed': '--seed',
  'options.count': '--instances',
  'options.columns': '--count',
};

export const generateCommand = defineCommand({
  name: 'generate',
  describe: 'write seeded instances (not the official generator: scores do not compare with the contest)',
  options: {
    seed: withYargs(OPTIONS.seed, {
      demandOption: true,
      default: undefined,
      describe: 'instance i is drawn from seed S + i',
    }),
    width: integerOrRangeOption(1, 64, { describe: 'field width, or a range A..B to draw from (default: 6..12)' }),
    height: integerOrRangeOption(3, 256, { describe: 'field height, or a range A..B (default: 13..19)' }),
    count: integerOrRangeOption(1, 1_000_000, { describe: 'columns k, or a range A..B (default: 1000..10000)' }),
    colors: integerOrRangeOption(1, 26, { describe: 'colors, or a range A..B (default: 3..8)' }),
    'magic-rate': magicRateOption,
    instances: integerOption(1, 10_000, {
      default: '1',
      describe: 'instances from seeds S, S+1, …, separated by "---" lines',
    }),
    out: OPTIONS.out,
  },
  examples: [
    ['$0 columns generate --seed 7 --out test.txt', 'one instance, every parameter drawn from the seed'],
    ['$0 columns generate --seed 701 --instances 16 --count 5000..10000', 'long games, k drawn from 5000..10000'],
  ],
  run: (o) => {
    const instances = generate({
      seed: o.seed,
      count: o.instances,
      width: o.width,
      height: o.height,
      columns: o.count,
      colors: o.colors,
      magicRate: o['magic-rate'],
    });
    if (!instances.ok) {
      const { field, message } = instances.error;
      throw new InputFailure({ message: message.replace(field, FLAGS[field] ?? field) });
    }
    writeTextOutput(formatInstances(instances.value), o.out);
    return EXIT.ok;
  },
});

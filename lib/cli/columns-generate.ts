/** `tilefall columns generate`: seeded instances with the statement's ranges (not the official generator). */
import { z } from 'zod';
import { generate } from '../columns/generate.js';
import { formatInstances } from '../columns/text.js';
import { defineCommand } from './command.js';
import { EXIT } from './input-error.js';
import { integerOption, OPTIONS, type OptionSpec, withYargs } from './options.js';
import { writeTextOutput } from './write-output.js';

const magicRateOption: OptionSpec<number | undefined> = {
  yargs: { type: 'string', describe: 'probability of a magic column (default: drawn from 0.02..0.10)' },
  schema: z
    .string()
    .regex(/^(0|1|0?\.\d+|1\.0*)$/, 'expected a probability from 0 to 1')
    .transform(Number)
    .optional(),
};

export const columnsGenerateCommand = defineCommand({
  name: 'generate',
  describe: 'write seeded instances (not the official generator: scores do not compare with the contest)',
  options: {
    seed: withYargs(OPTIONS.seed, {
      demandOption: true,
      default: undefined,
      describe: 'instance i is drawn from seed S + i',
    }),
    width: integerOption(1, 64, { describe: 'field width (default: drawn from 6..12)' }),
    height: integerOption(3, 256, { describe: 'field height (default: drawn from 13..19)' }),
    count: integerOption(1, 1_000_000, { describe: 'columns k (default: drawn from 1000..10000)' }),
    colors: integerOption(1, 26, { describe: 'colours (default: drawn from 3..8)' }),
    'magic-rate': magicRateOption,
    instances: integerOption(1, 10_000, {
      default: '1',
      describe: 'instances from seeds S, S+1, …, separated by "---" lines',
    }),
    out: OPTIONS.out,
  },
  examples: [['$0 columns generate --seed 7 --out test.txt', 'one instance, every parameter drawn from the seed']],
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
    writeTextOutput(formatInstances(instances), o.out);
    return EXIT.ok;
  },
});

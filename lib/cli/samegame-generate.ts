/** `tilefall samegame generate`: seeded random boards in the puzzle's text form. */
import type { Argv } from 'yargs';
import { z } from 'zod';
import { LIMITS, STANDARD_SHAPE } from '../samegame/board.js';
import { generateBoards } from '../samegame/generate.js';
import { formatBoard } from '../samegame/text.js';
import type { CliCommand } from './command.js';
import { EXIT } from './input-error.js';
import { integerOption, parseOptions } from './options.js';
import { writeTextOutput } from './write-output.js';

const optionsSchema = z.object({
  count: integerOption(1, 100_000),
  seed: integerOption(-(2 ** 31), 2 ** 31 - 1),
  width: integerOption(LIMITS.minSize, LIMITS.maxSize),
  height: integerOption(LIMITS.minSize, LIMITS.maxSize),
  colors: integerOption(LIMITS.minColors, LIMITS.maxColors),
  out: z.string().min(1).optional(),
});

export const generateCommand: CliCommand = {
  command: 'generate',
  describe: 'write seeded random boards, separated by blank lines',
  builder: (y: Argv): Argv =>
    y
      .option('count', { type: 'string', demandOption: true, describe: 'how many boards' })
      .option('seed', { type: 'string', demandOption: true, describe: 'same seed, same boards' })
      .option('width', { type: 'string', default: String(STANDARD_SHAPE.width) })
      .option('height', { type: 'string', default: String(STANDARD_SHAPE.height) })
      .option('colors', { type: 'string', default: String(STANDARD_SHAPE.colors) })
      .option('out', { type: 'string', describe: 'file to write (atomically); default: stdout' })
      .example('$0 samegame generate --count 40 --seed 1 --out train.txt', '40 standard-shape boards'),
  handler: (argv: Record<string, unknown>): number => {
    const options = parseOptions(optionsSchema, argv);
    const text = `${generateBoards(options).map(formatBoard).join('\n\n')}\n`;
    writeTextOutput(text, options.out);
    return EXIT.ok;
  },
};

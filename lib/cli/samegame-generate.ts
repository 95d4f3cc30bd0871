/** `tilefall samegame generate`: seeded random boards in the puzzle's text form. */
import { generate } from '../samegame/generate.js';
import { formatBoard } from '../samegame/text.js';
import { defineCommand } from './command.js';
import { EXIT } from './input-error.js';
import { integerOption, OPTIONS, withYargs } from './options.js';
import { BOARD_SHAPE_OPTIONS } from './samegame-options.js';
import { writeTextOutput } from './write-output.js';

export const generateCommand = defineCommand({
  name: 'generate',
  describe: 'write seeded random boards, separated by blank lines',
  options: {
    count: integerOption(1, 100_000, { demandOption: true, describe: 'how many boards' }),
    seed: withYargs(OPTIONS.seed, { demandOption: true, default: undefined, describe: 'same seed, same boards' }),
    ...BOARD_SHAPE_OPTIONS,
    out: OPTIONS.out,
  },
  examples: [['$0 samegame generate --count 40 --seed 1 --out train.txt', '40 standard-shape boards']],
  run: (options) => {
    writeTextOutput(`${generate(options).map(formatBoard).join('\n\n')}\n`, options.out);
    return EXIT.ok;
  },
});

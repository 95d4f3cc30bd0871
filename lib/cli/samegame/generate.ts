/** `tilefall samegame generate`: seeded random boards in the puzzle's text form. */
import { LIMITS } from '../../samegame/engine/board.js';
import { countsFitBoard, generate } from '../../samegame/engine/generate.js';
import { formatBoards } from '../../samegame/engine/text.js';
import { defineCommand } from '../command.js';
import { EXIT, InputFailure } from '../input-error.js';
import { integerListOption, integerOption, OPTIONS, withYargs } from '../options.js';
import { writeTextOutput } from '../write-output.js';
import { BOARD_SHAPE_OPTIONS } from './options.js';

export const generateCommand = defineCommand({
  name: 'generate',
  describe: 'write seeded random boards, separated by blank lines',
  options: {
    count: integerOption(1, 100_000, { demandOption: true, describe: 'how many boards' }),
    seed: withYargs(OPTIONS.seed, { demandOption: true, default: undefined, describe: 'same seed, same boards' }),
    ...BOARD_SHAPE_OPTIONS,
    counts: integerListOption(0, LIMITS.width[1] * LIMITS.height[1], {
      describe:
        'exactly so many cells of each color (one count per color, adding up to the cells), dealt to the colors in a random order',
    }),
    out: OPTIONS.out,
  },
  examples: [
    ['$0 samegame generate --count 40 --seed 1 --out train.txt', '40 standard-shape boards'],
    [
      '$0 samegame generate --count 60 --seed 4004 --counts 65,40,40,40,40',
      'boards like standard boards 16 to 20: one color 65 times, the others 40',
    ],
  ],
  checks: [
    {
      option: 'counts',
      message: 'expected one count per color (--colors), adding up to the cells (--width x --height)',
      fails: (o) => o.counts !== undefined && !countsFitBoard(o.counts, o.width, o.height, o.colors),
    },
  ],
  run: (options) => {
    const { seed, count, width, height, colors, counts } = options;
    const boards = generate({ seed, count, width, height, colors, ...(counts === undefined ? {} : { counts }) });
    // The one refusal the options' own checks let through, too many cells in all, named by its option.
    if (!boards.ok) throw new InputFailure({ message: boards.error.message.replace('options.count', '--count') });
    writeTextOutput(formatBoards(boards.value), options.out);
    return EXIT.ok;
  },
});

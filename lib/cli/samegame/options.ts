/** Options of the SameGame commands, declared once: the board shape, a game's files and the protocol. */
import { LIMITS, STANDARD_SHAPE } from '../../samegame/engine/board.js';
import type { Protocol } from '../../samegame/engine/referee.js';
import type { BoardShapeOptions } from '../../samegame/engine/text.js';
import { checkWeights, WEIGHT_NAMES, type Weights } from '../../samegame/search/weights.js';
import { InputFailure } from '../input-error.js';
import { choiceOption, integerOption, textOption } from '../options.js';
import { readWeightsFile } from '../read-input.js';

/** `--width --height --colors`, defaulting to the CodinGame puzzle's 15 x 15, 5 colors. */
export const BOARD_SHAPE_OPTIONS = {
  width: integerOption(...LIMITS.width, {
    default: String(STANDARD_SHAPE.width),
    describe: 'board columns expected',
  }),
  height: integerOption(...LIMITS.height, {
    default: String(STANDARD_SHAPE.height),
    describe: 'board rows expected',
  }),
  colors: integerOption(...LIMITS.colors, {
    default: String(STANDARD_SHAPE.colors),
    describe: 'colors expected (0..colors-1)',
  }),
} as const;

/** The shape the options name. */
export const boardShape = (o: { width: number; height: number; colors: number }): BoardShapeOptions => ({
  width: o.width,
  height: o.height,
  colors: o.colors,
});

/** `--protocol`: which CodinGame protocol (and referee) a game follows. */
export const PROTOCOL_OPTION = choiceOption<Protocol>(['multi-turn', 'one-turn'], {
  default: 'multi-turn',
  describe: 'multi-turn: one action a turn (the current puzzle); one-turn: one ;-separated line',
});

/** `--threads N`: independent searches on N threads (seeds S, S+1, ...), the best answer wins. */
export const THREADS_OPTION = integerOption(1, 64, {
  default: '1',
  describe: 'searches on this many threads (seeds S, S+1, ...); the best answer wins. Node budgets are per thread',
});

/** `--board FILE --moves FILE`: a game to judge or draw. */
export const GAME_FILE_OPTIONS = {
  board: textOption({ demandOption: true, describe: 'board file: one line per row, top row first, -1 for empty' }),
  moves: textOption({
    demandOption: true,
    describe: 'multi-turn: one action per line; one-turn: the single output line',
  }),
} as const;

/**
 * SameGame weights from `file`: every weight named, each finite, and within the range the search
 * takes (`checkWeights`), or an input failure naming the file and the weight.
 */
export function readSameGameWeights(file: string): Weights {
  const weights = checkWeights(readWeightsFile(file, WEIGHT_NAMES), 'weights');
  if (!weights.ok) {
    const name = weights.error.field.replace(/^weights\.?/, '');
    throw new InputFailure({ file, message: `field "${name}": ${weights.error.message.replace(/^weights: /, '')}` });
  }
  return weights.value;
}

/** {@link readSameGameWeights} when a file is named. */
export const readOptionalSameGameWeights = (file: string | undefined): Weights | undefined =>
  file === undefined ? undefined : readSameGameWeights(file);

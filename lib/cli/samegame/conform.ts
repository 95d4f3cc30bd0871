/** `tilefall samegame conform` and `vectors`: a user's SameGame engine checked against the rules. */
import { SAMEGAME_MEMORY_MB } from '../../judge/samegame.js';
import { LIMITS } from '../../samegame/engine/board.js';
import { formatBounds } from '../../testing/bounds.js';
import { SAMEGAME_PROTOCOL } from '../../testing/conformance-protocol.js';
import { SAMEGAME_GAME_DEFAULTS } from '../../testing/samegame-games.js';
import { type BoundsOptions, conformCommand } from '../conform-command.js';
import { integerOrRangeOption } from '../options.js';
import { vectorsCommand } from '../vectors-command.js';

/** `--width --height --colors`: exact values or ranges A..B the games stay within. */
const BOUNDS: BoundsOptions = {
  width: integerOrRangeOption(...LIMITS.width, {
    describe: `board columns, or a range A..B (default: ${formatBounds(SAMEGAME_GAME_DEFAULTS.width)})`,
  }),
  height: integerOrRangeOption(...LIMITS.height, {
    describe: `board rows, or a range A..B (default: ${formatBounds(SAMEGAME_GAME_DEFAULTS.height)})`,
  }),
  colors: integerOrRangeOption(...LIMITS.colors, {
    describe: `colors, or a range A..B (default: ${formatBounds(SAMEGAME_GAME_DEFAULTS.colors)})`,
  }),
};

const MEMORY = { defaultMb: SAMEGAME_MEMORY_MB, source: `CodinGame: ${SAMEGAME_MEMORY_MB} MB` };

export const conformSamegameCommand = conformCommand(SAMEGAME_PROTOCOL, BOUNDS, MEMORY, [
  ['$0 samegame conform --engine "python3 my_engine.py"', 'check an engine on 200 games of every size'],
  [
    '$0 samegame conform --engine "./my_bot --simulate" --width 15 --height 15 --colors 5 --out failing.txt',
    "only CodinGame's board; the failing game to failing.txt",
  ],
]);

export const vectorsSamegameCommand = vectorsCommand(SAMEGAME_PROTOCOL, BOUNDS, [
  ['$0 samegame vectors --games 50 --seed 1 --out vectors', 'fifty games and their answers, to check with diff'],
]);

/** `tilefall columns conform` and `vectors`: a user's Columns engine checked against the rules. */
import { JEWEL_COLORS } from '../../columns/engine/field.js';
import { COLUMNS_MEMORY_MB } from '../../judge/columns.js';
import { formatBounds } from '../../testing/bounds.js';
import { COLUMNS_GAME_DEFAULTS } from '../../testing/columns-games.js';
import { COLUMNS_PROTOCOL } from '../../testing/conformance-protocol.js';
import { type BoundsOptions, conformCommand } from '../conform-command.js';
import { integerOrRangeOption } from '../options.js';
import { vectorsCommand } from '../vectors-command.js';
import { withScorer } from './conform-scorer.js';

/** `--width --height --colors`: exact values or ranges A..B the games stay within. */
const BOUNDS: BoundsOptions = {
  width: integerOrRangeOption(1, 64, {
    describe: `field width, or a range A..B (default: ${formatBounds(COLUMNS_GAME_DEFAULTS.width)}, the statement's)`,
  }),
  height: integerOrRangeOption(3, 256, {
    describe: `field height, or a range A..B (default: ${formatBounds(COLUMNS_GAME_DEFAULTS.height)}, the statement's)`,
  }),
  colors: integerOrRangeOption(1, JEWEL_COLORS, {
    describe: `jewel colors in a game, or a range A..B (default: ${formatBounds(COLUMNS_GAME_DEFAULTS.colors)})`,
  }),
};

const MEMORY = { defaultMb: COLUMNS_MEMORY_MB, source: `contest: ${COLUMNS_MEMORY_MB} MiB` };

const CONFORM_EXAMPLES = [
  ['$0 columns conform --engine "python3 my_engine.py"', "check an engine on 200 games of the statement's sizes"],
  ['$0 columns conform --engine "./solver --simulate" --width 6 --height 13 --out failing.txt', 'one field size only'],
  [
    '$0 columns conform --scorer "python3 my_scorer.py"',
    'check a scorer: it reads instances and outputs, and prints the scores',
  ],
] as const;

export const conformColumnsCommand = withScorer(
  conformCommand(COLUMNS_PROTOCOL, BOUNDS, MEMORY, CONFORM_EXAMPLES),
  BOUNDS,
  CONFORM_EXAMPLES,
);

export const vectorsColumnsCommand = vectorsCommand(COLUMNS_PROTOCOL, BOUNDS, [
  ['$0 columns vectors --games 50 --seed 1 --out vectors', 'fifty games and their answers, to check with diff'],
]);

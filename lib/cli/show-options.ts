/**
 * The options of the commands that draw games (`show`, and `solve --show/--svg`), declared once:
 * the HTML replay, one position as SVG, and which position.
 */
import { InputFailure } from './input-error.js';
import { flagOption, integerOption, type OptionCheck, outputOption } from './options.js';
import { countOf } from './table-row.js';

/** `--out`, `--svg`, `--move`, `--glyphs`. */
export const PICTURE_OPTIONS = {
  svg: outputOption('file', { describe: 'write one position as a static SVG (the final one unless --move N)' }),
  move: integerOption(0, 10_000_000, { describe: 'with --svg: the position after N moves (columns for Columns)' }),
  glyphs: flagOption('draw a glyph on every tile beside its color (always past eight colors)'),
} as const;

/** `--show FILE` of the solve commands. */
export const SHOW_OPTION = outputOption('file', { describe: 'also write the HTML replay of the line found' });

/**
 * `--move` and `--glyphs` draw the `--svg` picture (the HTML replay has its own glyphs switch):
 * given without `--svg` they would do nothing, and are refused.
 */
export const PICTURE_CHECKS: readonly OptionCheck<{ svg?: string; move?: number; glyphs: boolean }>[] = [
  {
    option: 'move',
    message: 'chooses the position --svg FILE draws: give --svg FILE too',
    fails: (o) => o.move !== undefined && o.svg === undefined,
  },
  {
    option: 'glyphs',
    message: 'draws glyphs on the --svg FILE picture (the replay has its own switch): give --svg FILE too',
    fails: (o, given) => given.has('glyphs') && o.svg === undefined,
  },
];

/**
 * Which step a `--move N` of a solve asks for, clamped to the line found: the line's length is not
 * known before the search, and a number past its end draws the end rather than losing the search.
 */
export const pictureStep = (move: number | undefined, last: number): number =>
  move === undefined ? last : Math.min(move, last);

/**
 * Which step a `--move N` of `show` asks for: the game is known, so a number past its last step
 * (`last` moves, or columns for Columns: `unit`) is refused, naming how many there are.
 */
export function shownStep(move: number | undefined, last: number, unit: 'move' | 'column'): number {
  if (move === undefined || move <= last) return move ?? last;
  throw new InputFailure({ message: `option --move: the game has ${countOf(last, unit)}: give 0 to ${last}` });
}

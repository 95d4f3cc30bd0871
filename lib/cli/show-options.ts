/**
 * The options of the commands that draw games (`show`, and `solve --show/--svg`), declared once:
 * the HTML replay, one position as SVG, and which position.
 */
import { flagOption, integerOption, outputOption } from './options.js';

/** `--out`, `--svg`, `--move`, `--glyphs`. */
export const PICTURE_OPTIONS = {
  svg: outputOption('file', { describe: 'write one position as a static SVG (the final one unless --move N)' }),
  move: integerOption(0, 10_000_000, { describe: 'with --svg: the position after N moves (columns for Columns)' }),
  glyphs: flagOption('draw a glyph on every tile beside its color (always past eight colors)'),
} as const;

/** `--show FILE` of the solve commands. */
export const SHOW_OPTION = outputOption('file', { describe: 'also write the HTML replay of the line found' });

/** Which step a `--move N` asks for, clamped to the game: a number past the end is the end. */
export const pictureStep = (move: number | undefined, last: number): number =>
  move === undefined ? last : Math.min(move, last);

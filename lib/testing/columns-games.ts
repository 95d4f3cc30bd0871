/**
 * Columns games for conformance testing: an instance and one placement per column, drawn by
 * fast-check so that a failing game shrinks to a small one. The games aim at the corners a
 * simulator gets wrong (matches in every direction, runs of four and five, chains, magic on the
 * floor and on a jewel, the game-over edge, letters that are not a, b, c), and every field size and
 * color count stays within the bounds the user gave.
 */
import fc from 'fast-check';
import { JEWEL_COLORS } from '../columns/engine/field.js';
import { type Instance, LIMITS, type Piece, type Placement, STATEMENT_SHAPE } from '../columns/engine/instance.js';
import type { ArgumentError } from '../core/argument-error.js';
import type { IntegerRange } from '../core/integer-range.js';
import { ok, type Result } from '../core/result.js';
import { checkShapeOptions, nearest, type Range, type ShapeRanges } from './bounds.js';
import { drawnInteger } from './drawn-integer.js';

/** An instance and a placement for each of its columns. */
export interface ColumnsGame {
  readonly instance: Instance;
  /** One per column of the instance, in order. */
  readonly placements: readonly Placement[];
}

/** The field sizes and color counts an engine supports; left out, the statement's. */
export interface ColumnsGameOptions {
  /** Field width (default 6..12, the statement's). */
  readonly width?: number | IntegerRange;
  /** Field height (default 13..19, the statement's). */
  readonly height?: number | IntegerRange;
  /** Jewel colors in a game (default 1..8); their letters are any of a..z. */
  readonly colors?: number | IntegerRange;
}

/** The ranges games are drawn from when the options leave them out. */
export const COLUMNS_GAME_DEFAULTS: { readonly [K in 'width' | 'height' | 'colors']: IntegerRange } = {
  width: STATEMENT_SHAPE.width,
  height: STATEMENT_SHAPE.height,
  colors: [1, 8],
};

/** One kind of game: the sizes and colors it draws (it shrinks within all of the user's), its columns, its magic, where they fall. */
interface GameKind {
  readonly width: Range;
  readonly height: Range;
  readonly colors: Range;
  readonly maxColumns: number;
  /** Percent of magic columns. */
  readonly magicPercent: number;
  /** Columns fall only into the leftmost `spread` positions (a pile that reaches the top). */
  readonly spread: number;
  readonly weight: number;
}

/** One column of a game before it is built: its jewels (or a magic roll) and where it falls. */
interface TurnSeed {
  readonly magicRoll: number;
  readonly jewels: readonly [number, number, number];
  readonly position: number;
  readonly shifts: number;
}

/**
 * Games within `options` (see {@link ColumnsGameOptions}), shrinking toward small fields, few
 * columns, position 1, no shift and the letters a, b, c.
 *
 * An option that is not a whole number or `[min, max]` within the engine's limits (width 1..64,
 * height 3..256, colors 1..26), or an unknown option, is refused (`invalid-option`, the option
 * named) rather than thrown.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { columnsGames } from 'tilefall/testing';
 *
 * const games = columnsGames({ width: 6, height: 13 });
 * if (!games.ok) throw new Error(games.error.message);
 * const [game] = fc.sample(games.value, { seed: 1, numRuns: 1 });
 * console.log(game.instance.pieces.length === game.placements.length); // true
 * ```
 */
export function columnsGames(
  options: ColumnsGameOptions = {},
): Result<fc.Arbitrary<ColumnsGame>, ArgumentError<'invalid-option'>> {
  const ranges = checkShapeOptions(options, COLUMNS_GAME_DEFAULTS, LIMITS);
  if (!ranges.ok) return ranges;
  return ok(gamesWithin(ranges.value));
}

/** The games within checked ranges. */
function gamesWithin(bounded: ShapeRanges): fc.Arbitrary<ColumnsGame> {
  const { width, height, colors } = bounded;
  const few = nearest(colors, [1, 3]);
  const kinds: GameKind[] = [
    {
      width: nearest(width, [1, 7]),
      height: nearest(height, [3, 14]),
      colors: few,
      maxColumns: 15,
      magicPercent: 10,
      spread: 64,
      weight: 3,
    },
    { width, height, colors, maxColumns: 100, magicPercent: 5, spread: 64, weight: 3 },
    { width, height: nearest(height, [3, 15]), colors, maxColumns: 30, magicPercent: 20, spread: 2, weight: 3 },
    { width, height, colors: nearest(colors, [2, 3]), maxColumns: 40, magicPercent: 5, spread: 64, weight: 2 },
    // One tall pile of many colors and much magic: the game-over edge, for magic columns too.
    {
      width,
      height: nearest(height, [3, 15]),
      colors: nearest(colors, [5, 8]),
      maxColumns: 16,
      magicPercent: 25,
      spread: 1,
      weight: 2,
    },
  ];
  return fc.oneof(...kinds.map((kind) => ({ arbitrary: gameOfKind(kind, bounded, kinds[0]), weight: kind.weight })));
}

/** The games of one kind. */
function gameOfKind(kind: GameKind, bounded: ShapeRanges, smallest: GameKind): fc.Arbitrary<ColumnsGame> {
  const maxColors = bounded.colors[1];
  const turn: fc.Arbitrary<TurnSeed> = fc.record({
    magicRoll: fc.nat({ max: 99 }),
    jewels: fc.tuple(fc.nat({ max: maxColors - 1 }), fc.nat({ max: maxColors - 1 }), fc.nat({ max: maxColors - 1 })),
    position: drawnInteger([0, Math.min(kind.spread, kind.width[1]) - 1], [0, bounded.width[1] - 1]),
    shifts: fc.nat({ max: 2 }),
  });
  return fc
    .record({
      width: drawnInteger(kind.width, bounded.width),
      height: drawnInteger(kind.height, bounded.height),
      colors: drawnInteger(kind.colors, bounded.colors),
      // Letters (first + i * step) mod 26: a, b, c when shrunk, or spread out like c and x.
      firstLetter: fc.nat({ max: JEWEL_COLORS - 1 }),
      letterStep: fc.constantFrom(1, 7, 11),
      turns: fc.array(turn, {
        minLength: 1,
        maxLength: kind.maxColumns,
        size: kind === smallest ? 'small' : 'max',
      }),
    })
    .map(({ width, height, colors, firstLetter, letterStep, turns: drawn }) => {
      // Drawn last turn first: fast-check shrinks an array's length by keeping its tail, and a
      // game's failure needs its first turns, not its last.
      const turns = [...drawn].reverse();
      const letter = (j: number) => (firstLetter + (j % colors) * letterStep) % JEWEL_COLORS;
      const pieces = turns.map(
        (t): Piece =>
          t.magicRoll >= 100 - kind.magicPercent
            ? { magic: true }
            : { magic: false, jewels: [letter(t.jewels[0]), letter(t.jewels[1]), letter(t.jewels[2])] },
      );
      const placements = turns.map((t): Placement => ({ position: 1 + (t.position % width), shifts: t.shifts }));
      return { instance: { width, height, pieces }, placements };
    });
}

/**
 * SameGame games for conformance testing: a settled board and a list of legal moves, drawn by
 * fast-check so that a failing game shrinks to a small one. The games aim at the corners a
 * simulator gets wrong (columns emptied alone, side by side or at an edge, boards that clear,
 * regions around a hole, one-row and one-column boards, long games on the contest's board), and
 * every size and color count stays within the bounds the user gave.
 */
import fc from 'fast-check';
import type { ArgumentError } from '../core/argument-error.js';
import type { IntegerRange } from '../core/integer-range.js';
import { ok, type Result } from '../core/result.js';
import { type Board, type Cell, EMPTY, LIMITS } from '../samegame/engine/board.js';
import { play, regions } from '../samegame/engine/rules.js';
import { checkShapeOptions, nearest, type Range, type ShapeRanges } from './bounds.js';
import { drawnInteger } from './drawn-integer.js';

/** A board and the moves played on it, each one legal where it is played. */
export interface SamegameGame {
  readonly board: Board;
  /** Each move names one cell of a region of two or more cells (not always the region's first cell). */
  readonly moves: readonly Cell[];
}

/** The sizes and color counts an engine supports; left out, the engine's whole range. */
export interface SamegameGameOptions {
  /** Board columns (default 1..20). */
  readonly width?: number | IntegerRange;
  /** Board rows (default 1..20). */
  readonly height?: number | IntegerRange;
  /** Colors: cells hold colors 0 to colors − 1 (default 1..20). */
  readonly colors?: number | IntegerRange;
}

/** The ranges games are drawn from when the options leave them out: 1 to beyond CodinGame's 15 x 15. */
export const SAMEGAME_GAME_DEFAULTS: { readonly [K in 'width' | 'height' | 'colors']: IntegerRange } = {
  width: [1, 20],
  height: [1, 20],
  colors: [1, LIMITS.colors[1]],
};

/** One kind of game: the sizes it draws (it shrinks within all of the user's), its cells, its moves. */
interface GameKind {
  readonly width: Range;
  readonly height: Range;
  readonly colors: Range;
  /** `bars`: one color per column, so moves empty whole columns, several side by side. */
  readonly cells: 'random' | 'bars';
  readonly maxMoves: number;
  readonly weight: number;
}

/** What one game is drawn from before it is built: sizes, cell colors, column heights, move picks. */
interface GameSeed {
  readonly width: number;
  readonly height: number;
  readonly colors: number;
  readonly cells: readonly number[];
  readonly ragged: boolean;
  readonly drops: readonly number[];
  readonly picks: readonly (readonly [number, number])[];
}

/**
 * Games within `options` (see {@link SamegameGameOptions}), shrinking toward small boards, few
 * colors and few moves. An option that is not a whole number or `[min, max]` within the engine's
 * limits (sizes 1..64, colors 1..20), or an unknown option, is refused (`invalid-option`, the
 * option named) rather than thrown.
 *
 * @example
 * ```ts
 * import fc from 'fast-check';
 * import { samegameGames } from 'tilefall/testing';
 *
 * // CodinGame's board only: 15 x 15, 5 colors.
 * const games = samegameGames({ width: 15, height: 15, colors: 5 });
 * if (!games.ok) throw new Error(games.error.message);
 * const [game] = fc.sample(games.value, { seed: 1, numRuns: 1 });
 * console.log(game.board.width, game.moves.length);
 * ```
 */
export function samegameGames(
  options: SamegameGameOptions = {},
): Result<fc.Arbitrary<SamegameGame>, ArgumentError<'invalid-option'>> {
  const ranges = checkShapeOptions(options, SAMEGAME_GAME_DEFAULTS, LIMITS);
  if (!ranges.ok) return ranges;
  return ok(gamesWithin(ranges.value));
}

/** The games within checked ranges. */
function gamesWithin(bounded: ShapeRanges): fc.Arbitrary<SamegameGame> {
  const { width, height, colors } = bounded;
  const kinds: GameKind[] = [
    {
      width: nearest(width, [1, 5]),
      height: nearest(height, [1, 5]),
      colors: nearest(colors, [1, 3]),
      cells: 'random',
      maxMoves: 10,
      weight: 4,
    },
    {
      width: nearest(width, [2, 8]),
      height: nearest(height, [1, 4]),
      colors: nearest(colors, [1, 3]),
      cells: 'bars',
      maxMoves: 10,
      weight: 2,
    },
    { width, height, colors, cells: 'random', maxMoves: 40, weight: 2 },
    {
      width: nearest(width, [15, 15]),
      height: nearest(height, [15, 15]),
      colors: nearest(colors, [5, 5]),
      cells: 'random',
      maxMoves: 150,
      weight: 2,
    },
  ];
  return fc.oneof(...kinds.map((kind) => ({ arbitrary: gameOfKind(kind, bounded), weight: kind.weight })));
}

/** The games of one kind. */
function gameOfKind(kind: GameKind, bounded: ShapeRanges): fc.Arbitrary<SamegameGame> {
  const [maxWidth, maxHeight, maxColors] = [bounded.width[1], bounded.height[1], bounded.colors[1]];
  return (
    fc
      .record({
        width: drawnInteger(kind.width, bounded.width),
        height: drawnInteger(kind.height, bounded.height),
        colors: drawnInteger(kind.colors, bounded.colors),
        // Cells are drawn for the largest board and read at (x, y), so a shrunk size keeps its cells.
        cells: fc.array(fc.nat({ max: maxColors - 1 }), {
          minLength: maxWidth * maxHeight,
          maxLength: maxWidth * maxHeight,
        }),
        ragged: kind.cells === 'bars' ? fc.constant(true) : fc.boolean(),
        drops: fc.array(fc.nat({ max: maxHeight }), { minLength: maxWidth, maxLength: maxWidth }),
        picks: fc.array(fc.tuple(fc.nat(), fc.nat()), {
          minLength: 1,
          maxLength: kind.maxMoves,
          size: kind.maxMoves > 40 ? 'max' : 'small',
        }),
      })
      // Picks are drawn last move first: fast-check shrinks an array's length by keeping its tail,
      // and a game's failure needs its first moves, not its last.
      .map((seed) => playPicks(boardOf(seed, kind, maxHeight), [...seed.picks].reverse()))
  );
}

/** The settled board a seed draws: columns of their drawn heights, empty ones moved to the right. */
function boardOf(seed: GameSeed, kind: GameKind, stride: number): Board {
  const { width, height, colors } = seed;
  const cells = new Array<number>(width * height).fill(EMPTY);
  let column = 0;
  for (let x = 0; x < width; x++) {
    const filled = seed.ragged ? height - (seed.drops[x] % (height + 1)) : height;
    if (filled === 0) continue;
    for (let y = 0; y < filled; y++) {
      const drawn = kind.cells === 'bars' ? seed.cells[x * stride] : seed.cells[x * stride + y];
      cells[column * height + y] = drawn % colors;
    }
    column++;
  }
  return { width, height, colors, cells };
}

/**
 * The game the picks choose on `board`: each pick names one legal region (modulo their count,
 * in column-major order of their first cells) and one of its cells, until no move is left.
 */
function playPicks(board: Board, picks: readonly (readonly [number, number])[]): SamegameGame {
  const moves: Cell[] = [];
  let current = board;
  for (const [regionPick, cellPick] of picks) {
    const movable = regions(current).filter((region) => region.length >= 2);
    if (movable.length === 0) break;
    const region = [...movable[regionPick % movable.length]].sort((a, b) => a.x - b.x || a.y - b.y);
    const move = region[cellPick % region.length];
    const played = play(current, move);
    if (!played.ok) throw new Error(`a drawn move was refused: ${played.error.message}`);
    moves.push(move);
    current = played.value.board;
  }
  return { board, moves };
}

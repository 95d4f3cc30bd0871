/**
 * Seeded random boards: every cell an independent uniform color, as in the first ten standard
 * benchmark boards, or, with `counts`, exactly so many cells of each color in random places, as
 * in the others (boards 11 to 15 hold 45 cells of each of the five colors, boards 16 to 20 one
 * color 65 times and the four others 40 times). Same seed and options, same boards.
 */
import { drawInRange, type IntegerRange } from '../../core/integer-range.js';
import { createRandom, type Random } from '../../core/random.js';
import { type Board, STANDARD_SHAPE } from './board.js';

/**
 * How many boards, from which seed, of which shape (left out: CodinGame's 15 x 15, 5 colors). A
 * size or color count given as a range `[min, max]` is drawn for each board; a fixed one draws
 * nothing, so the boards of fixed shapes never change.
 */
export interface GenerateOptions {
  readonly seed: number;
  /** How many boards (default 1). */
  readonly count?: number;
  readonly width?: number | IntegerRange;
  readonly height?: number | IntegerRange;
  readonly colors?: number | IntegerRange;
  /**
   * Cells of each color, one count per color, adding up to the board's cells (the shape must then
   * be fixed numbers). The counts go to the colors in a random order on every board (with
   * 65,40,40,40,40 any color may be the one with 65), then the cells are shuffled.
   */
  readonly counts?: readonly number[];
}

/**
 * `count` full boards drawn from `seed`.
 *
 * @example
 * ```ts
 * import { formatBoards, generate } from 'tilefall/samegame';
 *
 * // Ten boards of the standard shape (15x15, 5 colors), the same ones for the same seed.
 * const boards = generate({ count: 10, seed: 42 });
 * console.log(formatBoards(boards));
 * ```
 */
export function generate({
  seed,
  count = 1,
  width = STANDARD_SHAPE.width,
  height = STANDARD_SHAPE.height,
  colors = STANDARD_SHAPE.colors,
  counts,
}: GenerateOptions): Board[] {
  const random = createRandom(seed);
  if (counts !== undefined) {
    if (typeof width !== 'number' || typeof height !== 'number' || typeof colors !== 'number')
      throw new RangeError('generate: counts need a fixed width, height and colors, not ranges');
    if (!countsFitBoard(counts, width, height, colors))
      throw new RangeError(
        `generate: counts must give each of the ${colors} colors a count, adding up to ${width * height}`,
      );
  }
  return Array.from({ length: count }, () => {
    const shape = {
      width: drawInRange(width, random),
      height: drawInRange(height, random),
      colors: drawInRange(colors, random),
    };
    return {
      ...shape,
      cells:
        counts === undefined
          ? Array.from({ length: shape.width * shape.height }, () => random.uniform(0, shape.colors - 1))
          : dealtCells(counts, random),
    };
  });
}

/** True when `counts` holds one count per color and they add up to the board's cells. */
export function countsFitBoard(counts: readonly number[], width: number, height: number, colors: number): boolean {
  return counts.length === colors && counts.reduce((a, b) => a + b, 0) === width * height;
}

/** The cells of `counts`, dealt to the colors in a random order, in a random order. */
function dealtCells(counts: readonly number[], random: Random): number[] {
  const colors = shuffled(
    counts.map((_, c) => c),
    random,
  );
  return shuffled(
    counts.flatMap((n, k) => new Array<number>(n).fill(colors[k])),
    random,
  );
}

/** `items` in a uniformly random order (Fisher-Yates; `items` is reordered in place). */
function shuffled<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random.uniform(0, i);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

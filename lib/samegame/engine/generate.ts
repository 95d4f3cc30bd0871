/**
 * Seeded random boards: every cell an independent uniform color, as in the first ten standard
 * benchmark boards, or, with `counts`, exactly so many cells of each color in random places, as
 * in the others (boards 11 to 15 hold 45 cells of each of the five colors, boards 16 to 20 one
 * color 65 times and the four others 40 times). Same seed and options, same boards.
 */
import { type ArgumentError, checkOptions, checkWholeNumber, refuse, SEED_RANGE } from '../../core/argument-error.js';
import { drawInRange, type IntegerRange } from '../../core/integer-range.js';
import { createRandom, type Random } from '../../core/random.js';
import { err, ok, type Result } from '../../core/result.js';
import { type Board, LIMITS, STANDARD_SHAPE } from './board.js';

/**
 * How many boards, from which seed, of which shape (left out: CodinGame's 15 x 15, 5 colors). A
 * size or color count given as a range `[min, max]` is drawn for each board; a fixed one draws
 * nothing, so the boards of fixed shapes never change. Every size and color count, fixed or a
 * range's ends, is a whole number within {@link LIMITS}.
 */
export interface GenerateOptions {
  /** Any whole number from `Number.MIN_SAFE_INTEGER` to `Number.MAX_SAFE_INTEGER`. */
  readonly seed: number;
  /**
   * How many boards (default 1): a whole number from 1 to `MAX_GENERATE_COUNT` (100,000), and at
   * most 25 million cells in all (100,000 standard boards; 6,103 of 64 x 64).
   */
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

/** The most boards one call of {@link generate} makes (what `tilefall samegame generate --count` allows). */
export const MAX_GENERATE_COUNT = 100_000;

/**
 * The most cells one call makes in all (`count` times the largest board its sizes allow): the
 * memory and time they cost (about 16 bytes and 0.2 microseconds a cell), 400 MB at most. The
 * count's own limit is for boards of the standard shape: 100,000 of them are 22.5 million cells.
 */
const MAX_TOTAL_CELLS = 25_000_000;

/** The options of {@link generate}, with every default filled in. */
interface Generation {
  readonly seed: number;
  readonly count: number;
  readonly width: number | IntegerRange;
  readonly height: number | IntegerRange;
  readonly colors: number | IntegerRange;
  readonly counts: readonly number[] | undefined;
}

/**
 * `count` full boards drawn from `seed`. Options outside their ranges (a size or color count
 * outside {@link LIMITS}, a range whose min is above its max, counts that do not fit the board,
 * more than 25 million cells in all, counting each board at its sizes' largest) are refused with
 * `invalid-option` and the field at fault (`options.width[1]`).
 *
 * @example
 * ```ts
 * import { formatBoards, generate } from 'tilefall/samegame';
 *
 * // Ten boards of the standard shape (15x15, 5 colors), the same ones for the same seed.
 * const boards = generate({ count: 10, seed: 42 });
 * if (boards.ok) console.log(formatBoards(boards.value));
 * else console.log(boards.error.message);
 * ```
 */
export function generate(options: GenerateOptions): Result<Board[], ArgumentError> {
  const checked = checkGenerateOptions(options);
  if (!checked.ok) return checked;
  const { seed, count, width, height, colors, counts } = checked.value;
  const random = createRandom(seed);
  return ok(
    Array.from({ length: count }, () => {
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
    }),
  );
}

/** The options of {@link generate} checked, with their defaults. */
function checkGenerateOptions(options: unknown): Result<Generation, ArgumentError> {
  const fields = checkOptions('invalid-option', 'options', options, [
    'seed',
    'count',
    'width',
    'height',
    'colors',
    'counts',
  ]);
  if (!fields.ok) return fields;
  const given = fields.value;
  const seed = checkWholeNumber('invalid-option', 'options.seed', given.seed, SEED_RANGE);
  if (!seed.ok) return seed;
  const count = checkWholeNumber('invalid-option', 'options.count', given.count ?? 1, [1, MAX_GENERATE_COUNT]);
  if (!count.ok) return count;
  const width = checkShape('width', given.width ?? STANDARD_SHAPE.width);
  if (!width.ok) return width;
  const height = checkShape('height', given.height ?? STANDARD_SHAPE.height);
  if (!height.ok) return height;
  const colors = checkShape('colors', given.colors ?? STANDARD_SHAPE.colors);
  if (!colors.ok) return colors;
  const shape = { width: width.value, height: height.value, colors: colors.value };
  const total = checkTotalCells(count.value, shape);
  if (!total.ok) return total;
  const counts = given.counts === undefined ? ok(undefined) : checkCounts(given.counts, shape);
  if (!counts.ok) return counts;
  return ok({ seed: seed.value, count: count.value, ...shape, counts: counts.value });
}

/** A size or color count: a whole number within {@link LIMITS}, or a range `[min, max]` of two, min <= max. */
function checkShape(key: keyof typeof LIMITS, value: unknown): Result<number | IntegerRange, ArgumentError> {
  const field = `options.${key}`;
  const limits = LIMITS[key];
  if (!Array.isArray(value)) return checkWholeNumber('invalid-option', field, value, limits);
  if (value.length !== 2)
    return refuse('invalid-option', field, `a whole number or a range [min, max] within ${limits.join(' to ')}`, value);
  const min = checkWholeNumber('invalid-option', `${field}[0]`, value[0], limits);
  if (!min.ok) return min;
  const max = checkWholeNumber('invalid-option', `${field}[1]`, value[1], [min.value, limits[1]]);
  if (!max.ok) return max;
  return ok([min.value, max.value]);
}

/** The largest value of a size: itself, or a range's max. */
function largest(size: number | IntegerRange): number {
  return typeof size === 'number' ? size : size[1];
}

/** `count` boards of the shape's largest size fit in {@link MAX_TOTAL_CELLS}, or the count is refused. */
function checkTotalCells(
  count: number,
  shape: { readonly width: number | IntegerRange; readonly height: number | IntegerRange },
): Result<number, ArgumentError> {
  const most = largest(shape.width) * largest(shape.height);
  if (count * most <= MAX_TOTAL_CELLS) return ok(count);
  const fits = `at most ${Math.floor(MAX_TOTAL_CELLS / most)} for boards of up to ${most} cells (25 million cells in all)`;
  return refuse('invalid-option', 'options.count', fits, count);
}

/** Counts that fit a fixed shape: one whole number per color, adding up to the board's cells. */
function checkCounts(
  value: unknown,
  shape: {
    readonly width: number | IntegerRange;
    readonly height: number | IntegerRange;
    readonly colors: number | IntegerRange;
  },
): Result<readonly number[], ArgumentError> {
  const { width, height, colors } = shape;
  if (typeof width !== 'number' || typeof height !== 'number' || typeof colors !== 'number')
    return err({
      code: 'invalid-option',
      field: 'options.counts',
      message: 'options.counts need a fixed width, height and colors, not ranges',
    });
  const cells = width * height;
  if (!Array.isArray(value)) return refuse('invalid-option', 'options.counts', `an array of ${colors} counts`, value);
  for (let c = 0; c < value.length; c++) {
    const n = checkWholeNumber('invalid-option', `options.counts[${c}]`, value[c], [0, cells]);
    if (!n.ok) return n;
  }
  if (!countsFitBoard(value, width, height, colors)) {
    const sum = value.reduce((a: number, b: number) => a + b, 0);
    const message = `options.counts must give each of the ${colors} colors a count, adding up to ${cells}, found ${value.length} adding up to ${sum}`;
    return err({ code: 'invalid-option', field: 'options.counts', message });
  }
  return ok(value);
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

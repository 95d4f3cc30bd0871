/**
 * A seeded Columns instance generator with the statement's ranges. It is NOT the official
 * generator (which is not public): its scores do not compare with the contest leaderboard.
 * Every parameter left out is drawn from the seed: width 6..12, height 13..19, k 1000..10000,
 * 3..8 colors (the first letters), magic rate 2..10 % per instance. A parameter given as a range
 * `[min, max]` is drawn from that range instead.
 */

import {
  type ArgumentError,
  checkFiniteNumber,
  checkOptions,
  checkWholeNumber,
  refuse,
  SEED_RANGE,
} from '../../core/argument-error.js';
import { drawInRange, type IntegerRange } from '../../core/integer-range.js';
import { createRandom } from '../../core/random.js';
import { ok, type Result } from '../../core/result.js';
import { type Instance, LIMITS, type Piece } from './instance.js';

/** Generator parameters; each one left out (or given as a range) is drawn from each instance's seed. */
export interface GenerateOptions {
  /** Instance i (from 0) is drawn from seed `seed + i`. */
  readonly seed: number;
  /** How many instances (default 1, at most 10,000). */
  readonly count?: number;
  readonly width?: number | IntegerRange;
  readonly height?: number | IntegerRange;
  readonly columns?: number | IntegerRange;
  readonly colors?: number | IntegerRange;
  /** Probability that a column is magic, 0..1. */
  readonly magicRate?: number;
}

/** The ranges parameters are drawn from: the statement's constraints. */
export const GENERATOR_RANGES = {
  width: [6, 12],
  height: [13, 19],
  columns: [1000, 10_000],
  colors: [3, 8],
  magicRate: [0.02, 0.1],
} as const;

/** The most instances one call makes. */
const MAX_COUNT = 10_000;

/** The most columns one call makes in all (instances times the most columns each may have): memory for them. */
const MAX_TOTAL_COLUMNS = 4_000_000;

/** The parameters given as a number or a range, each within {@link LIMITS}. */
const SIZES = ['width', 'height', 'columns', 'colors'] as const;

/**
 * `count` seeded instances, instance i from seed `seed + i` (so a longer run extends a shorter one).
 * Every option is checked first, and a bad one is refused with `invalid-option` naming it
 * (`options.width`): `seed` a whole number (`seed + count - 1` still a safe integer); `count` 1 to
 * 10,000; each size a whole number or a `[min, max]` range with `min <= max`, within `LIMITS`;
 * `magicRate` a number from 0 to 1; and at most four million columns in all (`count` times the
 * most columns an instance may have).
 *
 * @example
 * ```ts
 * import { formatInstances, generate } from 'tilefall/columns';
 *
 * // Five instances 8 wide, of 100 to 500 columns; what is left out is drawn from the seed.
 * const instances = generate({ seed: 1, count: 5, width: 8, columns: [100, 500] });
 * if (instances.ok) console.log(formatInstances(instances.value));
 * ```
 */
export function generate(options: GenerateOptions): Result<Instance[], ArgumentError> {
  const checked = checkGenerateOptions(options);
  if (!checked.ok) return checked;
  const { seed, count = 1 } = checked.value;
  return ok(Array.from({ length: count }, (_, i) => generateOne({ ...checked.value, seed: seed + i })));
}

/** The options, each within its range, or the refusal of the first one that is not. */
function checkGenerateOptions(value: unknown): Result<GenerateOptions, ArgumentError> {
  const fields = checkOptions('invalid-option', 'options', value, ['seed', 'count', ...SIZES, 'magicRate']);
  if (!fields.ok) return fields;
  const options = fields.value;
  const count = checkWholeNumber('invalid-option', 'options.count', options.count ?? 1, [1, MAX_COUNT]);
  if (!count.ok) return count;
  const seed = checkWholeNumber('invalid-option', 'options.seed', options.seed, [
    SEED_RANGE[0],
    SEED_RANGE[1] - (count.value - 1),
  ]);
  if (!seed.ok) return seed;
  const sizes: Partial<Record<(typeof SIZES)[number], number | IntegerRange>> = {};
  for (const name of SIZES) {
    const size = checkSize(options[name], `options.${name}`, LIMITS[name]);
    if (!size.ok) return size;
    if (size.value !== undefined) sizes[name] = size.value;
  }
  const most = mostColumns(sizes.columns ?? GENERATOR_RANGES.columns);
  if (count.value * most > MAX_TOTAL_COLUMNS) {
    const fits = `at most ${Math.floor(MAX_TOTAL_COLUMNS / most)} for instances of up to ${most} columns (four million columns in all)`;
    return refuse('invalid-option', 'options.count', fits, count.value);
  }
  const magicRate =
    options.magicRate === undefined
      ? ok(undefined)
      : checkFiniteNumber('invalid-option', 'options.magicRate', options.magicRate, [0, 1]);
  if (!magicRate.ok) return magicRate;
  return ok({
    seed: seed.value,
    count: count.value,
    ...sizes,
    ...(magicRate.value === undefined ? {} : { magicRate: magicRate.value }),
  });
}

/** A size left out, a whole number within `limits`, or a range `[min, max]` of them with `min <= max`. */
function checkSize(
  value: unknown,
  field: string,
  limits: IntegerRange,
): Result<number | IntegerRange | undefined, ArgumentError> {
  if (value === undefined) return ok(undefined);
  if (typeof value === 'number') return checkWholeNumber('invalid-option', field, value, limits);
  if (!Array.isArray(value) || value.length !== 2)
    return refuse(
      'invalid-option',
      field,
      `a whole number or a range [min, max] within ${limits[0]}..${limits[1]}`,
      value,
    );
  const min = checkWholeNumber('invalid-option', `${field}[0]`, value[0], limits);
  if (!min.ok) return min;
  const max = checkWholeNumber('invalid-option', `${field}[1]`, value[1], [min.value, limits[1]]);
  if (!max.ok) return max;
  return ok([min.value, max.value]);
}

/** The most columns a `columns` option lets an instance have. */
const mostColumns = (columns: number | IntegerRange): number => (typeof columns === 'number' ? columns : columns[1]);

/** One seeded instance. */
function generateOne(options: GenerateOptions): Instance {
  const random = createRandom(options.seed);
  const width = drawInRange(options.width ?? GENERATOR_RANGES.width, random);
  const height = drawInRange(options.height ?? GENERATOR_RANGES.height, random);
  const columns = drawInRange(options.columns ?? GENERATOR_RANGES.columns, random);
  const colors = drawInRange(options.colors ?? GENERATOR_RANGES.colors, random);
  const magicRate =
    options.magicRate ??
    GENERATOR_RANGES.magicRate[0] + random.float() * (GENERATOR_RANGES.magicRate[1] - GENERATOR_RANGES.magicRate[0]);
  const pieces: Piece[] = Array.from({ length: columns }, () =>
    random.float() < magicRate
      ? { magic: true as const }
      : {
          magic: false as const,
          jewels: [
            random.uniform(0, colors - 1),
            random.uniform(0, colors - 1),
            random.uniform(0, colors - 1),
          ] as const,
        },
  );
  return { width, height, pieces };
}

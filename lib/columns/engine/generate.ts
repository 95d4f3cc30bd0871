/**
 * A seeded Columns instance generator with the statement's ranges. It is NOT the official
 * generator (which is not public): its scores do not compare with the contest leaderboard.
 * Every parameter left out is drawn from the seed: width 6..12, height 13..19, k 1000..10000,
 * 3..8 colors (the first letters), magic rate 2..10 % per instance. A parameter given as a range
 * `[min, max]` is drawn from that range instead.
 */

import { drawInRange, type IntegerRange } from '../../core/integer-range.js';
import { createRandom } from '../../core/random.js';
import type { Instance, Piece } from './instance.js';

/** Generator parameters; each one left out (or given as a range) is drawn from each instance's seed. */
export interface GenerateOptions {
  /** Instance i (from 0) is drawn from seed `seed + i`. */
  readonly seed: number;
  /** How many instances (default 1). */
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

/**
 * `count` seeded instances, instance i from seed `seed + i` (so a longer run extends a shorter one).
 *
 * @example
 * ```ts
 * import { formatInstances, generate } from 'tilefall/columns';
 *
 * // Five instances 8 wide, of 100 to 500 columns; what is left out is drawn from the seed.
 * const instances = generate({ seed: 1, count: 5, width: 8, columns: [100, 500] });
 * console.log(formatInstances(instances));
 * ```
 */
export function generate(options: GenerateOptions): Instance[] {
  return Array.from({ length: options.count ?? 1 }, (_, i) => generateOne({ ...options, seed: options.seed + i }));
}

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

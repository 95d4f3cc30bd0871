import type { Random } from './random.js';

/** An inclusive range of whole numbers `[min, max]`: the one shape of every limit and drawn parameter. */
export type IntegerRange = readonly [min: number, max: number];

/**
 * A generator's parameter: `given` itself when it is a number (nothing drawn, so the draws of the
 * other parameters never change), or a value drawn uniformly from the range.
 */
export function drawInRange(given: number | IntegerRange, random: Random): number {
  return typeof given === 'number' ? given : random.uniform(given[0], given[1]);
}

/**
 * The tuner's statistics as a caller meets them: a mean with its standard error, and a paired
 * difference, of numbers that are checked first, so that an answer never holds a NaN (a mean of
 * nothing) or an infinity (a sum past the largest number).
 */
import { type ArgumentError, refuse } from '../lib/core/argument-error.js';
import { ok, type Result } from '../lib/core/result.js';
import { pairedDifference as differenceOf, type Estimate, estimate as estimateOf } from '../lib/core/statistics.js';

/**
 * The largest value, either side of 0, an estimate takes: the squares of the spread of values
 * beyond it, summed, are past the largest finite number.
 */
export const MAX_SAMPLE_VALUE = 1e100;

/** `values` as a sample: an array of at least one finite number within {@link MAX_SAMPLE_VALUE}. */
function checkSample(values: unknown, field: string): Result<readonly number[], ArgumentError<'invalid-option'>> {
  const expected = `an array of at least one number from -${MAX_SAMPLE_VALUE} to ${MAX_SAMPLE_VALUE}`;
  if (!Array.isArray(values) || values.length === 0) return refuse('invalid-option', field, expected, values);
  for (let i = 0; i < values.length; i++) {
    const value: unknown = values[i];
    if (typeof value !== 'number' || !(Math.abs(value) <= MAX_SAMPLE_VALUE))
      return refuse(
        'invalid-option',
        `${field}[${i}]`,
        `a number from -${MAX_SAMPLE_VALUE} to ${MAX_SAMPLE_VALUE}`,
        value,
      );
  }
  return ok(values as readonly number[]);
}

/**
 * Mean and standard error of a sample of at least one number; a single value shows no spread, so
 * its standard error is 0 (its n = 1 says how little that means). An empty sample, or one with a
 * value that is not a finite number within {@link MAX_SAMPLE_VALUE}, is refused (`invalid-option`).
 *
 * @example
 * ```ts
 * import { estimate } from 'tilefall/tuner';
 *
 * const scores = estimate([3120, 2980, 3305]);
 * if (scores.ok) console.log(scores.value.mean, scores.value.standardError);
 * console.log(estimate([]).ok); // false: a mean of nothing is refused, not NaN
 * ```
 */
export function estimate(values: readonly number[]): Result<Estimate, ArgumentError<'invalid-option'>> {
  const sample = checkSample(values, 'values');
  if (!sample.ok) return sample;
  return ok(estimateOf(sample.value));
}

/**
 * The paired difference a - b, item by item: `a[i]` and `b[i]` are two scores of the same item
 * (a board, with the same seed). Both are samples as {@link estimate} takes them, of the same
 * length; anything else is refused (`invalid-option`), since there is then no pairing to measure.
 */
export function pairedDifference(
  a: readonly number[],
  b: readonly number[],
): Result<Estimate, ArgumentError<'invalid-option'>> {
  const first = checkSample(a, 'a');
  if (!first.ok) return first;
  const second = checkSample(b, 'b');
  if (!second.ok) return second;
  if (second.value.length !== first.value.length)
    return refuse('invalid-option', 'b', `as long as a (${first.value.length})`, b);
  return ok(differenceOf(first.value, second.value));
}

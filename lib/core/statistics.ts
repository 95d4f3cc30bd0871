/** Means, standard errors and paired differences for the held-out comparison. */

/** A sample's mean with its standard error. */
export interface Estimate {
  readonly mean: number;
  /** Standard error of the mean (sample standard deviation / sqrt(n)). */
  readonly standardError: number;
  readonly n: number;
}

/**
 * Mean and standard error of a sample. With no values both are NaN (there is nothing to
 * estimate, and NaN shows in every printout where a 0 would pass for a measurement); a single
 * value shows no spread, so its standard error is 0 (its n = 1 says how little that means).
 */
export function estimate(values: readonly number[]): Estimate {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = n > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, standardError: Math.sqrt(variance / n), n };
}

/**
 * The paired difference a - b, board by board: `a[i]` and `b[i]` are two scores of the same item.
 * Throws a RangeError when the samples differ in length, since there is then no pairing to
 * measure (a caller's bug, not the user's data).
 */
export function pairedDifference(a: readonly number[], b: readonly number[]): Estimate {
  if (a.length !== b.length) throw new RangeError(`paired samples differ in length (${a.length} and ${b.length})`);
  return estimate(a.map((v, i) => v - b[i]));
}

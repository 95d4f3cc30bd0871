/** Means, standard errors and paired differences for the held-out comparison. */

/** A sample's mean with its standard error. */
export interface Estimate {
  readonly mean: number;
  /** Standard error of the mean (sample standard deviation / sqrt(n)). */
  readonly standardError: number;
  readonly n: number;
}

/** Mean and standard error of a sample. */
export function estimate(values: readonly number[]): Estimate {
  const n = values.length;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const variance = n > 1 ? values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1) : 0;
  return { mean, standardError: Math.sqrt(variance / n), n };
}

/** The paired difference a - b, board by board. */
export function pairedDifference(a: readonly number[], b: readonly number[]): Estimate {
  return estimate(a.map((v, i) => v - b[i]));
}

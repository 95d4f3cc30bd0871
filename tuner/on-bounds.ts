/**
 * Tuned values that end on a bound of their range: the optimizer pushed them as far as it was let,
 * so the best value may lie beyond, and the range is worth widening before the next run.
 */

/** A tuned value on (or within {@link ON_BOUND_EPSILON} of the range from) one of its bounds. */
export interface OnBound {
  readonly name: string;
  readonly value: number;
  readonly bound: 'min' | 'max';
  readonly min: number;
  readonly max: number;
}

/**
 * How near a bound, as a fraction of the range, a value counts as on it: a value the optimizer
 * clamped is on it exactly, and one a hair inside was stopped there all the same.
 */
export const ON_BOUND_EPSILON = 1e-6;

/**
 * The values of `names` (by name in `values`) on a bound of their `bounds`, in the names' order. A
 * range of one value (min equal to max) has nothing to widen, and is left out.

 * (The report's own: its arguments come from a checked run, so it checks nothing.)
 */
export function onBounds(
  names: readonly string[],
  bounds: readonly (readonly [number, number])[],
  values: Readonly<Record<string, number>>,
): OnBound[] {
  const found: OnBound[] = [];
  names.forEach((name, i) => {
    const [min, max] = bounds[i];
    const value = values[name];
    const near = (max - min) * ON_BOUND_EPSILON;
    if (!(max > min)) return;
    if (value <= min + near) found.push({ name, value, bound: 'min', min, max });
    else if (value >= max - near) found.push({ name, value, bound: 'max', min, max });
  });
  return found;
}

/** The summary's line for values on their bounds, `on its bound: widen the range: tabu 20 (max 20)`, or none. */
export function onBoundsLine(found: readonly OnBound[]): string[] {
  if (found.length === 0) return [];
  const listed = found.map((f) => `${f.name} ${f.value} (${f.bound} ${f.bound === 'min' ? f.min : f.max})`);
  return [`on its bound: widen the range: ${listed.join(', ')}`];
}

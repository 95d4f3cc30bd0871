/**
 * The order every search ranks its candidates in: highest value first, ties by the lower index,
 * so a ranking never depends on the sort's algorithm (same seed, same games).
 */
export function bestFirst(value: ArrayLike<number>): (a: number, b: number) => number {
  return (a, b) => value[b] - value[a] || a - b;
}

/** The indices 0 to `count - 1`, best first by {@link bestFirst}. */
export function indicesBestFirst(value: ArrayLike<number>, count: number): Int32Array {
  return Int32Array.from({ length: count }, (_, i) => i).sort(bestFirst(value));
}

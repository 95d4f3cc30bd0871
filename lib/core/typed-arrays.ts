/** Typed-array helpers for the search buffers of both games. */

/** A typed array of the same kind holding `array`'s values, grown to `capacity` (at least its length). */
export function grow<T extends Float64Array | Int32Array | Uint8Array>(
  array: T,
  capacity: number = 2 * array.length,
): T {
  const bigger = new (array.constructor as new (n: number) => T)(Math.max(capacity, array.length));
  bigger.set(array);
  return bigger;
}

/**
 * An array a caller passes, read item by item: every index holds an item of the expected kind (a
 * sparse array's holes are none), and there are not more items than an answer can hold, so that
 * reading one never runs through a billion holes.
 */

/** True for an array of at most `most` items, each passing `test` (holes fail it). */
export function isArrayOf<T>(value: unknown, test: (item: unknown) => item is T, most: number): value is T[] {
  if (!Array.isArray(value) || value.length > most) return false;
  for (let i = 0; i < value.length; i++) if (!test(value[i])) return false;
  return true;
}

/** The most lines, rows or steps of an answer the checks read: far more than any board or field has. */
export const MOST_LINES = 1_000_000;

/** A string. */
export const isString = (item: unknown): item is string => typeof item === 'string';

/** A number. */
export const isNumber = (item: unknown): item is number => typeof item === 'number';

/** Anything but a hole (or `undefined`): the item's own check follows. */
export const isPresent = (item: unknown): item is unknown => item !== undefined;

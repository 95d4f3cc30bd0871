/**
 * Values a stranger may pass where the library expects something else, for the property specs
 * that hold every public entry point to "a bad value is refused as a value": fast-check's
 * `anything()` beside the near misses that slip past a loose check (NaN, -0, Infinity, 1.5, a
 * huge number, a number as text, a missing key).
 */
import fc from 'fast-check';
import { expect } from 'vitest';

/** Numbers that look almost right: not finite, not whole, negative, zero, huge. */
export const nearMissNumber: fc.Arbitrary<number> = fc.constantFrom(
  Number.NaN,
  -0,
  0,
  -1,
  1.5,
  0.1,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  1e300,
  2 ** 53,
  9e15,
  -(2 ** 31) - 1,
);

/** Anything at all, or a near-miss number, or a number written as text, or nothing. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withBigInt: true, withBoxedValues: true, withNullPrototype: true, withObjectString: true }),
  nearMissNumber,
  fc.constantFrom('5', '', 'NaN', null, undefined, [], {}, [1, 2]),
);

/**
 * `value` with `key` replaced by a hostile value, or deleted: the way one option of an otherwise
 * good call is got wrong.
 */
export function spoiled<T extends object>(value: T, key: keyof T & string): fc.Arbitrary<T> {
  return fc.oneof(
    hostileValue.map((bad) => ({ ...value, [key]: bad }) as T),
    fc.constant(Object.fromEntries(Object.entries(value).filter(([k]) => k !== key)) as T),
  );
}

/** Every number anywhere inside `value` (own fields, array items, map and set entries). */
export function numbersIn(value: unknown, seen = new Set<unknown>()): number[] {
  if (typeof value === 'number') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  const parts: unknown[] =
    value instanceof Map ? [...value.entries()] : value instanceof Set ? [...value] : Object.values(value);
  return parts.flatMap((part) => numbersIn(part, seen));
}

/**
 * Holds `result` to the contract of every checked entry point: a `Result`; a refusal carries a
 * string code and a one-line message; an answer carries no NaN or infinite number anywhere.
 */
export function expectSoundResult(result: unknown): void {
  expect(result).toBeTypeOf('object');
  const { ok } = result as { ok: unknown };
  expect(typeof ok).toBe('boolean');
  if (ok === false) {
    const { error } = result as { error: { code: unknown; message: unknown } };
    expect(error.code).toBeTypeOf('string');
    expect(error.message).toBeTypeOf('string');
    expect(error.message as string).not.toContain('\n');
    return;
  }
  const { value } = result as { value: unknown };
  expect(numbersIn(value).filter((n) => !Number.isFinite(n))).toEqual([]);
}

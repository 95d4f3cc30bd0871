/**
 * How a user says which sizes their engine supports: one exact value (a bot that hard-codes
 * CodinGame's 15 x 15) or an inclusive range. Games and their shrinking stay within it.
 */

import { type ArgumentError, checkOptions, describeValue, refuse } from '../core/argument-error.js';
import type { IntegerRange } from '../core/integer-range.js';
import { err, ok, type Result } from '../core/result.js';

/** One exact value, or an inclusive range `[min, max]`. */
export type Bounds = number | IntegerRange;

/** An inclusive range `[min, max]`. */
export type Range = IntegerRange;

/** A game's sizes and colors as the user bounds them: every kind of game shrinks within them. */
export interface ShapeRanges {
  readonly width: Range;
  readonly height: Range;
  readonly colors: Range;
}

/** The inclusive range `bounds` names. */
export function boundsRange(bounds: Bounds): Range {
  return typeof bounds === 'number' ? [bounds, bounds] : bounds;
}

/**
 * `value` as bounds within `limits`: one whole number, or `[min, max]` of whole numbers with min
 * at most max, all within the limits; else a refusal naming `field` (`options.width`).
 */
export function checkBounds(
  value: unknown,
  field: string,
  [floor, ceiling]: IntegerRange,
): Result<Range, ArgumentError<'invalid-option'>> {
  const whole = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= floor && v <= ceiling;
  if (whole(value)) return ok([value, value]);
  const expected = `a whole number from ${floor} to ${ceiling}, or [min, max] of them with min <= max`;
  if (!Array.isArray(value) || value.length !== 2) return refuse('invalid-option', field, expected, value);
  const [min, max]: unknown[] = value;
  if (!whole(min) || !whole(max) || min > max)
    return err({
      code: 'invalid-option',
      field,
      message: `${field} must be ${expected}, found [${describeValue(min)}, ${describeValue(max)}]`,
    });
  return ok([min, max]);
}

/**
 * The ranges `options` names (an object of `width`, `height` and `colors`, each optional), each
 * checked against `limits`, the missing ones taken from `defaults`.
 */
export function checkShapeOptions(
  options: unknown,
  defaults: ShapeRanges,
  limits: ShapeRanges,
): Result<ShapeRanges, ArgumentError<'invalid-option'>> {
  const fields = checkOptions('invalid-option', 'options', options, ['width', 'height', 'colors']);
  if (!fields.ok) return fields;
  const ranges: Partial<Record<keyof ShapeRanges, Range>> = {};
  for (const key of ['width', 'height', 'colors'] as const) {
    const range = checkBounds(fields.value[key] ?? defaults[key], `options.${key}`, limits[key]);
    if (!range.ok) return range;
    ranges[key] = range.value;
  }
  return ok(ranges as ShapeRanges);
}

/**
 * The part of `[min, max]` nearest to `wanted`: a sub-range the games of one kind draw from
 * (small boards, the contest's size) that never leaves what the user allowed.
 */
export function nearest(
  range: readonly [number, number],
  wanted: readonly [number, number],
): readonly [number, number] {
  const clamp = (v: number) => Math.min(range[1], Math.max(range[0], v));
  return [clamp(wanted[0]), clamp(wanted[1])];
}

/** `a..b`, or `a` when the range holds one value. */
export function formatBounds(bounds: Bounds): string {
  const [min, max] = boundsRange(bounds);
  return min === max ? String(min) : `${min}..${max}`;
}

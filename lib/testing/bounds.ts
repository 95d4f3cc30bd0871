/**
 * How a user says which sizes their engine supports: one exact value (a bot that hard-codes
 * CodinGame's 15 x 15) or an inclusive range. Games and their shrinking stay within it.
 */

import type { IntegerRange } from '../core/integer-range.js';

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

/** What is wrong with `bounds` (not whole numbers, min above max, outside `[floor, ceiling]`), if anything. */
export function boundsProblem(name: string, bounds: Bounds, floor: number, ceiling: number): string | undefined {
  const [min, max] = boundsRange(bounds);
  if (!Number.isInteger(min) || !Number.isInteger(max)) return `${name}: expected whole numbers, found ${min}..${max}`;
  if (min > max) return `${name}: expected min <= max, found ${min}..${max}`;
  if (min < floor || max > ceiling) return `${name}: expected values from ${floor} to ${ceiling}, found ${min}..${max}`;
  return undefined;
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

/**
 * How wide a beam pass may grow before it outgrows memory. A beam level keeps `width` positions
 * (their cells, heights and remembered rollout lines) and builds their children, so its memory
 * grows with the width times the board's cells. The cost of a slot is taken from an hour of
 * passes at the cap on two threads, not from a single pass: what earlier passes leave for the
 * collector makes a long run cost more a slot than one pass does (the measurements are in
 * docs/samegame-search-log.md, "Figures and history once kept in code comments").
 */

import { FIRST_PASS_WIDTH } from './pass-schedule.js';

/** Bytes a beam slot costs per cell of the board, what earlier passes leave for the collector included. */
export const BYTES_PER_CELL_SLOT = 60;

/**
 * What the beams of all of a process's searches may take together: CodinGame's 768 MB less the
 * process itself (207 MB with two worker threads) and a margin.
 */
export const BEAM_MEMORY_BYTES: number = 480 * 2 ** 20;

/** The widest pass allowed whatever the memory (a bound on the arrays of one level). */
export const WIDEST_PASS: number = 1 << 20;

/**
 * The widest beam pass each of `threads` searches of a `width` x `height` board may run so that
 * together they stay within {@link BEAM_MEMORY_BYTES} (never under {@link FIRST_PASS_WIDTH}).
 */
export function widestPassThatFits({ width, height }: { width: number; height: number }, threads = 1): number {
  const perSearch = BEAM_MEMORY_BYTES / Math.max(1, threads);
  const fits = Math.floor(perSearch / (BYTES_PER_CELL_SLOT * width * height));
  return Math.max(FIRST_PASS_WIDTH, Math.min(WIDEST_PASS, fits));
}

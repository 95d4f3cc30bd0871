/**
 * How wide a beam pass may grow before it outgrows memory. A beam level keeps `width` positions
 * (packed cells, remembered rollout lines, the children that can still matter) and a solve
 * reuses one set of buffers for all its passes (`beam-arena.ts`), so memory grows with the width
 * times the board's cells. The cost of a slot is what the widest passes measured, with a margin
 * for what a long run leaves for the collector (docs/samegame-search-log.md, "Beam slots that
 * cost a fifth").
 */

import { FIRST_PASS_WIDTH } from './pass-schedule.js';

/** Bytes a beam slot costs per cell of the board, with a margin for a long run. */
export const BYTES_PER_CELL_SLOT = 12;

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

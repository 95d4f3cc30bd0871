/**
 * How wide a beam pass may grow before it outgrows memory. A beam level keeps `width` positions
 * (their cells, heights and remembered rollout lines) and builds their children, so its memory
 * grows with the width times the board's cells. Measured on 15 x 15 boards: one search's pass
 * 32,768 wide raised the process's peak by about 340 MB (2026-11-22), about 46 bytes per cell per
 * slot; single passes 8,192 and 16,384 wide peaked at 200 and 270 MB (2026-11-25, 97 MB with no
 * beam). That figure holds for one pass, not for an hour of passes at the cap on two threads:
 * `solve --time 3600 --threads 2`, two searches 27,185 wide (the cap at 48 bytes and 560 MB),
 * peaked at 925 MB (2026-11-25; the same process at 3 s: 207 MB), about 59 bytes per cell per
 * slot with what earlier passes leave for the collector (one search 4,096 wide: 169 MB after one
 * pass, 203 MB after five). So 60 bytes and 480 MB: two searches 18,641 wide, which peaked at
 * 577 MB in 600 s (a full pass at the cap) and at 633 MB in 900 s.
 */

import { FIRST_PASS_WIDTH } from './pass-schedule.js';

/** Bytes a beam slot costs per cell of the board, what earlier passes leave included (measured 59, above). */
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

/**
 * How wide a beam pass may grow before it outgrows memory. A beam level keeps `width` positions
 * (their cells, heights and remembered rollout lines) and builds their children, so its memory
 * grows with the width times the board's cells. Measured on 15 x 15 boards: one search's pass
 * 32,768 wide raised the process's peak by about 340 MB (2026-11-22): about 46 bytes per cell per
 * slot, rounded up here. A `bench --times 300 --threads 2` process peaked at 817 MB (2026-11-25),
 * over CodinGame's 768 MB: about what two searches of that width take.
 */

/** Bytes one slot of a beam level costs per cell of the board (measured 46, see above). */
export const BYTES_PER_CELL_SLOT = 48;

/** What the beams of all of a process's searches may take together: 768 MB less room for the process itself. */
export const BEAM_MEMORY_BYTES: number = 560 * 2 ** 20;

/** The widest pass allowed whatever the memory (a bound on the arrays of one level). */
export const WIDEST_PASS: number = 1 << 20;

/**
 * The widest beam pass each of `threads` searches of a `width` x `height` board may run so that
 * together they stay within {@link BEAM_MEMORY_BYTES} (never under 8, the first pass's width).
 */
export function widestPassThatFits({ width, height }: { width: number; height: number }, threads = 1): number {
  const perSearch = BEAM_MEMORY_BYTES / Math.max(1, threads);
  const fits = Math.floor(perSearch / (BYTES_PER_CELL_SLOT * width * height));
  return Math.max(8, Math.min(WIDEST_PASS, fits));
}

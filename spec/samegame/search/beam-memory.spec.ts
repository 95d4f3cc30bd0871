import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEAM_MEMORY_BYTES,
  BYTES_PER_CELL_SLOT,
  WIDEST_PASS,
  widestPassThatFits,
} from '../../../lib/samegame/search/beam-memory.js';

const shapeArb = fc.record({ width: fc.integer({ min: 1, max: 64 }), height: fc.integer({ min: 1, max: 64 }) });

describe('widestPassThatFits', () => {
  it('should keep the passes of all threads within the beams’ memory, and never under 8', () => {
    fc.assert(
      fc.property(shapeArb, fc.integer({ min: 1, max: 16 }), (shape, threads) => {
        const width = widestPassThatFits(shape, threads);
        expect(width).toBeGreaterThanOrEqual(8);
        expect(width).toBeLessThanOrEqual(WIDEST_PASS);
        if (width > 8) {
          expect(threads * width * BYTES_PER_CELL_SLOT * shape.width * shape.height).toBeLessThanOrEqual(
            BEAM_MEMORY_BYTES,
          );
        }
      }),
    );
  });

  it('should give each of more threads, or a larger board, no wider a pass', () => {
    fc.assert(
      fc.property(shapeArb, fc.integer({ min: 1, max: 8 }), (shape, threads) => {
        const width = widestPassThatFits(shape, threads);
        expect(widestPassThatFits(shape, threads + 1)).toBeLessThanOrEqual(width);
        expect(widestPassThatFits({ ...shape, width: shape.width + 1 }, threads)).toBeLessThanOrEqual(width);
      }),
    );
  });

  it('should keep two searches of a standard board under the 27,185-wide passes that took 925 MB', () => {
    // Measured: `solve --time 3600 --threads 2` with two searches 27,185 wide peaked at 925 MB
    // (the process itself: 207 MB); `bench --times 300 --threads 2` with 32,768 wide, 817 MB.
    const two = widestPassThatFits({ width: 15, height: 15 }, 2);
    expect(two).toBeLessThan(27_185);
    // Two searches at the cap, at the measured 59 bytes per cell per slot on top of the 207 MB
    // process, stay under CodinGame's 768 MB.
    expect(207 * 2 ** 20 + 2 * two * 59 * 15 * 15).toBeLessThan(768 * 2 ** 20);
    // ...while one search may still grow past 32,768 (at 300 s on one thread it can afford it).
    expect(widestPassThatFits({ width: 15, height: 15 }, 1)).toBeGreaterThan(32_768);
  });
});

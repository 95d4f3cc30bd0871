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

  it('should give two searches of a standard board passes five times the old cap, within what was measured to fit', () => {
    // Measured (the search log, "Beam slots that cost a fifth"): two searches at the cap,
    // 93,206 wide, peaked at 509 MB in 300 s (the process itself: 207 MB), about 7 bytes per
    // cell per slot; one 131,072-wide pass at 1.65 KB a slot. 18,641 was the cap at 60 bytes.
    const two = widestPassThatFits({ width: 15, height: 15 }, 2);
    expect(two).toBeGreaterThanOrEqual(5 * 18_641);
    expect(207 * 2 ** 20 + 2 * two * 1.65 * 1024).toBeLessThan(768 * 2 ** 20);
    // A slot's allowance keeps a margin over what one pass measured, for what a long run leaves behind.
    expect(BYTES_PER_CELL_SLOT * 15 * 15).toBeGreaterThan(1.5 * 1.65 * 1024);
  });
});

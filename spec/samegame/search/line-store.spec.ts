import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineStore } from '../../../lib/samegame/search/line-store.js';

describe('LineStore', () => {
  /** A board's cell count (one a move fits a byte, two bytes, or more) and lines of its moves. */
  const boardLinesArb = fc
    .constantFrom(225, 256, 257, 65_536, 70_000)
    .chain((cells) =>
      fc.tuple(
        fc.constant(cells),
        fc.array(fc.array(fc.integer({ min: 0, max: cells - 1 }), { maxLength: 3000 }), { maxLength: 12 }),
      ),
    );

  it('should give back every appended line unchanged, however often the store grew', () => {
    fc.assert(
      fc.property(boardLinesArb, fc.nat(5), fc.integer({ min: 1, max: 64 }), ([cells, lines], offset, capacity) => {
        const store = new LineStore(cells, capacity);
        const starts = lines.map((line) => {
          // Each line is copied from the middle of a larger buffer, as the beam copies rollouts.
          const buffer = Int32Array.from([...Array(offset).fill(7), ...line, 9]);
          return store.append(buffer, offset, line.length);
        });
        lines.forEach((line, i) => {
          expect(Array.from(store.data.subarray(starts[i], starts[i] + line.length))).toEqual(line);
        });
      }),
    );
  });

  it('should reuse its space after clear, so lines appended then are what is read back', () => {
    fc.assert(
      fc.property(boardLinesArb, fc.nat(12), ([cells, lines], cut) => {
        const before = lines.slice(cut);
        const after = lines.slice(0, cut);
        const store = new LineStore(cells, 8);
        for (const line of before) store.append(Int32Array.from(line), 0, line.length);
        store.clear();
        let expected = 0;
        for (const line of after) {
          expect(store.append(Int32Array.from(line), 0, line.length)).toBe(expected);
          expected += line.length;
        }
        expect(Array.from(store.data.subarray(0, expected))).toEqual(after.flat());
      }),
    );
  });

  it('should take a byte a move on boards of up to 256 cells', () => {
    expect(new LineStore(225).data.BYTES_PER_ELEMENT).toBe(1);
    expect(new LineStore(256).data.BYTES_PER_ELEMENT).toBe(1);
    expect(new LineStore(257).data.BYTES_PER_ELEMENT).toBe(2);
  });
});

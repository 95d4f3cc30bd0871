import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colorCounts } from '../../lib/samegame/board.js';
import { generate } from '../../lib/samegame/generate.js';

describe('generateBoards', () => {
  it('should make full boards of the asked shape, the same for the same seed', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (seed, width, height, colors) => {
          const boards = generate({ count: 3, seed, width, height, colors });
          expect(generate({ count: 3, seed, width, height, colors })).toEqual(boards);
          for (const b of boards) {
            expect(b.cells).toHaveLength(width * height);
            expect(b.cells.every((c) => Number.isInteger(c) && c >= 0 && c < colors)).toBe(true);
          }
        },
      ),
    );
  });

  it('should spread colours about evenly', () => {
    const [board] = generate({ count: 1, seed: 3, width: 60, height: 60, colors: 5 });
    for (const n of colorCounts(board)) expect(Math.abs(n / 3600 - 0.2)).toBeLessThan(0.03);
  });
});

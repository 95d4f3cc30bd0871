import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { PackedPositions } from '../../../lib/samegame/search/packed-positions.js';
import { boardArb, moveChoicesArb, positionAfter, standardBoardArb } from '../arbitraries.js';

/** Everything a kernel's position is, as plain data. */
const stateOf = (k: Kernel) => ({
  cells: Array.from(k.cells),
  heights: Array.from(k.heights),
  columns: k.columns,
  filled: k.filled,
  score: k.score,
});

/** Positions reached by random moves on random boards (up to 20 colors: a byte a cell) and the standard ones. */
const positionsArb = fc
  .oneof(boardArb({ maxWidth: 11, maxHeight: 11, maxColors: 20 }), standardBoardArb)
  .chain((board) => fc.tuple(fc.constant(board), fc.array(moveChoicesArb, { minLength: 1, maxLength: 6 })))
  .map(([board, picks]) => picks.map((p) => positionAfter(board, p)));

describe('PackedPositions', () => {
  it('should load every pushed position exactly as it was: cells, heights, columns, filled cells and score', () => {
    fc.assert(
      fc.property(positionsArb, fc.integer({ min: 1, max: 4 }), (positions, capacity) => {
        const packed = new PackedPositions(positions[0], capacity);
        const indices = positions.map((k) => packed.push(k));
        expect(indices).toEqual(positions.map((_, i) => i));
        const into = new Kernel(positions[0].width, positions[0].height, positions[0].colors);
        positions.forEach((k, i) => {
          packed.load(i, into);
          expect(stateOf(into)).toEqual(stateOf(k));
        });
      }),
    );
  });

  it('should hold a cell in four bits up to fifteen colors and in a byte above', () => {
    expect(new PackedPositions({ width: 15, height: 15, colors: 15 }).positionBytes).toBe(113);
    expect(new PackedPositions({ width: 15, height: 15, colors: 16 }).positionBytes).toBe(225);
  });

  it('should reuse its room after clear: positions pushed then are the ones loaded', () => {
    fc.assert(
      fc.property(positionsArb, fc.nat(), (positions, split) => {
        const cut = split % positions.length;
        const packed = new PackedPositions(positions[0], 1);
        for (const k of positions.slice(cut)) packed.push(k);
        packed.clear();
        const after = positions.slice(0, cut + 1);
        for (const k of after) packed.push(k);
        expect(packed.size).toBe(after.length);
        const into = new Kernel(positions[0].width, positions[0].height, positions[0].colors);
        after.forEach((k, i) => {
          packed.load(i, into);
          expect(stateOf(into)).toEqual(stateOf(k));
        });
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../lib/columns/engine/field.js';
import { resolveMatches } from '../../../lib/columns/engine/landing.js';
import { ChainProbe } from '../../../lib/columns/search/chain-potential.js';
import { ColorBitboards, MAX_BITBOARD_HEIGHT } from '../../../lib/columns/search/color-bitboards.js';
import { Kernel } from '../../../lib/columns/search/kernel.js';
import { gameArb, reached, settledFieldArb } from '../arbitraries.js';

/** A settled field of 2 or 3 colors with stacks of any height: one jewel often sets off a long chain there. */
const denseFieldArb = settledFieldArb({ width: [1, 12], height: [3, 19], colors: [2, 3], room: 1 });

/** The colors (letters) on a field, sorted; every letter up to 7 so that absent colors are tried too. */
const colorsOf = (field: Field): number[] =>
  [...new Set([...field.stacks.flat(), 0, 1, 2, 3, 4, 5, 6, 7])].sort((a, b) => a - b);

describe('ColorBitboards', () => {
  it('should say a jewel completes a window, and score its chain, exactly as the kernel does', () => {
    fc.assert(
      fc.property(fc.oneof(gameArb(60).map(reached), denseFieldArb), (field) => {
        const kernel = Kernel.fromField(field);
        const colors = colorsOf(field);
        const bitboards = new ColorBitboards(field.width, field.height, colors);
        bitboards.load(kernel);
        for (let x = 0; x < field.width; x++) {
          if (kernel.heights[x] >= field.height) continue;
          colors.forEach((color, c) => {
            const matches = kernel.dropMatches(x, color);
            expect(bitboards.completesMatch(x, c)).toBe(matches);
            const scratch = kernel.clone();
            expect(bitboards.dropPoints(x, c)).toBe(scratch.dropJewel(x, color));
          });
        }
        // Neither the kernel nor the loaded words changed: the same answers again.
        expect(kernel.toField()).toEqual(field);
      }),
      { numRuns: 300 },
    );
  });

  it('should offer the colors of the cell below and the side cells one row either side of a stack top', () => {
    fc.assert(
      fc.property(gameArb(60).map(reached), (field) => {
        const colors = colorsOf(field);
        const bitboards = new ColorBitboards(field.width, field.height, colors);
        bitboards.load(Kernel.fromField(field));
        for (let x = 0; x < field.width; x++) {
          const top = field.stacks[x].length;
          const near = new Set<number>();
          if (top > 0) near.add(field.stacks[x][top - 1]);
          for (const side of [x - 1, x + 1])
            for (let y = Math.max(0, top - 1); y <= top + 1; y++) {
              const jewel = field.stacks[side]?.[y];
              if (jewel !== undefined) near.add(jewel);
            }
          const bits = bitboards.neighborColors(x);
          expect(colors.filter((_, c) => (bits >>> c) & 1)).toEqual([...near].sort((a, b) => a - b));
        }
      }),
    );
  });

  it('should refuse fields taller than its words hold', () => {
    expect(() => new ColorBitboards(6, MAX_BITBOARD_HEIGHT + 1, [0, 1, 2])).toThrow(/rows/);
  });
});

describe('ChainProbe on fields too tall for bitboards', () => {
  it('should measure on the kernel itself: the most points the engine gives any one jewel', () => {
    const tallFieldArb = settledFieldArb({
      width: [1, 6],
      height: [MAX_BITBOARD_HEIGHT + 1, MAX_BITBOARD_HEIGHT + 12],
      colors: [2, 4],
      room: 0,
    });
    fc.assert(
      fc.property(tallFieldArb, (field) => {
        let best = 0;
        for (let x = 0; x < field.width; x++) {
          if (field.stacks[x].length >= field.height) continue;
          for (let jewel = 0; jewel < 4; jewel++) {
            const landed = { ...field, stacks: field.stacks.map((s, i) => (i === x ? [...s, jewel] : s)) };
            best = Math.max(
              best,
              resolveMatches(landed).steps.reduce((n, step) => n + step.points, 0),
            );
          }
        }
        expect(new ChainProbe(field.width, field.height).measure(Kernel.fromField(field))).toBe(best);
      }),
    );
  });
});

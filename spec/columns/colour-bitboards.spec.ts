import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChainProbe } from '../../lib/columns/chain-potential.js';
import { ColourBitboards, MAX_BITBOARD_HEIGHT } from '../../lib/columns/colour-bitboards.js';
import type { Field } from '../../lib/columns/field.js';
import { Kernel } from '../../lib/columns/kernel.js';
import { resolveMatches } from '../../lib/columns/rules.js';
import { gameArb, reached, settledFieldArb } from './arbitraries.js';

/** A settled field of 2 or 3 colours with stacks of any height: one jewel often sets off a long chain there. */
const denseFieldArb = settledFieldArb({ width: [1, 12], height: [3, 19], colours: [2, 3], room: 1 });

/** The colours (letters) on a field, sorted; every letter up to 7 so that absent colours are tried too. */
const coloursOf = (field: Field): number[] =>
  [...new Set([...field.stacks.flat(), 0, 1, 2, 3, 4, 5, 6, 7])].sort((a, b) => a - b);

describe('ColourBitboards', () => {
  it('should say a jewel completes a window, and score its chain, exactly as the kernel does', () => {
    fc.assert(
      fc.property(fc.oneof(gameArb(60).map(reached), denseFieldArb), (field) => {
        const kernel = Kernel.fromField(field);
        const colours = coloursOf(field);
        const bitboards = new ColourBitboards(field.width, field.height, colours);
        bitboards.load(kernel);
        for (let x = 0; x < field.width; x++) {
          if (kernel.heights[x] >= field.height) continue;
          colours.forEach((colour, c) => {
            const matches = kernel.dropMatches(x, colour);
            expect(bitboards.completesMatch(x, c)).toBe(matches);
            const scratch = kernel.clone();
            expect(bitboards.dropPoints(x, c)).toBe(scratch.dropJewel(x, colour));
          });
        }
        // Neither the kernel nor the loaded words changed: the same answers again.
        expect(kernel.toField()).toEqual(field);
      }),
      { numRuns: 300 },
    );
  });

  it('should offer the colours of the cell below and the side cells one row either side of a stack top', () => {
    fc.assert(
      fc.property(gameArb(60).map(reached), (field) => {
        const colours = coloursOf(field);
        const bitboards = new ColourBitboards(field.width, field.height, colours);
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
          const bits = bitboards.neighbourColours(x);
          expect(colours.filter((_, c) => (bits >>> c) & 1)).toEqual([...near].sort((a, b) => a - b));
        }
      }),
    );
  });

  it('should refuse fields taller than its words hold', () => {
    expect(() => new ColourBitboards(6, MAX_BITBOARD_HEIGHT + 1, [0, 1, 2])).toThrow(/rows/);
  });
});

describe('ChainProbe on fields too tall for bitboards', () => {
  it('should measure on the kernel itself: the most points the engine gives any one jewel', () => {
    const tallFieldArb = settledFieldArb({
      width: [1, 6],
      height: [MAX_BITBOARD_HEIGHT + 1, MAX_BITBOARD_HEIGHT + 12],
      colours: [2, 4],
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

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Field } from '../../../lib/columns/engine/field.js';
import { resolveMatches } from '../../../lib/columns/engine/landing.js';
import { ChainProbe } from '../../../lib/columns/search/chain-potential.js';
import { Kernel } from '../../../lib/columns/search/kernel.js';
import { gameArb, reached } from '../arbitraries.js';

/** The field with one more jewel on stack x, before any match is resolved. */
function landedOn(field: Field, x: number, jewel: number): Field {
  return { ...field, stacks: field.stacks.map((s, i) => (i === x ? [...s, jewel] : s)) };
}

/** The engine's points for one more jewel on stack x (-1 when the stack is full). */
function enginePoints(field: Field, x: number, jewel: number): number {
  if (field.stacks[x].length >= field.height) return -1;
  return resolveMatches(landedOn(field, x, jewel)).steps.reduce((n, step) => n + step.points, 0);
}

/** A field a game reaches, a stack of it and a jewel (of up to 8 colors) to drop there. */
const dropArb = fc.tuple(gameArb(60), fc.nat(11), fc.nat(7)).map(([game, column, jewel]) => {
  const field = reached(game);
  return { field, x: column % field.width, jewel };
});

describe('ChainProbe', () => {
  it('should find the most points any one jewel of any color on any stack earns, leaving the field as it was', () => {
    fc.assert(
      fc.property(gameArb(60), (game) => {
        const field = reached(game);
        const kernel = Kernel.fromField(field);
        let best = 0;
        for (let x = 0; x < field.width; x++)
          for (let jewel = 0; jewel < 8; jewel++) best = Math.max(best, enginePoints(field, x, jewel));
        expect(new ChainProbe(field.width, field.height).measure(kernel)).toBe(best);
        expect(kernel.toField()).toEqual(field);
      }),
    );
  });

  it('should see the chain one jewel sets off: a row of three, then the column it lets fall together', () => {
    // Bottom to top: stack 0 is a b; stack 1 is b b a b; stack 2 is c c a b. An a on stack 0
    // completes the row a a a at height 2 (47 points, combo 1); the b above stack 1's a falls
    // onto b b, and b b b goes at combo 2 (94). No other jewel anywhere earns more.
    const field: Field = {
      width: 3,
      height: 8,
      stacks: [
        [0, 1],
        [1, 1, 0, 1],
        [2, 2, 0, 1],
      ],
    };
    expect(new ChainProbe(3, 8).measure(Kernel.fromField(field))).toBe(47 + 94);
  });

  it('should find nothing on an empty field or where no jewel can complete a line', () => {
    expect(new ChainProbe(4, 6).measure(new Kernel(4, 6))).toBe(0);
    const apart: Field = { width: 3, height: 6, stacks: [[0], [1], [2]] };
    expect(new ChainProbe(3, 6).measure(Kernel.fromField(apart))).toBe(0);
  });
});

describe('Kernel.dropJewel', () => {
  it('should earn what the engine earns for one more jewel, leave the same field, and refuse a full stack', () => {
    fc.assert(
      fc.property(dropArb, ({ field, x, jewel }) => {
        const kernel = Kernel.fromField(field);
        const expected = enginePoints(field, x, jewel);
        expect(kernel.dropJewel(x, jewel)).toBe(expected);
        if (expected < 0) {
          expect(kernel.toField()).toEqual(field);
          return;
        }
        expect(kernel.toField()).toEqual(resolveMatches(landedOn(field, x, jewel)).field);
      }),
    );
  });
});

describe('Kernel.dropMatches', () => {
  it('should say a jewel completes a match exactly when dropping it earns points, leaving the field as it was', () => {
    fc.assert(
      fc.property(dropArb, ({ field, x, jewel }) => {
        const kernel = Kernel.fromField(field);
        expect(kernel.dropMatches(x, jewel)).toBe(enginePoints(field, x, jewel) > 0);
        expect(kernel.toField()).toEqual(field);
      }),
    );
  });
});

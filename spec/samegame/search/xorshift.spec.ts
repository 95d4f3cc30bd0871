import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../../lib/core/random.js';
import { xorshift, xorshiftSeed } from '../../../lib/samegame/search/xorshift.js';

/** Marsaglia's xorshift32 (shifts 13, 17, 5) on unsigned words, written apart from the code under test. */
const reference = (state: number): number => {
  let x = BigInt(state >>> 0);
  const mask = 0xffffffffn;
  x ^= (x << 13n) & mask;
  x ^= x >> 17n;
  x ^= (x << 5n) & mask;
  return Number(x);
};

describe('xorshift', () => {
  it("should step Marsaglia's xorshift32 from 1 as published: 270369, 67634689, 2647435461", () => {
    const first = xorshift(1);
    const second = xorshift(first);
    const third = xorshift(second);
    expect([first >>> 0, second >>> 0, third >>> 0]).toEqual([270369, 67634689, 2647435461]);
  });

  it('should match the unsigned reference on any 32-bit state and keep a nonzero state nonzero', () => {
    fc.assert(
      fc.property(fc.integer({ min: -0x80000000, max: 0x7fffffff }), (state) => {
        const next = xorshift(state);
        expect(next >>> 0).toBe(reference(state));
        expect(next | 0).toBe(next);
        if (state !== 0) expect(next).not.toBe(0);
      }),
    );
  });
});

describe('xorshiftSeed', () => {
  it('should draw a nonzero 32-bit state that depends only on the generator it is given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x7fffffff }), (seed) => {
        const state = xorshiftSeed(createRandom(seed));
        expect(state).not.toBe(0);
        expect(state | 0).toBe(state);
        expect(xorshiftSeed(createRandom(seed))).toBe(state);
      }),
    );
  });
});

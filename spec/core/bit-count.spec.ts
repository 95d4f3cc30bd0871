import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitCount } from '../../lib/core/bit-count.js';

describe('bitCount', () => {
  it('should count the set bits of any 32-bit word, the top bit included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -0x80000000, max: 0xffffffff }), (word) => {
        const bits = (word >>> 0).toString(2);
        expect(bitCount(word)).toBe([...bits].filter((b) => b === '1').length);
      }),
    );
  });

  it('should count every bit of a full word and none of an empty one', () => {
    expect(bitCount(0xffffffff)).toBe(32);
    expect(bitCount(-1)).toBe(32);
    expect(bitCount(0)).toBe(0);
  });
});

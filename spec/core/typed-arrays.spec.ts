import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grow } from '../../lib/core/typed-arrays.js';

describe('grow', () => {
  it('should keep the kind and every value, and reach the capacity asked for (twice the length by default)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1 }), fc.nat(50), (values, extra) => {
        const ints = Int32Array.from(values);
        const bigger = grow(ints, values.length + extra);
        expect(bigger).toBeInstanceOf(Int32Array);
        expect(bigger.length).toBe(values.length + extra);
        expect(Array.from(bigger.subarray(0, values.length))).toEqual(values);
        const doubled = grow(Float64Array.from(values));
        expect(doubled).toBeInstanceOf(Float64Array);
        expect(doubled.length).toBe(2 * values.length);
        expect(Array.from(doubled.subarray(0, values.length))).toEqual(values);
      }),
    );
  });

  it('should never shrink an array', () => {
    expect(grow(new Int32Array(8), 3).length).toBe(8);
  });
});

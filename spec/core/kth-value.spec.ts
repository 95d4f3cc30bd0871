import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kthSmallest } from '../../lib/core/kth-value.js';

describe('kthSmallest', () => {
  it('should give what sorting the prefix and reading index k gives, leaving the values as they were', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -5, max: 5 }), fc.double({ noNaN: true })), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.nat(),
        fc.nat(),
        (list, countSeed, kSeed) => {
          const values = Float64Array.from(list);
          const before = Float64Array.from(values);
          const count = 1 + (countSeed % values.length);
          const k = kSeed % count;
          // Numerically equal (a sort orders -0 before 0; the cutoff compares them as equal).
          expect(kthSmallest(values, count, k) === values.slice(0, count).sort()[k]).toBe(true);
          expect(values).toEqual(before);
        },
      ),
    );
  });
});

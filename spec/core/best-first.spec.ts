import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirst, indicesBestFirst } from '../../lib/core/best-first.js';

/** Values with frequent ties. */
const values = fc.array(fc.integer({ min: -3, max: 3 }), { maxLength: 40 });

describe('bestFirst', () => {
  it('should put a higher value first, and a lower index first among equal values', () => {
    fc.assert(
      fc.property(values, (value) => {
        const order = value.map((_, i) => i).sort(bestFirst(value));
        for (let r = 1; r < order.length; r++) {
          const [a, b] = [order[r - 1], order[r]];
          expect(value[a] > value[b] || (value[a] === value[b] && a < b)).toBe(true);
        }
      }),
    );
  });

  it('should order the same whatever order the indices come in', () => {
    fc.assert(
      fc.property(
        values.chain((value) =>
          fc.tuple(
            fc.constant(value),
            fc.shuffledSubarray(
              value.map((_, i) => i),
              { minLength: value.length },
            ),
          ),
        ),
        ([value, shuffled]) => {
          expect(shuffled.sort(bestFirst(value))).toEqual(value.map((_, i) => i).sort(bestFirst(value)));
        },
      ),
    );
  });

  it('should rank a known case', () => {
    expect([0, 1, 2, 3, 4].sort(bestFirst([5, 9, 5, -1, 9]))).toEqual([1, 4, 0, 2, 3]);
  });
});

describe('indicesBestFirst', () => {
  it('should rank only the first count values', () => {
    expect(Array.from(indicesBestFirst(Float64Array.of(1, 3, 2, 99), 3))).toEqual([1, 2, 0]);
  });

  it('should be a permutation of 0 to count - 1', () => {
    fc.assert(
      fc.property(values, (value) => {
        const order = Array.from(indicesBestFirst(value, value.length));
        expect([...order].sort((a, b) => a - b)).toEqual(value.map((_, i) => i));
      }),
    );
  });
});

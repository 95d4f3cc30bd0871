import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate, pairedDifference } from '../../lib/core/statistics.js';

/** Scores as the project measures them: integers, some negative (differences), none huge. */
const score = fc.integer({ min: -1_000_000, max: 1_000_000 });
const sample = (minLength: number) => fc.array(score, { minLength, maxLength: 60 });
/** Two scores of each item: a paired sample. */
const pairs = fc.array(fc.tuple(score, score), { minLength: 2, maxLength: 60 });

/** `actual` equals `expected` up to floating-point rounding (relative to its size). */
function expectNear(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(expected)));
}

describe('estimate', () => {
  it('should give the mean and the standard error of small samples worked out by hand', () => {
    // 1, 2, 3: mean 2, squared deviations 1 + 0 + 1 over n - 1 = 2, so s = 1 and s / sqrt(3).
    const three = estimate([1, 2, 3]);
    expect(three.n).toBe(3);
    expect(three.mean).toBe(2);
    expectNear(three.standardError, 1 / Math.sqrt(3));
    // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, squared deviations 32 over 7, so s² / n = 32 / 56 = 4 / 7.
    const eight = estimate([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(eight.mean).toBe(5);
    expectNear(eight.standardError, Math.sqrt(4 / 7));
  });

  it('should give NaN for the mean and the standard error of no values, never a made-up 0', () => {
    const none = estimate([]);
    expect(none.n).toBe(0);
    expect(none.mean).toBeNaN();
    expect(none.standardError).toBeNaN();
  });

  it('should give a single value as the mean, with a standard error of 0', () => {
    expect(estimate([42])).toEqual({ mean: 42, standardError: 0, n: 1 });
  });

  it('should give a standard error of 0 to a sample whose values are all equal', () => {
    fc.assert(
      fc.property(score, fc.integer({ min: 1, max: 50 }), (value, n) => {
        const constant = estimate(Array.from({ length: n }, () => value));
        expect(constant.mean).toBe(value);
        expect(constant.standardError).toBe(0);
      }),
    );
  });

  it('should give a standard error equal to the sample standard deviation over sqrt(n)', () => {
    fc.assert(
      fc.property(sample(2), (values) => {
        const n = values.length;
        // Computed another way: the spread from the sum of squares about the mean of pairs.
        let pairSquares = 0;
        for (const a of values) for (const b of values) pairSquares += (a - b) ** 2;
        const variance = pairSquares / (2 * n * (n - 1));
        expectNear(estimate(values).standardError, Math.sqrt(variance / n));
      }),
    );
  });

  it('should shrink the standard error as 1 / sqrt(n) when the same data is seen k times', () => {
    fc.assert(
      fc.property(sample(2), fc.integer({ min: 2, max: 10 }), (values, k) => {
        const once = estimate(values);
        const repeated = estimate(Array.from({ length: k }, () => values).flat());
        const n = values.length;
        expect(repeated.n).toBe(k * n);
        expectNear(repeated.mean, once.mean);
        // The same spread seen k times: s² barely changes ((n - 1) / (kn - 1) from its n - 1
        // divisor), and s² / n falls k-fold.
        expectNear(repeated.standardError, once.standardError * Math.sqrt((n - 1) / (k * n - 1)));
      }),
    );
  });

  it('should move the mean with a constant added to every value, and leave the standard error', () => {
    fc.assert(
      fc.property(sample(1), score, (values, c) => {
        const shifted = estimate(values.map((v) => v + c));
        const original = estimate(values);
        expectNear(shifted.mean, original.mean + c);
        expectNear(shifted.standardError, original.standardError);
      }),
    );
  });
});

describe('pairedDifference', () => {
  it('should give the mean and the standard error of the differences, worked out by hand', () => {
    // Differences 3, 0, 6: mean 3, squared deviations 0 + 9 + 9 over 2, so s = 3 and 3 / sqrt(3).
    const d = pairedDifference([10, 20, 30], [7, 20, 24]);
    expect(d.n).toBe(3);
    expect(d.mean).toBe(3);
    expectNear(d.standardError, Math.sqrt(3));
  });

  it('should cancel what both sides share: far smaller than the unpaired standard errors', () => {
    // Items of very different difficulty, b always 10 points above a: the pairing sees no spread.
    const a = [100, 2_000, 30_000, 400];
    const b = a.map((v) => v + 10);
    expect(pairedDifference(b, a)).toEqual({ mean: 10, standardError: 0, n: 4 });
    expect(estimate(a).standardError).toBeGreaterThan(1000);
  });

  it('should not change when the same constant is added to both sides', () => {
    fc.assert(
      fc.property(pairs, score, (rows, c) => {
        const a = rows.map(([x]) => x);
        const b = rows.map(([, y]) => y);
        expect(
          pairedDifference(
            a.map((v) => v + c),
            b.map((v) => v + c),
          ),
        ).toEqual(pairedDifference(a, b));
      }),
    );
  });

  it('should flip the sign of the mean and keep the standard error when the sides are swapped', () => {
    fc.assert(
      fc.property(pairs, (rows) => {
        const a = rows.map(([x]) => x);
        const b = rows.map(([, y]) => y);
        const ab = pairedDifference(a, b);
        const ba = pairedDifference(b, a);
        expectNear(ba.mean, -ab.mean);
        expectNear(ba.standardError, ab.standardError);
        expect(ba.n).toBe(ab.n);
      }),
    );
  });

  it('should follow the scores board by board: reordering the pairs changes nothing, breaking them does', () => {
    // a - b is 1 on every board: paired, no spread; b shifted by one board, the spread is large.
    const a = [11, 21, 31, 41];
    const b = [10, 20, 30, 40];
    expect(pairedDifference([...a].reverse(), [...b].reverse())).toEqual(pairedDifference(a, b));
    expect(pairedDifference(a, [...b.slice(1), b[0]]).standardError).toBeGreaterThan(5);
  });

  it('should refuse samples of different lengths, naming both', () => {
    expect(() => pairedDifference([1, 2, 3], [1, 2])).toThrow(
      new RangeError('paired samples differ in length (3 and 2)'),
    );
    expect(() => pairedDifference([], [0])).toThrow(RangeError);
  });

  it('should give NaN, not a made-up 0, when there are no pairs', () => {
    const none = pairedDifference([], []);
    expect(none.n).toBe(0);
    expect(none.mean).toBeNaN();
    expect(none.standardError).toBeNaN();
  });
});

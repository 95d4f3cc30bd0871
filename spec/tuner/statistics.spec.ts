import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimate, MAX_SAMPLE_VALUE, pairedDifference } from '../../tuner/statistics.js';
import { expectSoundResult, hostileValue, nearMissNumber } from '../support/hostile-values.js';

/** Arrays of numbers, some of them hostile, or anything at all. */
const samples: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.array(fc.oneof(fc.double(), nearMissNumber, fc.constant(MAX_SAMPLE_VALUE), hostileValue), { maxLength: 6 }),
  fc.array(fc.double({ min: -MAX_SAMPLE_VALUE, max: MAX_SAMPLE_VALUE, noNaN: true }), { maxLength: 6 }),
);

describe('estimate', () => {
  it('should give the mean and standard error of a sample worked out by hand', () => {
    // Mean 4; deviations -2, 0, 2: variance 8 / 2 = 4, standard error sqrt(4 / 3).
    expect(estimate([2, 4, 6])).toEqual({ ok: true, value: { mean: 4, standardError: Math.sqrt(4 / 3), n: 3 } });
    expect(estimate([7])).toEqual({ ok: true, value: { mean: 7, standardError: 0, n: 1 } });
  });

  it('should refuse an empty sample rather than answer a mean of NaN, and name a value that is not a number', () => {
    expect(estimate([])).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'values' } });
    expect(estimate([1, Number.POSITIVE_INFINITY])).toMatchObject({ ok: false, error: { field: 'values[1]' } });
  });

  it('should answer any value with finite numbers or a refusal', () => {
    fc.assert(fc.property(samples, (values) => expectSoundResult(estimate(values as number[]))));
  });
});

describe('pairedDifference', () => {
  it('should measure a - b item by item', () => {
    expect(pairedDifference([5, 7], [4, 4])).toEqual({
      ok: true,
      value: { mean: 2, standardError: Math.sqrt(2 / 2), n: 2 },
    });
  });

  it('should refuse samples of different lengths rather than throw', () => {
    expect(pairedDifference([1, 2], [1])).toEqual({
      ok: false,
      error: { code: 'invalid-option', field: 'b', message: 'b must be as long as a (2), found an array of 1' },
    });
  });

  it('should answer any two values with finite numbers or a refusal', () => {
    fc.assert(
      fc.property(samples, samples, (a, b) => expectSoundResult(pairedDifference(a as number[], b as number[]))),
    );
  });
});

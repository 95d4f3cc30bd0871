import { describe, expect, it } from 'vitest';
import { summarizeComparison } from '../../lib/core/paired-comparison.js';

describe('summarizeComparison', () => {
  it('should total both sides and give the paired difference B - A with its standard error', () => {
    const summary = summarizeComparison([
      { a: 100, b: 110 },
      { a: 200, b: 190 },
      { a: 300, b: 330 },
    ]);
    expect(summary).toMatchObject({ totalA: 600, totalB: 630, meanDifference: 10, bBetter: 2, aBetter: 1, n: 3 });
    expect(summary.percent).toBeCloseTo(5, 10);
    // Differences 10, -10, 30: standard deviation 20, over the square root of 3.
    expect(summary.standardError).toBeCloseTo(20 / Math.sqrt(3), 10);
  });

  it('should read 0 % when side A scored nothing', () => {
    expect(summarizeComparison([{ a: 0, b: 5 }]).percent).toBe(0);
  });
});

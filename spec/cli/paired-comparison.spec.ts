import { describe, expect, it } from 'vitest';
import { comparisonLine, summarizeComparison } from '../../lib/cli/paired-comparison.js';

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

describe('comparisonLine', () => {
  it('should print the percent, the rounded paired difference and the counts, naming one item', () => {
    const summary = summarizeComparison([
      { a: 100, b: 90 },
      { a: 200, b: 180 },
    ]);
    // Differences -10 and -20: mean -15, standard deviation 7.07, standard error 5.
    expect(comparisonLine(summary, 'a board')).toBe('B / A -10.0 %, B - A -15 ± 5 a board, B better on 0 of 2, A on 2');
  });
});

import { describe, expect, it } from 'vitest';
import { comparisonLine } from '../../lib/cli/paired-comparison.js';
import { summarizeComparison } from '../../lib/core/paired-comparison.js';

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

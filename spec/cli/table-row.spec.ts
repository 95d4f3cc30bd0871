import { describe, expect, it } from 'vitest';
import { countOf, grouped, tableRow } from '../../lib/cli/table-row.js';

describe('tableRow', () => {
  it('should right-align each value in its width, one space between columns', () => {
    expect(tableRow([3, 6, 4], [1, 'ab', 12345])).toBe('  1     ab 12345');
  });
});

describe('grouped', () => {
  it('should group the digits by thousands with commas', () => {
    expect([0, 999, 1000, 1234567, -4103].map(grouped)).toEqual(['0', '999', '1,000', '1,234,567', '-4,103']);
  });
});

describe('countOf', () => {
  it('should use the singular for one only', () => {
    expect([0, 1, 2, 52_000].map((n) => countOf(n, 'move'))).toEqual(['0 moves', '1 move', '2 moves', '52,000 moves']);
  });
});

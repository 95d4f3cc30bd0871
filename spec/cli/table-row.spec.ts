import { describe, expect, it } from 'vitest';
import { tableRow } from '../../lib/cli/table-row.js';

describe('tableRow', () => {
  it('should right-align each value in its width, one space between columns', () => {
    expect(tableRow([3, 6, 4], [1, 'ab', 12345])).toBe('  1     ab 12345');
  });
});

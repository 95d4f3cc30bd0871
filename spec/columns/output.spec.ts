import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOutput, parseOutput } from '../../lib/columns/output.js';

describe('parseOutput', () => {
  it('should read back every valid list of placements', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.record({ position: fc.nat(11), shifts: fc.nat(2) })),
        (width, raw) => {
          const placements = raw.map((p) => ({ position: (p.position % width) + 1, shifts: p.shifts }));
          expect(parseOutput(formatOutput(placements), width, placements.length + 3)).toEqual({
            ok: true,
            value: placements,
          });
        },
      ),
    );
  });

  it('should accept 0 alone', () => {
    expect(parseOutput('0\n', 6, 10)).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['', 1, /ends before t/],
    ['2\n1 0\n', 2, /ends before p of placement 2/],
    ['1\n7 0\n', 2, /p of placement 1 is 7, expected 1..6/],
    ['1\n1 3\n', 2, /s of placement 1 is 3, expected 0..2/],
    ['11\n', 1, /t is 11, expected 0..10/],
    ['1\n1 0\n9 9\n', 3, /unexpected "9"/],
    ['1\n1 -1\n', 2, /s of placement 1 "-1" is not a whole number/],
  ])('should make %j invalid at line %i', (text, line, message) => {
    const parsed = parseOutput(text, 6, 10);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.line).toBe(line);
      expect(parsed.error.message).toMatch(message);
    }
  });
});

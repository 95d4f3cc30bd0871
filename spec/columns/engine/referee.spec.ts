import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { playMoves, referee } from '../../../lib/columns/engine/referee.js';
import { formatMoves, parseInstance } from '../../../lib/columns/engine/text.js';
import { gameArb } from '../arbitraries.js';

describe('referee', () => {
  it('should play a valid output exactly as playGame plays its placements', () => {
    fc.assert(
      fc.property(gameArb(60), ({ instance, placements }) => {
        const verdict = referee(instance, formatMoves(placements));
        expect(verdict).toEqual({ valid: true, placements, ...playMoves(instance, placements) });
      }),
      { numRuns: 60 },
    );
  });

  it('should score an invalid output 0, with the reason and its line', () => {
    const instance = parseInstance('6 13\n2\naaa\nbbb\n');
    if (!instance.ok) throw new Error(instance.error.message);
    expect(referee(instance.value, '2\n1 0\n7 0\n')).toEqual({
      valid: false,
      score: 0,
      error: { code: 'out-of-range', line: 3, message: 'p of placement 2 is 7, expected 1..6' },
    });
  });

  it("should play the statement's sample with the quickstart's output for 141 points", () => {
    const sample = parseInstance('6 13 11 aba bba bbb aab bac cac *** ccb cda aad dbc');
    if (!sample.ok) throw new Error(sample.error.message);
    const verdict = referee(sample.value, '11\n1 0\n2 0\n3 0\n3 0\n4 0\n5 0\n6 0\n6 0\n1 0\n2 0\n3 0\n');
    expect(verdict.score).toBe(141);
  });
});

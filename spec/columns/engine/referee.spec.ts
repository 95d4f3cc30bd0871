import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoves } from '../../../lib/columns/engine/moves.js';
import { playMoves, referee } from '../../../lib/columns/engine/referee.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { gameArb } from '../arbitraries.js';

describe('referee', () => {
  it('should play a valid output exactly as playGame plays its placements', () => {
    fc.assert(
      fc.property(gameArb(60), ({ instance, placements }) => {
        const verdict = referee(instance, formatMoves(placements));
        expect(verdict).toEqual(playMoves(instance, placements));
        expect(verdict.valid).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('should give any placements, out of range or too many too, the verdict their printed output gets', () => {
    const placementArb = fc.record({
      position: fc.integer({ min: -1, max: 14 }),
      shifts: fc.integer({ min: -1, max: 3 }),
    });
    fc.assert(
      fc.property(gameArb(8), fc.array(placementArb, { maxLength: 10 }), ({ instance }, placements) => {
        expect(playMoves(instance, placements)).toEqual(referee(instance, formatMoves(placements)));
      }),
      { numRuns: 200 },
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

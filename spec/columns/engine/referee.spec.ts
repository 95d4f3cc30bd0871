import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance, Placement } from '../../../lib/columns/engine/instance.js';
import { formatMoves } from '../../../lib/columns/engine/moves.js';
import { playMoves, referee } from '../../../lib/columns/engine/referee.js';
import { parseInstance } from '../../../lib/columns/engine/text.js';
import { accepted, gameArb } from '../arbitraries.js';

describe('referee', () => {
  it('should play a valid output exactly as playGame plays its placements', () => {
    fc.assert(
      fc.property(gameArb(60), ({ instance, placements }) => {
        const verdict = referee(instance, formatMoves(placements));
        expect(verdict).toEqual(playMoves(instance, placements));
        expect(accepted(verdict).valid).toBe(true);
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
    expect(accepted(referee(instance.value, '2\n1 0\n7 0\n'))).toEqual({
      valid: false,
      score: 0,
      error: { code: 'out-of-range', line: 3, message: 'p of placement 2 is 7, expected 1..6' },
    });
  });

  it("should play the statement's sample with the quickstart's output for 141 points", () => {
    const sample = parseInstance('6 13 11 aba bba bbb aab bac cac *** ccb cda aad dbc');
    if (!sample.ok) throw new Error(sample.error.message);
    const verdict = referee(sample.value, '11\n1 0\n2 0\n3 0\n3 0\n4 0\n5 0\n6 0\n6 0\n1 0\n2 0\n3 0\n');
    expect(accepted(verdict).score).toBe(141);
  });
});

describe('refusals of referee and playMoves', () => {
  const instance = { width: 6, height: 13, pieces: [{ magic: true as const }] };

  it('should refuse an instance the engine does not take, naming the field, rather than judge it', () => {
    const bad = { ...instance, pieces: [{ magic: false, jewels: [0, Number.NaN, 1] }] } as unknown as Instance;
    const refusal = { ok: false, error: { code: 'invalid-instance', field: 'instance.pieces[0].jewels[1]' } };
    expect(referee(bad, '0\n')).toMatchObject(refusal);
    expect(playMoves(bad, [])).toMatchObject(refusal);
  });

  it('should refuse an output that is not a string, and placements that are not whole numbers', () => {
    expect(referee(instance, 0 as unknown as string)).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'output' },
    });
    for (const [placements, field] of [
      [{ length: 1 }, 'placements'],
      [[{ position: 1.5, shifts: 0 }], 'placements[0].position'],
      [[{ position: 1, shifts: 0 }, null], 'placements[1]'],
    ] as const)
      expect(playMoves(instance, placements as unknown as Placement[])).toMatchObject({
        ok: false,
        error: { code: 'invalid-cell', field },
      });
  });
});

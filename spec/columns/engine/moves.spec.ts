import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Placement } from '../../../lib/columns/engine/instance.js';
import { formatMoves, parseMoves } from '../../../lib/columns/engine/moves.js';
import { refusal } from '../arbitraries.js';

/** An instance's shape for parseMoves: `width` wide, `columns` magic columns long. */
const shape = (width: number, columns: number) => ({
  width,
  pieces: Array.from({ length: columns }, () => ({ magic: true as const })),
});

describe('parseMoves', () => {
  it('should read back every valid list of placements', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.record({ position: fc.nat(11), shifts: fc.nat(2) })),
        (width, raw) => {
          const placements = raw.map((p) => ({ position: (p.position % width) + 1, shifts: p.shifts }));
          expect(parseMoves(formatMoves(placements), shape(width, placements.length + 3))).toEqual({
            ok: true,
            value: placements,
          });
        },
      ),
    );
  });

  it('should accept 0 alone', () => {
    expect(parseMoves('0\n', shape(6, 10))).toEqual({ ok: true, value: [] });
  });

  it.each([
    ['', 1, 'missing', /ends before t/],
    ['2\n1 0\n', 2, 'missing', /ends before p of placement 2/],
    ['1\n7 0\n', 2, 'out-of-range', /p of placement 1 is 7, expected 1..6/],
    ['1\n1 3\n', 2, 'out-of-range', /s of placement 1 is 3, expected 0..2/],
    ['11\n', 1, 'out-of-range', /t is 11, expected 0..10/],
    ['1\n1 0\n9 9\n', 3, 'unexpected-token', /unexpected "9"/],
    ['1\n1 -1\n', 2, 'not-a-whole-number', /s of placement 1 "-1" is not a whole number/],
  ])('should make %j invalid at line %i with code %s', (text, line, code, message) => {
    const error = refusal(parseMoves(text, shape(6, 10)));
    expect(error).toMatchObject({ line, code });
    expect(error.message).toMatch(message);
  });

  it('should read only as many tokens as the placements need: a huge output is refused by the count', () => {
    expect(parseMoves(`1\n1 0\n${'9 '.repeat(1_000_000)}`, shape(6, 3))).toEqual({
      ok: false,
      error: { code: 'unexpected-token', line: 3, message: 'unexpected "9" after 1 placement' },
    });
  });
});

describe('parseMoves refusals', () => {
  it('should refuse a text that is not a string and an instance it cannot read, naming the field', () => {
    expect(refusal(parseMoves(5 as unknown as string, shape(6, 1)))).toMatchObject({
      code: 'invalid-option',
      field: 'text',
    });
    const cases: [unknown, string][] = [
      [null, 'instance'],
      [{ width: 0, pieces: [] }, 'instance.width'],
      [{ width: 6.5, pieces: [] }, 'instance.width'],
      [{ width: 6, pieces: 'abc' }, 'instance.pieces'],
    ];
    for (const [instance, field] of cases)
      expect(refusal(parseMoves('0\n', instance as ReturnType<typeof shape>))).toMatchObject({
        code: 'invalid-instance',
        field,
      });
  });
});

describe('formatMoves', () => {
  it("should print any whole numbers, and give '' for a value that is not a list of placements", () => {
    expect(formatMoves([{ position: 99, shifts: -1 }])).toBe('1\n99 -1\n');
    for (const bad of [null, [{ position: 1.5, shifts: 0 }], [{ position: 1 }], [null], 'abc'])
      expect(formatMoves(bad as unknown as Placement[])).toBe('');
  });
});

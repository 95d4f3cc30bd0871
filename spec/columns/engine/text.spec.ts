import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatInstance,
  formatInstances,
  formatMoves,
  parseInstance,
  parseInstances,
  parseMoves,
  splitInstances,
} from '../../../lib/columns/engine/text.js';
import { instanceArb } from '../arbitraries.js';

/** An instance's shape for parseMoves: `width` wide, `columns` magic columns long. */
const shape = (width: number, columns: number) => ({
  width,
  pieces: Array.from({ length: columns }, () => ({ magic: true as const })),
});

/** The error of a refused text, failing the test when the text was accepted. */
function refusal<E>(result: { ok: true } | { ok: false; error: E }): E {
  if (result.ok) throw new Error('expected the text to be refused');
  return result.error;
}

describe('parseInstance', () => {
  it('should read back every instance from its text form', () => {
    fc.assert(
      fc.property(instanceArb(50), (instance) => {
        expect(parseInstance(formatInstance(instance))).toEqual({ ok: true, value: instance });
      }),
    );
  });

  it('should accept any whitespace between tokens', () => {
    const parsed = parseInstance('6 13 2\r\n***   abz');
    expect(parsed.ok && parsed.value.pieces).toEqual([{ magic: true }, { magic: false, jewels: [0, 1, 25] }]);
  });

  it.each([
    ['', 1, 'missing', /ends before the width/],
    ['6 x\n1\nabc', 1, 'not-a-whole-number', /the height h "x" is not a whole number/],
    ['6 13\n3\nabc\naab', 4, 'missing', /ends after 2 of 3 columns/],
    ['6 13\n2\nabc\nAbc', 4, 'malformed-token', /column 2 "Abc" is not \*\*\* or three lowercase letters/],
    ['6 13\n1\nabcd', 3, 'malformed-token', /column 1 "abcd"/],
    ['6 13\n1\nabc\nabc', 4, 'unexpected-token', /unexpected "abc" after the 1 columns/],
    ['0 13\n1\nabc', 1, 'out-of-range', /the width w is 0/],
  ])('should refuse %j at line %i with code %s', (text, line, code, message) => {
    const error = refusal(parseInstance(text));
    expect(error).toMatchObject({ line, code });
    expect(error.message).toMatch(message);
  });
});

describe('parseOutput', () => {
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
});

describe('parseInstances', () => {
  it('should read back every dataset from its text form', () => {
    fc.assert(
      fc.property(fc.array(instanceArb(20), { minLength: 1, maxLength: 4 }), (instances) => {
        expect(parseInstances(formatInstances(instances))).toEqual({ ok: true, value: instances });
      }),
      { numRuns: 40 },
    );
  });

  it('should name the line of a bad instance in the whole file', () => {
    const text = '6 13\n1\nabc\n---\n6 13\n2\nabc\nxyzw\n';
    expect(refusal(parseInstances(text))).toMatchObject({ line: 8, code: 'malformed-token' });
    expect(refusal(splitInstances('\n---\n  \n'))).toMatchObject({ line: 1, code: 'missing' });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance } from '../../../lib/columns/engine/instance.js';
import {
  formatInstance,
  formatInstances,
  parseInstance,
  parseInstances,
  readInstance,
  splitInstances,
} from '../../../lib/columns/engine/text.js';
import { instanceArb, refusal } from '../arbitraries.js';

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

/** The dataset as a split of the whole text at its separators reads it: what {@link splitInstances} must answer. */
function instancesOfWholeSplit(text: string) {
  const instances: string[] = [];
  let line = 1;
  for (const chunk of text.split(/^---[ \t]*\r?$/m)) {
    if (chunk.trim() !== '') {
      const parsed = readInstance(chunk);
      if (!parsed.ok) return { ok: false, error: { ...parsed.error, line: line + parsed.error.line - 1 } };
      instances.push(chunk);
    }
    line += chunk.split('\n').length - 1;
  }
  return instances.length === 0 ? splitInstances('') : { ok: true, value: instances };
}

describe('splitInstances', () => {
  it('should answer as a split of the whole text at its separators does, on any text of instances', () => {
    const pieceArb = fc.constantFrom(
      '1 3\n1\naaa\n',
      '2 3\n2\nabc\n***',
      '---',
      '--- \t',
      '----',
      '\n',
      '\r\n',
      '\r',
      'x',
      ' ',
    );
    fc.assert(
      fc.property(fc.array(pieceArb, { maxLength: 30 }), (pieces) => {
        const text = pieces.join('');
        expect(splitInstances(text)).toEqual(instancesOfWholeSplit(text));
      }),
    );
  });

  it('should refuse a dataset of more instances than ten generate runs write, at the first one past them', () => {
    const instance = '1 3\n1\naaa\n---\n';
    expect(splitInstances(instance.repeat(100_000)).ok).toBe(true);
    expect(splitInstances(instance.repeat(100_001))).toEqual({
      ok: false,
      error: { code: 'too-many-instances', line: 400_001, message: 'a dataset holds at most 100000 instances' },
    });
  });

  it('should read only as many tokens as an instance may have: a huge text of tokens is refused by the count', () => {
    const parsed = parseInstance(`1 3 1 aaa ${'x '.repeat(100_000)}`);
    expect(parsed).toEqual({
      ok: false,
      error: { code: 'unexpected-token', line: 1, message: 'unexpected "x" after the 1 columns' },
    });
  });
});

describe('a text that is not a string', () => {
  it.each([null, undefined, 5, ['6 13'], { text: '6 13' }])(
    'should be refused as invalid-option, not read: %j',
    (value) => {
      for (const parse of [parseInstance, parseInstances])
        expect(refusal(parse(value as unknown as string))).toMatchObject({ code: 'invalid-option', field: 'text' });
    },
  );
});

describe('formatInstance', () => {
  it("should give '' for a value that is not an instance the engine takes (which parseInstance refuses)", () => {
    const bad = [
      null,
      { width: 0, height: 13, pieces: [{ magic: true }] },
      { width: 6, height: 13, pieces: [] },
      { width: 6, height: 13, pieces: [{ magic: false, jewels: [0, 1, 26] }] },
      { width: 6, height: 13, pieces: [{ magic: 'yes' }] },
    ];
    for (const value of bad) expect(formatInstance(value as unknown as Instance)).toBe('');
    expect(formatInstances([bad[1] as unknown as Instance])).toBe('');
    expect(formatInstances('abc' as unknown as Instance[])).toBe('');
  });
});

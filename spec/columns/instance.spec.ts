import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstance, parseInstance } from '../../lib/columns/instance.js';
import { instanceArb } from './arbitraries.js';

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
    ['', 1, /ends before the width/],
    ['6 x\n1\nabc', 1, /the height h "x" is not a whole number/],
    ['6 13\n3\nabc\naab', 4, /ends after 2 of 3 columns/],
    ['6 13\n2\nabc\nAbc', 4, /column 2 "Abc" is not \*\*\* or three lowercase letters/],
    ['6 13\n1\nabcd', 3, /column 1 "abcd"/],
    ['6 13\n1\nabc\nabc', 4, /unexpected "abc" after the 1 columns/],
    ['0 13\n1\nabc', 1, /the width w is 0/],
  ])('should refuse %j at line %i', (text, line, message) => {
    const parsed = parseInstance(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.line).toBe(line);
      expect(parsed.error.message).toMatch(message);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { lastContentLine, readWholeNumber, tokenize } from '../../lib/columns/tokens.js';

describe('tokenize', () => {
  it('should split on any whitespace and keep each token line', () => {
    expect(tokenize('6  13\r\n\n 2\tabc')).toEqual([
      { token: '6', line: 1 },
      { token: '13', line: 1 },
      { token: '2', line: 3 },
      { token: 'abc', line: 3 },
    ]);
  });
});

describe('readWholeNumber', () => {
  it('should read a whole number in range and say what is wrong otherwise', () => {
    const tokens = tokenize('5 x 99');
    expect(readWholeNumber(tokens, 0, 'w', 1, 10, 1)).toEqual({ ok: true, value: 5 });
    expect(readWholeNumber(tokens, 1, 'h', 1, 10, 1)).toEqual({
      ok: false,
      error: { line: 1, message: 'h "x" is not a whole number' },
    });
    expect(readWholeNumber(tokens, 2, 'k', 1, 10, 1)).toEqual({
      ok: false,
      error: { line: 1, message: 'k is 99, expected 1..10' },
    });
    expect(readWholeNumber(tokens, 3, 't', 0, 1, 7, 'the output')).toEqual({
      ok: false,
      error: { line: 7, message: 'the output ends before t' },
    });
  });

  it('should point the end of a text at its last line with content', () => {
    expect(lastContentLine('a\nb\n\n')).toBe(2);
    expect(lastContentLine('')).toBe(1);
  });
});

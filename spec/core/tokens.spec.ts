import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clip, lastContentLine, readWholeNumber, tokenize, unexpectedToken } from '../../lib/core/tokens.js';

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

/** Texts of tokens, every kind of whitespace and line ending between them. */
const textArb = fc
  .array(fc.constantFrom('6', '13', 'abc', '***', ' ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u2028'), { maxLength: 60 })
  .map((pieces) => pieces.join(''));

/** The tokens as a split of every line on whitespace gives them: what {@link tokenize} must give. */
const splitTokens = (text: string) =>
  text
    .split(/\r?\n/)
    .flatMap((content, i) => content.split(/\s+/).flatMap((token) => (token === '' ? [] : [{ token, line: i + 1 }])));

describe('tokenize, on any text', () => {
  it('should give the tokens of a split of every line, or the first max of them', () => {
    fc.assert(
      fc.property(textArb, fc.nat(20), (text, max) => {
        expect(tokenize(text)).toEqual(splitTokens(text));
        expect(tokenize(text, max)).toEqual(splitTokens(text).slice(0, max));
      }),
    );
  });
});

describe('lastContentLine', () => {
  it('should name the last line with a token, or line 1', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const tokens = splitTokens(text);
        expect(lastContentLine(text)).toBe(tokens.length === 0 ? 1 : tokens[tokens.length - 1].line);
      }),
    );
  });
});

describe('readWholeNumber', () => {
  it('should read a whole number in range and say what is wrong otherwise, with a code', () => {
    const tokens = tokenize('5 x 99');
    const range = { min: 1, max: 10, endLine: 1 };
    expect(readWholeNumber(tokens, 0, 'w', range)).toEqual({ ok: true, value: 5 });
    expect(readWholeNumber(tokens, 1, 'h', range)).toEqual({
      ok: false,
      error: { code: 'not-a-whole-number', line: 1, message: 'h "x" is not a whole number' },
    });
    expect(readWholeNumber(tokens, 2, 'k', range)).toEqual({
      ok: false,
      error: { code: 'out-of-range', line: 1, message: 'k is 99, expected 1..10' },
    });
    expect(readWholeNumber(tokens, 3, 't', { min: 0, max: 1, endLine: 7 }, 'the output')).toEqual({
      ok: false,
      error: { code: 'missing', line: 7, message: 'the output ends before t' },
    });
  });

  it('should point the end of a text at its last line with content', () => {
    expect(lastContentLine('a\nb\n\n')).toBe(2);
    expect(lastContentLine('')).toBe(1);
  });
});

describe('clip', () => {
  it('should keep short text and cut long text at 12 characters', () => {
    expect(clip('abc')).toBe('abc');
    expect(clip('abcdefghijklmnop')).toBe('abcdefghijkl…');
  });
});

describe('unexpectedToken', () => {
  it('should name the token, its line and what it follows', () => {
    expect(unexpectedToken({ token: '9', line: 4 }, '2 placements')).toEqual({
      code: 'unexpected-token',
      line: 4,
      message: 'unexpected "9" after 2 placements',
    });
  });
});

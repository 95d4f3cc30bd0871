import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countNewlines, countTokens, isBlank, isWhitespaceCode, lineSpans } from '../../lib/core/lines.js';

/** Texts of tokens, every kind of whitespace and line ending between them. */
const textArb = fc
  .array(fc.constantFrom('1', '-1', 'ab', ' ', '\t', '\n', '\r\n', '\r', '\u00a0', '\u2028', '\ufeff', '\u3000', 'é'), {
    maxLength: 60,
  })
  .map((pieces) => pieces.join(''));

describe('isWhitespaceCode', () => {
  it('should hold for exactly the characters \\s matches', () => {
    for (let code = 0; code <= 0xffff; code++) {
      expect(isWhitespaceCode(code), `U+${code.toString(16)}`).toBe(/\s/.test(String.fromCharCode(code)));
    }
  });
});

describe('isBlank', () => {
  it('should hold when trim() empties the text, or the part of it asked for', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), fc.nat(), (text, a, b) => {
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y);
        expect(isBlank(text, start, end)).toBe(text.slice(start, end).trim() === '');
      }),
    );
  });
});

describe('countTokens', () => {
  it('should count the tokens a split on whitespace gives', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        expect(countTokens(text)).toBe(text.split(/\s+/).filter((token) => token !== '').length);
      }),
    );
  });
});

describe('countNewlines', () => {
  it('should count the line feeds of the part asked for', () => {
    fc.assert(
      fc.property(textArb, fc.nat(), (text, a) => {
        const start = a % (text.length + 1);
        expect(countNewlines(text, start)).toBe(text.slice(start).split('\n').length - 1);
      }),
    );
  });
});

describe('lineSpans', () => {
  it('should give the lines a split at \\r?\\n gives, with their indices', () => {
    fc.assert(
      fc.property(textArb, (text) => {
        const spans = [...lineSpans(text)];
        expect(spans.map((span) => text.slice(span.start, span.end))).toEqual(text.split(/\r?\n/));
        expect(spans.map((span) => span.index)).toEqual(spans.map((_, i) => i));
      }),
    );
  });
});

// A program's text shown on a terminal: no control character left in it, each written as the
// escape JSON gives it, and text without one unchanged; `--json` output the same value with none raw.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControlCharacters, terminalJson } from '../../lib/core/control-characters.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

describe('escapeControlCharacters', () => {
  it('should leave no control character, and change nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const shown = escapeControlCharacters(text);
        expect(CONTROL.test(shown)).toBe(false);
        if (!CONTROL.test(text)) expect(shown).toBe(text);
      }),
    );
  });

  it('should write each as JSON writes it, and C1 and DEL as \\u escapes', () => {
    expect(escapeControlCharacters('\u001b[2J\u001b]0;owned\u0007 ok\r\n\tx')).toBe(
      '\\u001b[2J\\u001b]0;owned\\u0007 ok\\r\\n\\tx',
    );
    expect(escapeControlCharacters('a\u009bb\u007fc\u2028')).toBe('a\\u009bb\\u007fc\\u2028');
    expect(escapeControlCharacters('Traceback "x.py" \\ é')).toBe('Traceback "x.py" \\ é');
  });
});

describe('terminalJson', () => {
  it('should write the same value as JSON.stringify, in one line with no control character raw', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: 'binary', maxLength: 20 }), (value, text) => {
        const object = { value, text };
        const line = terminalJson(object);
        expect(CONTROL.test(line)).toBe(false);
        expect(JSON.parse(line)).toEqual(JSON.parse(JSON.stringify(object)));
      }),
    );
  });

  it('should escape what JSON.stringify leaves raw: DEL, C1 and the Unicode line breaks', () => {
    expect(terminalJson({ stderr: 'a\u009b2Jb\u007f\u2028\u001b' })).toBe(
      '{"stderr":"a\\u009b2Jb\\u007f\\u2028\\u001b"}',
    );
  });
});

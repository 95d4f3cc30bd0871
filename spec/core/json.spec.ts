import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../lib/core/json.js';

describe('parseJson', () => {
  it('should read valid JSON as JSON.parse does', () => {
    expect(parseJson('{"a": [1, 2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('should explain the counterexample that found it on one line: a weights file of the bytes 1 and 10', () => {
    const found = parseJson('\u0001\n');
    expect(found.ok).toBe(false);
    if (!found.ok) expect(found.error).toMatch(/^is not valid JSON \(.*\)$/);
  });

  it('should explain a syntax error on one line, whatever bytes the text holds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const parsed = parseJson(text);
        if (!parsed.ok) expect(parsed.error).not.toMatch(/[\n\r]/);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_JSON_VALUES, parseJson } from '../../lib/core/json.js';

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

  it('should refuse a text of more values than any tilefall file holds, unparsed, and read one of as many', () => {
    // An array of n numbers has n counted characters: its bracket and the commas between.
    const numbers = (n: number) => `[${new Array(n).fill('0').join(',')}]`;
    expect(parseJson(numbers(MAX_JSON_VALUES + 1))).toEqual({
      ok: false,
      error: `holds more than ${MAX_JSON_VALUES} JSON values`,
    });
    const atLimit = parseJson(numbers(MAX_JSON_VALUES));
    expect(atLimit.ok && (atLimit.value as unknown[]).length).toBe(MAX_JSON_VALUES);
    // An object in an array counts twice: its brace, and the comma before it.
    expect(parseJson(`[${new Array(MAX_JSON_VALUES / 2 + 1).fill('{}').join(',')}]`).ok).toBe(false);
  });

  it('should not count the commas and brackets inside strings', () => {
    const text = JSON.stringify({ text: ',[{'.repeat(MAX_JSON_VALUES), escaped: '\\",' });
    expect(parseJson(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });
});

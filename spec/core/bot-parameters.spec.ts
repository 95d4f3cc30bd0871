import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { botParameterValues, parseBotParameters } from '../../lib/core/bot-parameters.js';

describe('parseBotParameters', () => {
  it('should read each parameter in the file order, integer false unless said', () => {
    const read = parseBotParameters({
      tabu: { min: -20, max: 20, start: 2 },
      depth: { min: 1, max: 4, start: 2, integer: true },
    });
    expect(read).toEqual({
      ok: true,
      value: [
        { name: 'tabu', min: -20, max: 20, start: 2, integer: false },
        { name: 'depth', min: 1, max: 4, start: 2, integer: true },
      ],
    });
  });

  it.each([
    ['a list', [1, 2], undefined, /^expected an object of parameters .*, found an array$/],
    ['an empty object', {}, undefined, /^names no parameter/],
    [
      'min above max',
      { depth: { min: 4, max: 1, start: 2 } },
      'depth',
      /^parameter "depth": min 4 is more than max 1$/,
    ],
    [
      'a start outside the bounds',
      { tabu: { min: -20, max: 20, start: 21 } },
      'tabu',
      /^parameter "tabu": start 21 is outside \[-20, 20\]$/,
    ],
    [
      'an integer parameter with a fractional bound',
      { depth: { min: 0.5, max: 4, start: 2, integer: true } },
      'depth',
      /^parameter "depth": an integer parameter needs an integer min, found 0\.5$/,
    ],
    [
      'an integer parameter with a fractional start',
      { depth: { min: 1, max: 4, start: 2.5, integer: true } },
      'depth',
      /^parameter "depth": an integer parameter needs an integer start, found 2\.5$/,
    ],
    [
      'an unknown key',
      { tabu: { min: 0, max: 1, start: 0, step: 0.1 } },
      'tabu',
      /^parameter "tabu": unknown key "step" \(known: min, max, start, integer\)$/,
    ],
    ['a missing start', { tabu: { min: 0, max: 1 } }, 'tabu', /^parameter "tabu": "start" is missing$/],
    [
      'a bound given as text',
      { tabu: { min: '0', max: 1, start: 0 } },
      'tabu',
      /^parameter "tabu": "min" must be a finite number, found "0"$/,
    ],
    [
      'integer given as text',
      { tabu: { min: 0, max: 1, start: 0, integer: 'yes' } },
      'tabu',
      /^parameter "tabu": "integer" must be true or false, found "yes"$/,
    ],
    ['a parameter that is a number', { tabu: 3 }, 'tabu', /^parameter "tabu": expected \{ "min", "max", "start" \}/],
    [
      'a range of one value',
      { depth: { min: 3, max: 3, start: 3, integer: true } },
      'depth',
      /^parameter "depth": min and max are both 3: nothing to tune \(give a range, or leave it out and fix it in the program\)$/,
    ],
  ])('should refuse %s, naming the parameter and what is wrong', (_what, json, parameter, message) => {
    const read = parseBotParameters(json);
    expect(read.ok).toBe(false);
    if (!read.ok) {
      expect(read.error.parameter).toBe(parameter);
      expect(read.error.message).toMatch(message);
    }
  });

  it('should name the first bad parameter in the file order, after good ones', () => {
    const read = parseBotParameters({ a: { min: 0, max: 1, start: 0 }, b: { min: 2, max: 1, start: 1 }, c: 5 });
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error.parameter).toBe('b');
  });

  it('should accept any parameter whose min <= start <= max and min < max, and refuse it when start is moved outside', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        // A range of one value is refused (above): spans start well above the bounds' rounding.
        fc.double({ noNaN: true, noDefaultInfinity: true, min: 1e-3, max: 1e6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (min, span, at) => {
          const max = min + span;
          const start = Math.min(max, min + at * span);
          expect(parseBotParameters({ p: { min, max, start } }).ok).toBe(true);
          expect(parseBotParameters({ p: { min, max, start: max + 1 + span } }).ok).toBe(false);
        },
      ),
    );
  });
});

describe('botParameterValues', () => {
  const parameters = [
    { name: 'depth', min: 1, max: 4, start: 2, integer: true },
    { name: 'tabu', min: -20, max: 20, start: 2, integer: false },
  ];

  it('should round integer parameters to the nearest integer and hand the others over as they are', () => {
    expect(botParameterValues(parameters, { depth: 2.6, tabu: -3.25 })).toEqual({ depth: 3, tabu: -3.25 });
    expect(botParameterValues(parameters, { depth: 1.4, tabu: 0.1 })).toEqual({ depth: 1, tabu: 0.1 });
  });

  it('should give an integer parameter an integer within its bounds for any weight within them', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 4, noNaN: true }), (depth) => {
        const value = botParameterValues(parameters, { depth, tabu: 0 }).depth;
        expect(Number.isInteger(value)).toBe(true);
        expect(Math.abs(value - depth)).toBeLessThanOrEqual(0.5);
        expect(value).toBeGreaterThanOrEqual(1);
        expect(value).toBeLessThanOrEqual(4);
      }),
    );
  });
});

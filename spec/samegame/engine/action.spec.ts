import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAction } from '../../../lib/samegame/engine/action.js';

// The referee's own texts (docs/rules/samegame.md), written out: a spec must not take them from the code it checks.
const FORMAT_MESSAGE = "Action not properly formatted. Should be: 'x y [message];'";
const EMPTY_ACTION_MESSAGE = 'Empty action provided.';

describe('parseAction', () => {
  it('should read x, y and a free-text message', () => {
    expect(parseAction('0 1 this is optional\\nmessage')).toEqual({
      ok: true,
      value: { x: 0, y: 1, message: 'this is optional\\nmessage' },
    });
    expect(parseAction('  7 1 ')).toEqual({ ok: true, value: { x: 7, y: 1, message: '' } });
    expect(parseAction('4\t 3')).toEqual({ ok: true, value: { x: 4, y: 3, message: '' } });
  });

  it('should read signs and leading zeros as Java integers do', () => {
    expect(parseAction('+3 007')).toEqual({ ok: true, value: { x: 3, y: 7, message: '' } });
    expect(parseAction('0 -1')).toEqual({ ok: true, value: { x: 0, y: -1, message: '' } });
  });

  it.each(['1.5 2', 'x 1', '5', '1 y', '99999999999 1', '1,2'])('should refuse %j as a format error', (text) => {
    expect(parseAction(text)).toEqual({ ok: false, error: { code: 'format', message: FORMAT_MESSAGE } });
  });

  it('should refuse an empty or blank action', () => {
    expect(parseAction('')).toEqual({ ok: false, error: { code: 'empty-action', message: EMPTY_ACTION_MESSAGE } });
    expect(parseAction(' \t ')).toEqual({ ok: false, error: { code: 'empty-action', message: EMPTY_ACTION_MESSAGE } });
  });

  it('should read back any two integers followed by any message', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer(),
        fc.string().filter((s) => s.trim() === s && !/^\s/.test(s)),
        (x, y, message) => {
          const text = message === '' ? `${x} ${y}` : `${x} ${y} ${message}`;
          expect(parseAction(text)).toEqual({ ok: true, value: { x, y, message } });
        },
      ),
    );
  });
});

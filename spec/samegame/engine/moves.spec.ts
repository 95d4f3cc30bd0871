import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoves, parseMoves } from '../../../lib/samegame/engine/moves.js';

const cellArb = (width: number, height: number) =>
  fc.record({ x: fc.integer({ min: 0, max: width - 1 }), y: fc.integer({ min: 0, max: height - 1 }) });

describe('parseMoves', () => {
  it('should read back every move list formatMoves writes', () => {
    fc.assert(
      fc.property(fc.array(cellArb(15, 15), { maxLength: 40 }), (moves) => {
        expect(parseMoves(formatMoves(moves), { width: 15, height: 15 })).toEqual({ ok: true, value: moves });
      }),
    );
  });

  it('should skip blank lines and accept CRLF and spaces around the numbers', () => {
    expect(parseMoves('\n 1  2 \r\n\r\n3 4', { width: 5, height: 5 })).toEqual({
      ok: true,
      value: [
        { x: 1, y: 2 },
        { x: 3, y: 4 },
      ],
    });
  });

  it('should name the line of a move off the board or not of the form x y', () => {
    for (const [text, line] of [
      ['1 2\n5 0\n', 2],
      ['1 2\n0 5\n', 2],
      ['1 2 3\n', 1],
      ['0 0\n\n-1 2\n', 3],
      ['a b\n', 1],
      ['1\n', 1],
    ] as const) {
      const parsed = parseMoves(text, { width: 5, height: 5 });
      expect(parsed.ok ? null : parsed.error).toMatchObject({ code: 'malformed-move', line });
    }
  });

  it('should refuse a text that is not a string and a board whose size is not within LIMITS', () => {
    expect(parseMoves(Buffer.from('0 0') as never, { width: 5, height: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'text' },
    });
    expect(parseMoves('0 0', { width: Number.NaN, height: 5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.width' },
    });
    expect(parseMoves('0 0', undefined as never)).toMatchObject({ ok: false, error: { field: 'board' } });
  });
});

describe('formatMoves', () => {
  it('should write one x y line per move, and nothing for no move', () => {
    expect(
      formatMoves([
        { x: 0, y: 14 },
        { x: 3, y: 2 },
      ]),
    ).toBe('0 14\n3 2\n');
    expect(formatMoves([])).toBe('');
  });

  it('should write nothing for a value that is not a list of whole-number cells', () => {
    for (const moves of [undefined, 'x', [{ x: 1.5, y: 0 }], [{ x: 0, y: 0 }, null], [{ x: 0 }]])
      expect(formatMoves(moves as never)).toBe('');
    expect(formatMoves([{ x: -0, y: 1 }])).toBe('0 1\n');
  });
});

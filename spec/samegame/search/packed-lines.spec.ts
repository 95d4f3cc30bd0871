import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packLines, unpackLines } from '../../../lib/samegame/search/packed-lines.js';

describe('packLines', () => {
  it('should unpack to the lines it packed, two characters a move', () => {
    const cell = fc.record({ x: fc.nat({ max: 35 }), y: fc.nat({ max: 35 }) });
    fc.assert(
      fc.property(fc.dictionary(fc.stringMatching(/^[0-9a-f]{16}$/), fc.array(cell, { maxLength: 80 })), (record) => {
        const lines = new Map(Object.entries(record));
        const packed = packLines(lines);
        expect(unpackLines(packed)).toEqual(lines);
        const moves = [...lines.values()].reduce((n, m) => n + m.length, 0);
        expect(packed.length).toBe(lines.size === 0 ? 0 : 18 * lines.size - 1 + 2 * moves);
      }),
    );
  });

  it('should refuse a move it cannot pack', () => {
    expect(() => packLines(new Map([['0123456789abcdef', [{ x: 36, y: 0 }]]]))).toThrow(/0123456789abcdef/);
  });
});

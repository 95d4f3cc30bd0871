import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellColor, columnsSvg, GLYPHS, PALETTE, sameGameSvg } from '../../lib/view/render.js';

const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;

/** Cells of a grid as render.ts takes them: '.' empty, 'a' color 0, ... */
const cellsArb = (colors: number) =>
  fc
    .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
    .chain(({ width, height }) =>
      fc
        .array(fc.integer({ min: -1, max: colors - 1 }), { minLength: width * height, maxLength: width * height })
        .map((values) => ({
          width,
          height,
          cells: values.map((v) => (v < 0 ? '.' : String.fromCharCode(97 + v))).join(''),
        })),
    );

describe('sameGameSvg', () => {
  it('should draw one tile per filled cell, in its palette color, and an outline only when asked', () => {
    fc.assert(
      fc.property(cellsArb(5), ({ width, height, cells }) => {
        const svg = sameGameSvg(cells, width, height, { colors: 5 });
        const filled = [...cells].filter((c) => c !== '.').length;
        expect(count(svg, /<rect /g)).toBe(1 + filled);
        for (const ch of new Set(cells.replaceAll('.', ''))) expect(svg).toContain(PALETTE[cellColor(ch)]);
        expect(svg).not.toContain('<path');
        expect(count(svg, /<text /g)).toBe(0);
      }),
    );
  });

  it('should outline a region by its outer edges only', () => {
    // Two stacked cells of column 0 in a 1 x 2 board: the outline has 6 edges, drawn twice (white, black).
    const svg = sameGameSvg('aa', 1, 2, { outline: [0, 1] });
    expect(count(svg, /<path /g)).toBe(2);
    expect(count(svg.match(/d="([^"]*)"/)?.[1] ?? '', /M/g)).toBe(6);
  });

  it('should draw glyphs on request and always past eight colors', () => {
    expect(count(sameGameSvg('ab', 2, 1, { glyphs: true }), /<text /g)).toBe(2);
    expect(sameGameSvg('k', 1, 1, { colors: 12 })).toContain(`>${GLYPHS[10]}<`);
  });
});

describe('columnsSvg', () => {
  it('should ring every marked jewel and draw the incoming column above its target', () => {
    const svg = columnsSvg('ab...' + 'c....', 2, 5, { marks: [0, 5], incoming: { x: 1, jewels: 'abc' } });
    expect(count(svg, /<circle /g)).toBe(2 * 2);
    expect(count(svg, /<rect /g)).toBe(2 + 3 + 1 + 3);
    expect(svg).toContain('stroke-dasharray="3 2"');
  });

  it('should draw a magic column with the color it will clear, and a column that ends the game in red', () => {
    const svg = columnsSvg('a....', 1, 5, { incoming: { x: 0, jewels: '***', magicColor: 'a', gameOver: true } });
    expect(count(svg, />\*</g)).toBe(3);
    expect(svg).toContain(`fill="${PALETTE[0]}" stroke="#000" stroke-dasharray="2 2"`);
    expect(svg).toContain('stroke="#d00000"');
  });
});

describe('cellColor', () => {
  it('should read letters as colors and the dot as empty', () => {
    expect([cellColor('.'), cellColor('a'), cellColor('z')]).toEqual([-1, 0, 25]);
  });
});

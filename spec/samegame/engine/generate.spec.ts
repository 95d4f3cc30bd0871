import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { colorCounts } from '../../../lib/samegame/engine/board.js';
import { generate } from '../../../lib/samegame/engine/generate.js';
import { generated } from '../boards.js';

describe('generateBoards', () => {
  it('should make full boards of the asked shape, the same for the same seed', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 8 }),
        (seed, width, height, colors) => {
          const boards = generated({ count: 3, seed, width, height, colors });
          expect(generated({ count: 3, seed, width, height, colors })).toEqual(boards);
          for (const b of boards) {
            expect(b.cells).toHaveLength(width * height);
            expect(b.cells.every((c) => Number.isInteger(c) && c >= 0 && c < colors)).toBe(true);
          }
        },
      ),
    );
  });

  it("should draw each board's size and colors within the ranges given, each value of a range in time", () => {
    const ranged = { width: [2, 4], height: [1, 3], colors: [2, 5] } as const;
    const boards = generated({ count: 200, seed: 5, ...ranged });
    for (const key of ['width', 'height', 'colors'] as const) {
      const seen = new Set(boards.map((b) => b[key]));
      const [min, max] = ranged[key];
      expect([...seen].sort()).toEqual(Array.from({ length: max - min + 1 }, (_, i) => min + i));
    }
    for (const b of boards) {
      expect(b.cells).toHaveLength(b.width * b.height);
      expect(b.cells.every((c) => c >= 0 && c < b.colors)).toBe(true);
    }
  });

  it('should make one standard board when given a seed alone', () => {
    const [board, ...rest] = generated({ seed: 9 });
    expect(rest).toEqual([]);
    expect({ width: board.width, height: board.height, colors: board.colors }).toEqual({
      width: 15,
      height: 15,
      colors: 5,
    });
  });

  it('should refuse counts with a ranged shape', () => {
    expect(generate({ seed: 1, width: [1, 2], height: 1, colors: 1, counts: [1] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.counts', message: expect.stringMatching(/fixed width/) },
    });
  });

  it('should spread colors about evenly', () => {
    const [board] = generated({ count: 1, seed: 3, width: 60, height: 60, colors: 5 });
    for (const n of colorCounts(board)) expect(Math.abs(n / 3600 - 0.2)).toBeLessThan(0.03);
  });

  it('should give every board exactly the color counts asked for, each count to a color drawn afresh', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 1, maxLength: 6 }).filter((c) => c.some((n) => n > 0)),
        (seed, counts) => {
          const cells = counts.reduce((a, b) => a + b, 0);
          const options = { count: 4, seed, width: cells, height: 1, colors: counts.length, counts };
          const boards = generated(options);
          expect(generated(options)).toEqual(boards);
          const sorted = [...counts].sort((a, b) => a - b);
          for (const b of boards) expect(colorCounts(b).sort((a, b) => a - b)).toEqual(sorted);
        },
      ),
    );
  });

  it('should deal the odd count to any color and put its cells anywhere', () => {
    const boards = generated({ count: 100, seed: 7, counts: [65, 40, 40, 40, 40] });
    const dominant = boards.map((b) => colorCounts(b).indexOf(65));
    expect(new Set(dominant)).toEqual(new Set([0, 1, 2, 3, 4]));
    // Every cell holds the dominant color on some boards and another color on others.
    for (let i = 0; i < 225; i++) {
      const holdsDominant = boards.map((b, k) => b.cells[i] === dominant[k]);
      expect(holdsDominant).toContain(true);
      expect(holdsDominant).toContain(false);
    }
  });

  it('should refuse counts that do not fill the board', () => {
    for (const counts of [
      [45, 45, 45, 45, 44],
      [45, 45, 45, 90],
    ])
      expect(generate({ count: 1, seed: 1, counts })).toMatchObject({
        ok: false,
        error: { code: 'invalid-option', field: 'options.counts' },
      });
  });

  it.each([
    [{ seed: 1, width: 0 }, 'options.width'],
    [{ seed: 1, colors: 99 }, 'options.colors'],
    [{ seed: 1, height: [3, 2] }, 'options.height[1]'],
    [{ seed: 1, width: [2] }, 'options.width'],
    [{ seed: 1, width: [0, 2] }, 'options.width[0]'],
    [{ seed: 1, width: 2.5 }, 'options.width'],
    [{ seed: 1, count: 0 }, 'options.count'],
    [{ seed: 1, count: 100_001 }, 'options.count'],
    [{ seed: 1.5 }, 'options.seed'],
    [{}, 'options.seed'],
    [{ seed: 1, counts: [225, Number.NaN, 0, 0, 0] }, 'options.counts[1]'],
    [{ seed: 1, sizes: 3 }, 'options.sizes'],
  ])('should refuse %j, naming %s (issue 81: width 0 and 99 colors were accepted)', (options, field) => {
    expect(generate(options as never)).toMatchObject({ ok: false, error: { code: 'invalid-option', field } });
  });

  it('should take the extremes of LIMITS and a range of one value', () => {
    const boards = generate({ seed: 2, count: 2, width: [64, 64], height: 1, colors: 20 });
    expect(boards.ok && boards.value.map((b) => [b.width, b.height, b.colors])).toEqual([
      [64, 1, 20],
      [64, 1, 20],
    ]);
  });

  it('should refuse more than 25 million cells in all, at once (issue 81: 100,000 boards of 64 x 64 ran for minutes)', () => {
    const tooMany = fc
      .record({ width: fc.integer({ min: 1, max: 64 }), height: fc.integer({ min: 1, max: 64 }) })
      .filter(({ width, height }) => Math.floor(25_000_000 / (width * height)) < 100_000)
      .chain(({ width, height }) =>
        fc.record({
          width: fc.oneof(fc.constant(width), fc.constant([1, width] as const)),
          height: fc.constant(height),
          count: fc.integer({ min: Math.floor(25_000_000 / (width * height)) + 1, max: 100_000 }),
        }),
      );
    fc.assert(
      fc.property(tooMany, fc.integer(), ({ width, height, count }, seed) => {
        const started = performance.now();
        const boards = generate({ seed, count, width, height, colors: 2 });
        expect(boards).toMatchObject({ ok: false, error: { code: 'invalid-option', field: 'options.count' } });
        expect(performance.now() - started).toBeLessThan(1000);
      }),
    );
  });

  it('should still take the most boards the count allows where their cells fit', () => {
    expect(generate({ seed: 1, count: 100_000, width: 1, height: 1, colors: 1 })).toMatchObject({ ok: true });
    expect(generate({ seed: 1, count: 6_104, width: 64, height: 64 })).toMatchObject({
      ok: false,
      error: {
        message:
          'options.count must be at most 6103 for boards of up to 4096 cells (25 million cells in all), found 6104',
      },
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATOR_RANGES, type GenerateOptions, generate } from '../../../lib/columns/engine/generate.js';
import { LIMITS } from '../../../lib/columns/engine/instance.js';
import { generated } from '../arbitraries.js';

describe('generate', () => {
  it("should draw every parameter within the statement's ranges, the same for the same seed", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = generated({ seed, columns: 50 })[0];
        expect(generated({ seed, columns: 50 })[0]).toEqual(a);
        expect(a.width).toBeGreaterThanOrEqual(GENERATOR_RANGES.width[0]);
        expect(a.width).toBeLessThanOrEqual(GENERATOR_RANGES.width[1]);
        expect(a.height).toBeGreaterThanOrEqual(GENERATOR_RANGES.height[0]);
        expect(a.height).toBeLessThanOrEqual(GENERATOR_RANGES.height[1]);
        // Colors are the first 3..8 letters.
        const jewels = a.pieces.flatMap((p) => (p.magic ? [] : [...p.jewels]));
        expect(Math.max(...jewels)).toBeLessThan(GENERATOR_RANGES.colors[1]);
        expect(Math.min(...jewels)).toBe(0);
      }),
      { numRuns: 50 },
    );
  });

  it('should draw k from 1000..10000 when not given, and honor the magic rate', () => {
    const instance = generated({ seed: 4 })[0];
    expect(instance.pieces.length).toBeGreaterThanOrEqual(1000);
    expect(instance.pieces.length).toBeLessThanOrEqual(10_000);
    const many = generated({ seed: 5, columns: 20_000, magicRate: 0.05 })[0];
    expect(Math.abs(many.pieces.filter((p) => p.magic).length / 20_000 - 0.05)).toBeLessThan(0.01);
  });

  it('should draw instance i from seed S + i, so a longer run extends a shorter one', () => {
    const three = generated({ seed: 9, count: 3, columns: 30 });
    expect(three).toHaveLength(3);
    expect(generated({ seed: 10, count: 2, columns: 30 })).toEqual(three.slice(1));
    expect(three[0]).not.toEqual(three[1]);
  });

  it('should draw a parameter given as a range from within that range, and a fixed value exactly', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 40 }), (seed, low, span) => {
        const [instance] = generated({ seed, columns: [low, low + span], width: [6, 7], colors: 3 });
        expect(instance.pieces.length).toBeGreaterThanOrEqual(low);
        expect(instance.pieces.length).toBeLessThanOrEqual(low + span);
        expect([6, 7]).toContain(instance.width);
        const jewels = instance.pieces.flatMap((p) => (p.magic ? [] : [...p.jewels]));
        expect(Math.max(-1, ...jewels)).toBeLessThan(3);
      }),
      { numRuns: 50 },
    );
  });

  it('should reach both ends of a range', () => {
    const lengths = new Set(
      generated({ seed: 3, count: 200, columns: [5, 7], width: 6, height: 13 }).map((i) => i.pieces.length),
    );
    expect([...lengths].sort()).toEqual([5, 6, 7]);
  });
});

describe('generate refusals', () => {
  it.each([
    [{ seed: 1, width: 0 }, 'options.width'],
    [{ seed: 1, width: 65 }, 'options.width'],
    [{ seed: 1, colors: 99 }, 'options.colors'],
    [{ seed: 1, height: [20, 13] }, 'options.height[1]'],
    [{ seed: 1, columns: [10, 20, 30] }, 'options.columns'],
    [{ seed: 1, columns: 1.5 }, 'options.columns'],
    [{ seed: 1, magicRate: 1.5 }, 'options.magicRate'],
    [{ seed: 1, magicRate: Number.NaN }, 'options.magicRate'],
    [{ seed: 1, count: 0 }, 'options.count'],
    [{ seed: 1, count: 10_001, columns: 1 }, 'options.count'],
    [{ seed: 1, count: 401 }, 'options.count'],
    [{ seed: 1.5 }, 'options.seed'],
    [{ seed: Number.MAX_SAFE_INTEGER, count: 2, columns: 1 }, 'options.seed'],
    [{}, 'options.seed'],
    [{ seed: 1, colours: 3 }, 'options.colours'],
  ])('should refuse %j as invalid-option naming %s', (options, field) => {
    expect(generate(options as GenerateOptions)).toMatchObject({ ok: false, error: { code: 'invalid-option', field } });
  });

  it('should take every size at both ends of LIMITS', () => {
    const ends = {
      seed: 1,
      width: LIMITS.width,
      height: LIMITS.height,
      colors: LIMITS.colors,
      columns: [1, 2],
    } as const;
    expect(generate(ends).ok).toBe(true);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENERATOR_RANGES, generateInstance } from '../../lib/columns/generate.js';

describe('generateInstance', () => {
  it("should draw every parameter within the statement's ranges, the same for the same seed", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = generateInstance({ seed, columns: 50 });
        expect(generateInstance({ seed, columns: 50 })).toEqual(a);
        expect(a.width).toBeGreaterThanOrEqual(GENERATOR_RANGES.width[0]);
        expect(a.width).toBeLessThanOrEqual(GENERATOR_RANGES.width[1]);
        expect(a.height).toBeGreaterThanOrEqual(GENERATOR_RANGES.height[0]);
        expect(a.height).toBeLessThanOrEqual(GENERATOR_RANGES.height[1]);
        expect(a.colors).toBeGreaterThanOrEqual(3);
        expect(a.colors).toBeLessThanOrEqual(8);
        expect(a.magicRate).toBeGreaterThanOrEqual(0.02);
        expect(a.magicRate).toBeLessThanOrEqual(0.1);
        for (const p of a.pieces) if (!p.magic) for (const j of p.jewels) expect(j).toBeLessThan(a.colors);
      }),
      { numRuns: 50 },
    );
  });

  it('should draw k from 1000..10000 when not given, and honour the magic rate', () => {
    const instance = generateInstance({ seed: 4 });
    expect(instance.pieces.length).toBeGreaterThanOrEqual(1000);
    expect(instance.pieces.length).toBeLessThanOrEqual(10_000);
    const many = generateInstance({ seed: 5, columns: 20_000, magicRate: 0.05 });
    expect(Math.abs(many.pieces.filter((p) => p.magic).length / 20_000 - 0.05)).toBeLessThan(0.01);
  });
});

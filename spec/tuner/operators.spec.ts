import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../lib/core/random.js';
import type { GenomeSpec } from '../../lib/core/tuning-game.js';
import { adaptSigma, blendCrossover, mutate, tournamentSelect } from '../../tuner/operators.js';

const specArb: fc.Arbitrary<GenomeSpec> = fc
  .array(fc.tuple(fc.double({ min: -1000, max: 1000, noNaN: true }), fc.double({ min: 0, max: 1000, noNaN: true })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((ranges) => ({
    names: ranges.map((_, i) => `w${i}`),
    bounds: ranges.map(([lo, span]) => [lo, lo + span] as const),
  }));

const genomeIn = (spec: GenomeSpec) =>
  fc.tuple(...spec.bounds.map(([lo, hi]) => fc.double({ min: lo, max: hi, noNaN: true })));

const within = (spec: GenomeSpec, genome: readonly number[]) =>
  genome.every((v, i) => v >= spec.bounds[i][0] && v <= spec.bounds[i][1]);

describe('blendCrossover', () => {
  it('should always give a child within bounds', () => {
    fc.assert(
      fc.property(
        specArb.chain((spec) => fc.tuple(fc.constant(spec), genomeIn(spec), genomeIn(spec), fc.integer())),
        ([spec, a, b, seed]) => {
          expect(within(spec, blendCrossover(spec, a, b, createRandom(seed)))).toBe(true);
        },
      ),
    );
  });
});

describe('mutate', () => {
  it('should always give a genome within bounds, even with huge steps', () => {
    fc.assert(
      fc.property(
        specArb.chain((spec) =>
          fc.tuple(fc.constant(spec), genomeIn(spec), fc.integer(), fc.double({ min: 0, max: 10, noNaN: true })),
        ),
        ([spec, g, seed, sigma]) => {
          expect(within(spec, mutate(spec, g, sigma, 1, createRandom(seed)))).toBe(true);
        },
      ),
    );
  });

  it('should change nothing at rate 0', () => {
    const spec: GenomeSpec = {
      names: ['x', 'y'],
      bounds: [
        [0, 1],
        [0, 1],
      ],
    };
    expect(mutate(spec, [0.3, 0.7], 0.5, 0, createRandom(1))).toEqual([0.3, 0.7]);
  });
});

describe('tournamentSelect', () => {
  it('should pick fitter genomes more often: selection counts follow the fitness order', () => {
    const fitness = [10, 40, 20, 30];
    const counts = [0, 0, 0, 0];
    const random = createRandom(9);
    for (let i = 0; i < 20_000; i++) counts[tournamentSelect(fitness, 3, random)]++;
    // Expected shares for size 3 over 4 ranks: (k^3 - (k-1)^3) / 64 = 1, 7, 19, 37 out of 64.
    expect(counts[0]).toBeLessThan(counts[2]);
    expect(counts[2]).toBeLessThan(counts[3]);
    expect(counts[3]).toBeLessThan(counts[1]);
    expect(counts[1] / 20_000).toBeCloseTo(37 / 64, 1);
  });

  it('should return the fittest when the tournament sees everyone many times', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 5 }), fc.integer(), (fitness, seed) => {
        const picked = tournamentSelect(fitness, 200, createRandom(seed));
        expect(fitness[picked]).toBe(Math.max(...fitness));
      }),
    );
  });
});

describe('adaptSigma', () => {
  it('should widen on success above one fifth, narrow below, and stay within limits', () => {
    expect(adaptSigma(0.1, 0.5)).toBeGreaterThan(0.1);
    expect(adaptSigma(0.1, 0.1)).toBeLessThan(0.1);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (s, r) => {
        const next = adaptSigma(s, r);
        expect(next).toBeGreaterThanOrEqual(0.005);
        expect(next).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

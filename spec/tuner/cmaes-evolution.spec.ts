import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../lib/core/random.js';
import type { GenomeSpec } from '../../lib/core/tuning-game.js';
import { initialCma, sampleCma } from '../../tuner/cmaes.js';
import { type CmaesState, evolveCmaes, startCmaes } from '../../tuner/cmaes-evolution.js';
import { defaultGaSettings } from '../../tuner/ga.js';
import { type TuneOptions, tune } from '../../tuner/tune.js';
import { scratchDirectory } from '../support/scratch.js';
import { TOY_TARGET, tuningGame as toy } from '../support/toy-game.js';
import { runTune, toyOptions } from '../support/toy-tune.js';

const tmp = scratchDirectory('tilefall-cmaes-');

const spec: GenomeSpec = {
  names: ['a', 'b', 'c', 'd'],
  bounds: [
    [-10, 10],
    [0, 1],
    [100, 5000],
    [-3, -2],
  ],
};
const start = [0, 0.5, 800, -2.5];

describe('startCmaes', () => {
  it('should project a draw outside the bounds onto the nearest bound, and keep one inside as drawn', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const settings = defaultGaSettings(8, 6, seed);
        const unitStart = start.map((v, i) => (v - spec.bounds[i][0]) / (spec.bounds[i][1] - spec.bounds[i][0]));
        const draws = sampleCma(initialCma(unitStart, 2 * settings.initialSigma), 8, createRandom(seed));
        const projected = draws.map((unit) =>
          unit.map((u, i) => {
            const [lo, hi] = spec.bounds[i];
            return Math.min(hi, Math.max(lo, lo + u * (hi - lo)));
          }),
        );
        expect(startCmaes(spec, settings, start).population).toEqual(projected);
      }),
      { numRuns: 30 },
    );
  });
});

describe('evolveCmaes', () => {
  it('should keep every genome within its bounds whatever the fitness', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 48, maxLength: 48 }),
        (seed, values) => {
          const settings = defaultGaSettings(8, 6, seed);
          let state = startCmaes(spec, settings, start);
          for (let g = 0; g < 6; g++) {
            for (const genome of state.population)
              genome.forEach((v, i) => {
                expect(v).toBeGreaterThanOrEqual(spec.bounds[i][0]);
                expect(v).toBeLessThanOrEqual(spec.bounds[i][1]);
              });
            state = evolveCmaes(spec, settings, state, values.slice(g * 8, g * 8 + 8));
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it('should be the same from the same seed, and survive a JSON round trip unchanged (a checkpoint)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const settings = defaultGaSettings(6, 3, seed);
        const fitness = (s: CmaesState) => s.population.map((g) => -Math.abs(g[0] - 3) - Math.abs(g[2] - 1000) / 100);
        const a = startCmaes(spec, settings, start);
        const b = JSON.parse(JSON.stringify(startCmaes(spec, settings, start))) as CmaesState;
        expect(b).toEqual(a);
        expect(evolveCmaes(spec, settings, b, fitness(b))).toEqual(evolveCmaes(spec, settings, a, fitness(a)));
      }),
      { numRuns: 20 },
    );
  });

  it('should find an optimum at a corner of the bounds', () => {
    // Best beyond the upper bound of a and the lower bound of c: the box's corner is the optimum.
    const settings = defaultGaSettings(10, 60, 3);
    const fitness = (g: readonly number[]) =>
      -((g[0] - 14) ** 2) - ((g[1] - 0.3) * 20) ** 2 - ((g[2] + 400) / 250) ** 2;
    let state = startCmaes(spec, settings, start);
    for (let g = 0; g < 60; g++) state = evolveCmaes(spec, settings, state, state.population.map(fitness));
    const best = state.history.at(-1)?.bestGenome ?? [];
    expect(best[0]).toBeGreaterThan(9.9);
    expect(best[1]).toBeCloseTo(0.3, 2);
    expect(best[2]).toBeLessThan(110);
  });
});

describe('tune with CMA-ES', () => {
  const cmaes = (workers: number, extra: Partial<TuneOptions> = {}) =>
    toyOptions(workers, { optimizer: 'cmaes', ...extra });

  it('should improve a deliberately bad start on the toy fitness and say so on validation', async () => {
    const result = await runTune(cmaes(0));
    const distance = (w: Record<string, number>) =>
      Object.entries(TOY_TARGET).reduce((s, [k, v]) => s + (w[k] - v) ** 2, 0);
    expect(distance(result.weights)).toBeLessThan(distance(toy.defaults as Record<string, number>) / 10);
    expect(result.validation.difference.mean).toBeGreaterThan(2 * result.validation.difference.standardError);
    expect(result.finalists.map((f) => f.origin)).toContain('mean of the final distribution');
  });

  it('should give the same result with 0 and 2 workers and after a resume', async () => {
    const inThread = await runTune(cmaes(0));
    expect(await runTune(cmaes(2))).toEqual(inThread);
    const checkpoint = join(tmp, 'cmaes.ckpt');
    const interrupted = runTune(
      cmaes(2, {
        checkpoint: { file: checkpoint, resume: false },
        afterGeneration: (finished) => {
          if (finished === 5) throw new Error('interrupted');
        },
      }),
    );
    await expect(interrupted).rejects.toThrow('interrupted');
    expect(await runTune(cmaes(0, { checkpoint: { file: checkpoint, resume: true } }))).toEqual(inThread);
  });

  it('should refuse to resume a checkpoint of the other optimizer, naming the difference', async () => {
    const checkpoint = join(tmp, 'ga.ckpt');
    const settings = defaultGaSettings(10, 1, 5);
    await runTune(toyOptions(0, { settings, checkpoint: { file: checkpoint, resume: false } }));
    const resumed = await tune(cmaes(0, { settings, checkpoint: { file: checkpoint, resume: true } }));
    expect(resumed.ok).toBe(false);
    if (!resumed.ok) expect(resumed.error.message).toMatch(/optimizer differs: "ga" there, "cmaes" now/);
  });
});

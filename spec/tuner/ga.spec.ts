import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GenomeSpec } from '../../lib/core/tuning-game.js';
import { defaultGaSettings, evolve, startEvolution } from '../../tuner/ga.js';

const spec: GenomeSpec = {
  names: ['a', 'b', 'c'],
  bounds: [
    [-10, 10],
    [-10, 10],
    [0, 1],
  ],
};

describe('evolve', () => {
  it('should keep the best genome of a generation unchanged in the next (elitism)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 8, maxLength: 8 }),
        (seed, fitness) => {
          const settings = defaultGaSettings(8, 5, seed);
          const state = startEvolution(spec, settings, [0, 0, 0.5]);
          const next = evolve(spec, settings, state, fitness);
          const best = fitness.indexOf(Math.max(...fitness));
          expect(next.population).toContainEqual(state.population[best]);
          expect(next.history.at(-1)?.best).toBe(fitness[best]);
        },
      ),
    );
  });

  it('should breed a full population within bounds, the same for the same seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const settings = defaultGaSettings(6, 3, seed);
        const fitness = [1, 5, 2, 8, 3, 4];
        const a = evolve(spec, settings, startEvolution(spec, settings, [9, -9, 0.1]), fitness);
        const b = evolve(spec, settings, startEvolution(spec, settings, [9, -9, 0.1]), fitness);
        expect(a).toEqual(b);
        expect(a.population).toHaveLength(6);
        for (const g of a.population) {
          g.forEach((v, i) => {
            expect(v >= spec.bounds[i][0] && v <= spec.bounds[i][1]).toBe(true);
          });
        }
      }),
    );
  });

  it('should climb a toy fitness from a deliberately bad start', () => {
    const settings = defaultGaSettings(20, 40, 7);
    const target = [3, -2, 0.25];
    const fitness = (g: readonly number[]) => -g.reduce((s, v, i) => s + (v - target[i]) ** 2, 0);
    let state = startEvolution(spec, settings, [-10, 10, 1]);
    const startFitness = fitness([-10, 10, 1]);
    while (state.generation < settings.generations)
      state = evolve(spec, settings, state, state.population.map(fitness));
    const final = state.history.at(-1)!;
    expect(startFitness).toBeLessThan(-250);
    expect(final.best).toBeGreaterThan(-1);
  });
});

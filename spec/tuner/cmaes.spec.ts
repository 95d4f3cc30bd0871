import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../lib/core/random.js';
import { type CmaState, cmaConstants, defaultLambda, initialCma, sampleCma, updateCma } from '../../tuner/cmaes.js';
import { gaussian } from '../../tuner/operators.js';
import { symmetricEigen } from '../../tuner/symmetric-eigen.js';

const sphere = (x: readonly number[]) => x.reduce((s, v) => s + v * v, 0);
const rosenbrock = (x: readonly number[]) =>
  x.slice(0, -1).reduce((s, v, i) => s + 100 * (v * v - x[i + 1]) ** 2 + (v - 1) ** 2, 0);

/** Minimizes `f` from `start` with step `sigma`: the evaluations spent to reach `target` (Infinity if not within `max`), and the last state. */
function minimize(
  f: (x: readonly number[]) => number,
  start: number[],
  sigma: number,
  seed: number,
  target: number,
  max: number,
) {
  const lambda = defaultLambda(start.length);
  const constants = cmaConstants(start.length, lambda);
  const random = createRandom(seed);
  let state = initialCma(start, sigma);
  for (let evaluations = 0; evaluations < max; ) {
    const points = sampleCma(state, lambda, random);
    const values = points.map(f);
    evaluations += lambda;
    if (Math.min(...values) < target) return { evaluations, state };
    state = updateCma(
      state,
      points,
      values.map((v) => -v),
      constants,
    );
  }
  return { evaluations: Infinity, state };
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('symmetricEigen', () => {
  const symmetric = fc
    .integer({ min: 1, max: 8 })
    .chain((n) =>
      fc.array(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n }), {
        minLength: n,
        maxLength: n,
      }),
    )
    .map((m) => m.map((row, i) => row.map((_, j) => (j >= i ? m[i][j] : m[j][i]))));

  it('should give orthonormal eigenvectors that rebuild the matrix (B diag(values) Bᵀ = C)', () => {
    fc.assert(
      fc.property(symmetric, (c) => {
        const { values, vectors } = symmetricEigen(c);
        const n = c.length;
        for (let i = 0; i < n; i++)
          for (let j = 0; j < n; j++) {
            const rebuilt = values.reduce((s, v, k) => s + vectors[i][k] * v * vectors[j][k], 0);
            expect(rebuilt).toBeCloseTo(c[i][j], 8);
            const dot = vectors.reduce((s, row) => s + row[i] * row[j], 0);
            expect(dot).toBeCloseTo(i === j ? 1 : 0, 10);
          }
      }),
    );
  });
});

describe('CMA-ES on known functions', () => {
  // Published behaviour (Hansen's tutorial, arXiv:1604.00772, and pycma's runs): with the default
  // parameters, 10-D sphere from f = 10 reaches 1e-10 in about 1,500 evaluations; 10-D Rosenbrock,
  // whose curved valley the covariance must learn, in about 6,000, a few runs ending in its local
  // minimum.
  it('should solve the 10-D sphere to 1e-10 in under 2,500 evaluations, linearly', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const { evaluations } = minimize(sphere, new Array(10).fill(1), 0.5, seed, 1e-10, 5000);
      expect(evaluations, `seed ${seed}`).toBeLessThan(2500);
      expect(evaluations, `seed ${seed}`).toBeGreaterThan(800);
    }
  });

  it('should solve the 10-D Rosenbrock function to 1e-10 in under 10,000 evaluations in most runs', () => {
    const runs = [1, 2, 3, 4, 5, 6].map((seed) =>
      minimize(rosenbrock, new Array(10).fill(0), 0.5, seed, 1e-10, 10_000),
    );
    expect(runs.filter((r) => r.evaluations < 10_000).length).toBeGreaterThanOrEqual(5);
    expect(median(runs.map((r) => r.evaluations))).toBeGreaterThan(3000);
  });

  it('should settle on a noisy sphere at a distance proportional to the noise', () => {
    // With additive noise of deviation s, the (μ/μ_w, λ)-ES's mean settles where f ≈ s·n / (4 μ c),
    // about 0.6 s here (Arnold and Beyer's steady state): ten times the noise, ten times the residual.
    const residual = (noise: number) =>
      median(
        [1, 2, 3, 4, 5].map((seed) => {
          const noiseRandom = createRandom(seed + 100);
          const noisy = (x: readonly number[]) => sphere(x) + noise * gaussian(noiseRandom);
          return sphere(minimize(noisy, new Array(10).fill(1), 0.5, seed, -Infinity, 3000).state.mean);
        }),
      );
    for (const noise of [0.01, 0.1, 1]) {
      expect(residual(noise) / noise, `noise ${noise}`).toBeGreaterThan(0.2);
      expect(residual(noise) / noise, `noise ${noise}`).toBeLessThan(1.8);
    }
  });
});

describe('updateCma', () => {
  const run = (fitness: (x: readonly number[]) => number, seed: number): CmaState[] => {
    const constants = cmaConstants(3, 6);
    const random = createRandom(seed);
    const states = [initialCma([0.5, -1, 2], 0.3)];
    for (let g = 0; g < 8; g++) {
      const points = sampleCma(states[g], 6, random);
      states.push(updateCma(states[g], points, points.map(fitness), constants));
    }
    return states;
  };

  it('should depend on fitness only through its order (an increasing transform changes nothing)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 0.01, max: 100, noNaN: true }), (seed, scale) => {
        const f = (x: readonly number[]) => -sphere(x.map((v, i) => v - i));
        const transformed = (x: readonly number[]) => scale * f(x) ** 3;
        expect(run(transformed, seed)).toEqual(run(f, seed));
      }),
      { numRuns: 20 },
    );
  });

  it('should keep the covariance symmetric with positive eigenvalues and the step size positive', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const noise = createRandom(seed ^ 0x5bd1e995);
        for (const state of run(() => noise.float(), seed)) {
          expect(state.sigma).toBeGreaterThan(0);
          const transposed = state.covariance.map((row, i) => row.map((_, j) => state.covariance[j][i]));
          expect(transposed).toEqual(state.covariance);
          expect(Math.min(...symmetricEigen(state.covariance).values)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 20 },
    );
  });
});

/**
 * CMA-ES, the covariance matrix adaptation evolution strategy, as pure functions over plain,
 * serializable data: `sampleCma` draws a generation around the mean, `updateCma` moves the mean
 * to the better half and adapts the step size and the covariance. No maintained CMA-ES package
 * exists on npm, so this follows Hansen's tutorial ("The CMA Evolution Strategy: A Tutorial",
 * arXiv:1604.00772, its default parameters with positive weights) line by line. It maximizes, and
 * uses fitness only through ranks, so any order-preserving change of the fitness changes nothing.
 */
import type { Random } from '../lib/core/random.js';
import { gaussian } from './operators.js';
import { symmetricEigen } from './symmetric-eigen.js';

/** The strategy's state: everything the next generation depends on, as plain numbers. */
export interface CmaState {
  readonly mean: number[];
  /** The overall step size. */
  readonly sigma: number;
  readonly covariance: number[][];
  /** The evolution path of the step size (conjugate: whitened by the covariance). */
  readonly pathSigma: number[];
  /** The evolution path of the covariance. */
  readonly pathC: number[];
  /** Generations told so far. */
  readonly generation: number;
}

/** The strategy's constants for a dimension and a generation size (the tutorial's Table 1). */
export interface CmaConstants {
  readonly dimension: number;
  readonly lambda: number;
  readonly weights: number[];
  readonly muEff: number;
  readonly cc: number;
  readonly cs: number;
  readonly c1: number;
  readonly cmu: number;
  readonly damps: number;
  /** E‖N(0, I)‖, the expected length of a standard normal vector. */
  readonly chiN: number;
}

/** The default generation size for `dimension` parameters, 4 + ⌊3 ln n⌋. */
export const defaultLambda = (dimension: number): number => 4 + Math.floor(3 * Math.log(dimension));

/** The constants for `dimension` parameters and `lambda` samples a generation (at least 2). */
export function cmaConstants(dimension: number, lambda: number): CmaConstants {
  const n = dimension;
  const mu = Math.max(1, Math.floor(lambda / 2));
  const raw = Array.from({ length: mu }, (_, i) => Math.log((lambda + 1) / 2) - Math.log(i + 1));
  const total = raw.reduce((s, w) => s + w, 0);
  const weights = raw.map((w) => w / total);
  const muEff = 1 / weights.reduce((s, w) => s + w * w, 0);
  const c1 = 2 / ((n + 1.3) ** 2 + muEff);
  return {
    dimension: n,
    lambda,
    weights,
    muEff,
    cc: (4 + muEff / n) / (n + 4 + (2 * muEff) / n),
    cs: (muEff + 2) / (n + muEff + 5),
    c1,
    cmu: Math.min(1 - c1, (2 * (muEff - 2 + 1 / muEff)) / ((n + 2) ** 2 + muEff)),
    damps: 1 + 2 * Math.max(0, Math.sqrt((muEff - 1) / (n + 1)) - 1) + (muEff + 2) / (n + muEff + 5),
    chiN: Math.sqrt(n) * (1 - 1 / (4 * n) + 1 / (21 * n * n)),
  };
}

/** The first state: a mean, a step size, the identity covariance and empty paths. */
export function initialCma(mean: readonly number[], sigma: number): CmaState {
  const n = mean.length;
  return {
    mean: [...mean],
    sigma,
    covariance: mean.map((_, i) => mean.map((__, j) => (i === j ? 1 : 0))),
    pathSigma: new Array(n).fill(0),
    pathC: new Array(n).fill(0),
    generation: 0,
  };
}

/** `lambda` points drawn from N(mean, sigma² C). */
export function sampleCma(state: CmaState, lambda: number, random: Random): number[][] {
  const { values, vectors } = symmetricEigen(state.covariance);
  const scales = values.map((v) => Math.sqrt(Math.max(v, 0)));
  return Array.from({ length: lambda }, () => {
    const z = scales.map((d) => d * gaussian(random));
    return state.mean.map((m, i) => m + state.sigma * vectors[i].reduce((s, b, k) => s + b * z[k], 0));
  });
}

/**
 * The next state, from the points a generation evaluated and their fitness (higher is better). A
 * point may differ from the one sampled (moved into bounds): the update learns from what was
 * evaluated.
 */
export function updateCma(
  state: CmaState,
  points: readonly (readonly number[])[],
  fitness: readonly number[],
  k: CmaConstants,
): CmaState {
  const n = state.mean.length;
  const order = fitness.map((_, i) => i).sort((a, b) => fitness[b] - fitness[a] || a - b);
  const steps = order.slice(0, k.weights.length).map((i) => points[i].map((x, d) => (x - state.mean[d]) / state.sigma));
  const meanStep = state.mean.map((_, d) => steps.reduce((s, y, r) => s + k.weights[r] * y[d], 0));
  const mean = state.mean.map((m, d) => m + state.sigma * meanStep[d]);

  const whitened = inverseSqrtTimes(state.covariance, meanStep);
  const sigmaRate = Math.sqrt(k.cs * (2 - k.cs) * k.muEff);
  const pathSigma = state.pathSigma.map((p, d) => (1 - k.cs) * p + sigmaRate * whitened[d]);
  const pathSigmaLength = Math.hypot(...pathSigma);
  const sigma = state.sigma * Math.exp((k.cs / k.damps) * (pathSigmaLength / k.chiN - 1));

  // The covariance path stalls while the step-size path is long, so C does not grow too fast.
  const correction = Math.sqrt(1 - (1 - k.cs) ** (2 * (state.generation + 1)));
  const stalled = pathSigmaLength / correction >= (1.4 + 2 / (n + 1)) * k.chiN;
  const cRate = stalled ? 0 : Math.sqrt(k.cc * (2 - k.cc) * k.muEff);
  const pathC = state.pathC.map((p, d) => (1 - k.cc) * p + cRate * meanStep[d]);
  const lost = stalled ? k.c1 * k.cc * (2 - k.cc) : 0;
  const covariance = state.covariance.map((row, i) =>
    row.map((c, j) => {
      // Products grouped as y_i·y_j, so C stays exactly symmetric.
      const rankMu = steps.reduce((s, y, r) => s + k.weights[r] * (y[i] * y[j]), 0);
      return (1 - k.c1 - k.cmu + lost) * c + k.c1 * (pathC[i] * pathC[j]) + k.cmu * rankMu;
    }),
  );
  return { mean, sigma, covariance, pathSigma, pathC, generation: state.generation + 1 };
}

/** C^(-1/2) x, through C's eigen decomposition. */
function inverseSqrtTimes(covariance: readonly (readonly number[])[], x: readonly number[]): number[] {
  const { values, vectors } = symmetricEigen(covariance);
  const projected = values.map(
    (v, k) => vectors.reduce((s, row, i) => s + row[k] * x[i], 0) / Math.sqrt(Math.max(v, Number.MIN_VALUE)),
  );
  return vectors.map((row) => row.reduce((s, b, k) => s + b * projected[k], 0));
}

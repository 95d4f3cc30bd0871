/**
 * The genetic operators: tournament selection, blend crossover, Gaussian mutation scaled to each
 * weight's range, all drawing from the seeded generator they are given.
 */
import type { Random } from '../lib/core/random.js';
import type { GenomeSpec } from '../lib/core/tuning-game.js';
import { clampGenome, type Genome } from './genome.js';

/** The index of the fittest of `size` genomes drawn at random (with replacement). */
export function tournamentSelect(fitness: readonly number[], size: number, random: Random): number {
  let best = random.below(fitness.length);
  for (let i = 1; i < size; i++) {
    const challenger = random.below(fitness.length);
    if (fitness[challenger] > fitness[best]) best = challenger;
  }
  return best;
}

/**
 * BLX-alpha crossover: each child weight is drawn uniformly from the parents' interval widened
 * by `alpha` of its length on both sides, then clamped into bounds.
 */
export function blendCrossover(spec: GenomeSpec, a: Genome, b: Genome, random: Random, alpha = 0.25): number[] {
  return clampGenome(
    spec,
    a.map((x, i) => {
      const lo = Math.min(x, b[i]);
      const hi = Math.max(x, b[i]);
      const spread = hi - lo;
      return lo - alpha * spread + random.float() * (1 + 2 * alpha) * spread;
    }),
  );
}

/** A standard normal draw (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random.float();
  const v = random.float();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * Gaussian mutation: each weight, with probability `rate`, moves by N(0, sigma x its range),
 * then everything is clamped into bounds.
 */
export function mutate(spec: GenomeSpec, genome: Genome, sigma: number, rate: number, random: Random): number[] {
  return clampGenome(
    spec,
    genome.map((v, i) =>
      random.float() < rate ? v + gaussian(random) * sigma * (spec.bounds[i][1] - spec.bounds[i][0]) : v,
    ),
  );
}

/**
 * The 1/5 success rule: widen the mutation step when more than a fifth of the children beat
 * their better parent, narrow it otherwise, within [min, max].
 */
export function adaptSigma(sigma: number, successRate: number, min = 0.005, max = 0.5): number {
  const next = successRate > 0.2 ? sigma * 1.22 : sigma * 0.82;
  return Math.min(max, Math.max(min, next));
}

/**
 * What the tuner evolves: a vector of named weights, each within bounds that the game's solver
 * declares. Genomes are plain number arrays in the order of `names`.
 */
import type { GenomeSpec } from '../lib/core/tuning-game.js';

/** Weights as a vector, in the order of `GenomeSpec.names`. */
export type Genome = readonly number[];

/** The genome clamped into its bounds. */
export function clampGenome(spec: GenomeSpec, genome: Genome): number[] {
  return genome.map((v, i) => Math.min(spec.bounds[i][1], Math.max(spec.bounds[i][0], v)));
}

/** A named-weights object as a genome (in `spec.names` order). */
export function genomeFromWeights(spec: GenomeSpec, weights: Readonly<Record<string, number>>): number[] {
  return spec.names.map((n) => weights[n]);
}

/** A genome as a named-weights object. */
export function weightsFromGenome(spec: GenomeSpec, genome: Genome): Record<string, number> {
  return Object.fromEntries(spec.names.map((n, i) => [n, genome[i]]));
}

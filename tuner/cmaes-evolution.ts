/**
 * CMA-ES as the tuner's optimizer (`--optimizer cmaes`), a state machine over plain data like the
 * GA's: `startCmaes` samples generation 0 around the start genome, `evolveCmaes` updates the
 * strategy from a generation's fitness and samples the next. The strategy works on each weight
 * scaled to [0, 1] by its bounds, so one step size fits weights of any range; a sample outside
 * the box is projected onto its nearest face (each weight clamped to its bounds), so tuned values
 * that belong on a bound get played there, and the update learns from the point that was
 * evaluated. Mirroring instead lost where the best values sit on bounds: see docs/tuning.md.
 */
import { createRandom, randomFromState } from '../lib/core/random.js';
import type { GenomeSpec } from '../lib/core/tuning-game.js';
import { type CmaState, cmaConstants, initialCma, sampleCma, updateCma } from './cmaes.js';
import { type GaSettings, type GenerationRecord, rankByFitness } from './ga.js';
import { clampGenome, type Genome } from './genome.js';

/** A CMA-ES run's state, serializable into a checkpoint. */
export interface CmaesState {
  readonly optimizer: 'cmaes';
  /** The generation `population` belongs to (0-based), not yet evaluated. */
  readonly generation: number;
  /** The genomes to evaluate, in the weights' own units and within bounds. */
  readonly population: number[][];
  /** The strategy, on weights scaled to [0, 1]. */
  readonly strategy: CmaState;
  readonly randomState: number[];
  readonly history: GenerationRecord[];
}

const toUnit = (spec: GenomeSpec, genome: Genome): number[] =>
  genome.map((v, i) => {
    const [lo, hi] = spec.bounds[i];
    return hi > lo ? (v - lo) / (hi - lo) : 0;
  });

const fromUnit = (spec: GenomeSpec, unit: readonly number[]): number[] =>
  clampGenome(
    spec,
    unit.map((u, i) => spec.bounds[i][0] + u * (spec.bounds[i][1] - spec.bounds[i][0])),
  );

/** A generation of `size` genomes drawn from the strategy, each projected into bounds. */
function sampleGeneration(spec: GenomeSpec, strategy: CmaState, size: number, randomState: readonly number[]) {
  const random = randomFromState(randomState);
  const population = sampleCma(strategy, size, random).map((unit) => fromUnit(spec, unit));
  return { population, randomState: [...random.state()] };
}

/**
 * Generation 0: samples around the start genome. The first step is twice the GA's initial
 * sigma, the spread of the GA's own first generation, as a fraction of each weight's range.
 */
export function startCmaes(spec: GenomeSpec, settings: GaSettings, start: Genome): CmaesState {
  const strategy = initialCma(toUnit(spec, clampGenome(spec, start)), 2 * settings.initialSigma);
  const sampled = sampleGeneration(spec, strategy, settings.population, [...createRandom(settings.seed).state()]);
  return { optimizer: 'cmaes', generation: 0, strategy, ...sampled, history: [] };
}

/** Records the current generation's fitness, updates the strategy from it and samples the next generation. */
export function evolveCmaes(
  spec: GenomeSpec,
  settings: GaSettings,
  state: CmaesState,
  fitness: readonly number[],
): CmaesState {
  const constants = cmaConstants(spec.names.length, settings.population);
  const points = state.population.map((genome) => toUnit(spec, genome));
  const strategy = updateCma(state.strategy, points, fitness, constants);
  const best = rankByFitness(fitness)[0];
  const record: GenerationRecord = {
    generation: state.generation,
    best: fitness[best],
    mean: fitness.reduce((s, f) => s + f, 0) / fitness.length,
    bestGenome: [...state.population[best]],
    sigma: state.strategy.sigma,
  };
  return {
    optimizer: 'cmaes',
    generation: state.generation + 1,
    strategy,
    ...sampleGeneration(spec, strategy, settings.population, state.randomState),
    history: [...state.history, record],
  };
}

/**
 * The strategy's mean in the weights' units: CMA-ES's own estimate of the best genome. It is
 * inside the bounds already, a weighted mean of points drawn within them (or the clamped start).
 */
export const cmaesMean = (spec: GenomeSpec, state: CmaesState): number[] => fromUnit(spec, state.strategy.mean);

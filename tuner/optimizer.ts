/**
 * The tuner's optimizers behind one shape: the genetic algorithm (the default) and CMA-ES. Each
 * starts from the start genome, breeds a generation from the last one's fitness, and proposes its
 * candidates for the final choice; the run (`tune.ts`) needs nothing else of either.
 */
import type { GenomeSpec } from '../lib/core/tuning-game.js';
import { type CmaesState, cmaesMean, evolveCmaes, startCmaes } from './cmaes-evolution.js';
import { evolve, type GaSettings, type GaState, startEvolution } from './ga.js';
import type { Genome } from './genome.js';

/** The optimizers `tune` offers. */
export const OPTIMIZERS = ['ga', 'cmaes'] as const;

/** `'ga'`: the genetic algorithm; `'cmaes'`: the covariance matrix adaptation evolution strategy. */
export type OptimizerName = (typeof OPTIMIZERS)[number];

/** Either optimizer's state between generations (a checkpoint holds it). */
export type TunerState = GaState | CmaesState;

/** A genome the optimizer proposes for the final choice, and where it comes from. */
export interface Proposal {
  readonly origin: string;
  readonly genome: readonly number[];
}

/** Whether `state` is CMA-ES's: a GA state carries no optimizer name (checkpoints written before CMA-ES). */
export const isCmaes = (state: TunerState): state is CmaesState => 'optimizer' in state && state.optimizer === 'cmaes';

/** Generation 0 of `optimizer`, around `start`. */
export function startOptimizer(
  optimizer: OptimizerName,
  spec: GenomeSpec,
  settings: GaSettings,
  start: Genome,
): TunerState {
  return optimizer === 'cmaes' ? startCmaes(spec, settings, start) : startEvolution(spec, settings, start);
}

/** The next generation, bred from the current one's fitness, with the current one recorded in the history. */
export function nextGeneration(
  spec: GenomeSpec,
  settings: GaSettings,
  state: TunerState,
  fitness: readonly number[],
): TunerState {
  return isCmaes(state) ? evolveCmaes(spec, settings, state, fitness) : evolve(spec, settings, state, fitness);
}

/**
 * The optimizer's own candidates for the final choice, best guess first: the GA's elites (the
 * first genomes of its next generation), or CMA-ES's mean (its estimate of the optimum).
 */
export function proposals(spec: GenomeSpec, settings: GaSettings, state: TunerState): Proposal[] {
  if (isCmaes(state)) return [{ origin: 'mean of the final distribution', genome: cmaesMean(spec, state) }];
  return state.population
    .slice(0, settings.elites)
    .map((genome, e) => ({ origin: `elite ${e + 1} of the final generation`, genome }));
}

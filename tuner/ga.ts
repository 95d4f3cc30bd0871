/**
 * The genetic algorithm as a state machine over plain, serializable data: `startEvolution`
 * makes generation 0, `evolve` breeds the next generation from the fitness of the current one.
 * The whole state (population, step size, generator state, history) fits in a checkpoint, so a
 * resumed run continues exactly where it stopped.
 */
import { bestFirst } from '../lib/core/best-first.js';
import { createRandom, randomFromState } from '../lib/core/random.js';
import type { GenomeSpec } from '../lib/core/tuning-game.js';
import type { GenomeFailures } from './failures.js';
import { clampGenome, type Genome } from './genome.js';
import { adaptSigma, blendCrossover, mutate, tournamentSelect } from './operators.js';

/** The genetic algorithm's settings. */
export interface GaSettings {
  readonly population: number;
  readonly generations: number;
  readonly seed: number;
  /** Genomes copied unchanged into the next generation. */
  readonly elites: number;
  readonly tournament: number;
  /** Probability that one weight mutates. */
  readonly mutationRate: number;
  /** Initial mutation step, as a fraction of each weight's range. */
  readonly initialSigma: number;
}

/**
 * Settings for a population and generation count: 10 % elites, tournaments of 3. It checks
 * nothing and never throws: `tune` checks the settings it is given, and refuses a population,
 * generation count or seed out of range (`TUNE_LIMITS`) by the field's name.
 */
export const defaultGaSettings = (population: number, generations: number, seed: number): GaSettings => ({
  population,
  generations,
  seed,
  // A population that is not a number gets one elite, so that the refusal names the population.
  elites: typeof population === 'number' ? Math.max(1, Math.round(population / 10)) : 1,
  tournament: 3,
  mutationRate: 0.4,
  initialSigma: 0.15,
});

/** One evaluated generation, for the report and the plot. */
export interface GenerationRecord {
  readonly generation: number;
  readonly best: number;
  readonly mean: number;
  readonly bestGenome: number[];
  readonly sigma: number;
  /** The generation's genomes that failed a game (a program's timeout, crash, ...), when any did. */
  readonly failures?: readonly GenomeFailures[];
  /** Games the generation played (absent in checkpoints written before games were counted). */
  readonly games?: number;
  /** Games racing did not play: genomes dropped before the generation's last instance (`--race`). */
  readonly gamesSaved?: number;
  /**
   * The start's mean score on this generation's instances and seeds, the games that took and the
   * ones it failed: in a run's first record only (the plot's start line).
   */
  readonly start?: { readonly score: number; readonly games: number; readonly failures?: readonly GenomeFailures[] };
}

/** Everything a run needs to continue: serializable into a checkpoint. */
export interface GaState {
  /** The generation `population` belongs to (0-based), not yet evaluated. */
  readonly generation: number;
  readonly population: number[][];
  /** For each genome, the better parent's fitness (-Infinity for the first generation and elites). */
  readonly parentFitness: number[];
  readonly sigma: number;
  readonly randomState: number[];
  readonly history: GenerationRecord[];
}

/** Generation 0: the start genome, then mutations of it (a wide search around a known point). */
export function startEvolution(spec: GenomeSpec, settings: GaSettings, start: Genome): GaState {
  const random = createRandom(settings.seed);
  const population = [clampGenome(spec, start)];
  while (population.length < settings.population)
    population.push(mutate(spec, start, 2 * settings.initialSigma, 1, random));
  return {
    generation: 0,
    population,
    parentFitness: population.map(() => -Infinity),
    sigma: settings.initialSigma,
    randomState: [...random.state()],
    history: [],
  };
}

/** True once every generation has been evaluated. */
export const isFinished = (state: { readonly generation: number }, settings: GaSettings): boolean =>
  state.generation >= settings.generations;

/** Ranks of a generation, best first (ties keep the lower index first, for determinism). */
export function rankByFitness(fitness: readonly number[]): number[] {
  return fitness.map((_, i) => i).sort(bestFirst(fitness));
}

/**
 * Records the fitness of the current generation and breeds the next: elites survive, the rest
 * are tournament-selected parents' blend crossovers, mutated with the adapted step.
 */
export function evolve(spec: GenomeSpec, settings: GaSettings, state: GaState, fitness: readonly number[]): GaState {
  const random = randomFromState(state.randomState);
  const ranked = rankByFitness(fitness);
  const best = ranked[0];
  const mean = fitness.reduce((s, f) => s + f, 0) / fitness.length;

  const bred = state.parentFitness.map((p, i) => ({ p, f: fitness[i] })).filter(({ p }) => p !== -Infinity);
  const successRate = bred.length === 0 ? 0.2 : bred.filter(({ p, f }) => f > p).length / bred.length;
  const sigma = state.generation === 0 ? state.sigma : adaptSigma(state.sigma, successRate);

  const population: number[][] = [];
  const parentFitness: number[] = [];
  for (let e = 0; e < Math.min(settings.elites, ranked.length); e++) {
    population.push([...state.population[ranked[e]]]);
    parentFitness.push(-Infinity);
  }
  while (population.length < settings.population) {
    const a = tournamentSelect(fitness, settings.tournament, random);
    const b = tournamentSelect(fitness, settings.tournament, random);
    const child = mutate(
      spec,
      blendCrossover(spec, state.population[a], state.population[b], random),
      sigma,
      settings.mutationRate,
      random,
    );
    population.push(child);
    parentFitness.push(Math.max(fitness[a], fitness[b]));
  }

  return {
    generation: state.generation + 1,
    population,
    parentFitness,
    sigma,
    randomState: [...random.state()],
    history: [
      ...state.history,
      {
        generation: state.generation,
        best: fitness[best],
        mean,
        bestGenome: [...state.population[best]],
        sigma: state.sigma,
      },
    ],
  };
}

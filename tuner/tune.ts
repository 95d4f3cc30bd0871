/**
 * A whole tuning run: evolve the game's weights on the training instances at a fixed node
 * budget (deterministic), checkpoint after every generation, then compare the tuned weights with
 * the start weights on held-out validation instances.
 */
import { err, ok, type Result } from '../lib/core/result.js';
import { type FileError } from '../lib/core/files.js';
import { readCheckpoint, writeCheckpoint, type RunIdentity } from './checkpoint.js';
import { type EvaluationTask } from './evaluate-task.js';
import { bestGenome, evolve, isFinished, startEvolution, type GaSettings, type GaState, type GenerationRecord } from './ga.js';
import { type TuningGame } from './game.js';
import { genomeFromWeights, weightsFromGenome, type Genome } from './genome.js';
import { type TaskRunner } from './pool.js';
import { type TuneProgress } from './progress.js';
import { estimate, pairedDifference, type Estimate } from './statistics.js';

export interface TuneOptions {
  readonly game: TuningGame;
  /** URL of the module exporting `tuningGame`, for the worker threads. */
  readonly gameModule: string;
  readonly train: readonly string[];
  readonly validate: readonly string[];
  readonly settings: GaSettings;
  /** Node budget of every solve. */
  readonly nodes: number;
  readonly runner: TaskRunner;
  /** Weights the run starts from and is compared against (default: the game's defaults). */
  readonly start?: Readonly<Record<string, number>>;
  readonly checkpoint?: { readonly file: string; readonly resume: boolean };
  readonly progress?: TuneProgress;
  /** Called after each generation's checkpoint is written (tests use it to interrupt a run). */
  readonly afterGeneration?: (state: GaState) => void;
}

export interface ValidationReport {
  readonly instances: number;
  readonly tuned: Estimate;
  readonly start: Estimate;
  /** Tuned minus start, instance by instance. */
  readonly difference: Estimate;
  readonly tunedScores: number[];
  readonly startScores: number[];
}

export interface TuneResult {
  readonly weights: Record<string, number>;
  readonly history: readonly GenerationRecord[];
  readonly validation: ValidationReport;
}

/** A deterministic seed per (run seed, generation, instance): the same for every genome of a generation. */
export function instanceSeed(seed: number, generation: number, instance: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(generation + 1, 0xc2b2ae35) ^ Math.imul(instance + 1, 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) | 0;
}

/** A short fingerprint of the training instances (FNV-1a), so a checkpoint is not resumed on other data. */
export function fingerprint(instances: readonly string[]): string {
  let h = 0x811c9dc5;
  for (const text of instances) for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return `${instances.length}:${(h >>> 0).toString(16)}`;
}

async function meanScores(options: TuneOptions, genomes: readonly Genome[], generation: number): Promise<number[]> {
  const { game, gameModule, train, nodes, settings, runner, progress } = options;
  const tasks: EvaluationTask[] = genomes.flatMap((genome) =>
    train.map((instance, b) => ({ module: gameModule, instance, weights: weightsFromGenome(game.spec, genome), nodes, seed: instanceSeed(settings.seed, generation, b) })),
  );
  const scores = await runner.run(tasks, () => progress?.evaluationDone());
  return genomes.map((_, g) => scores.slice(g * train.length, (g + 1) * train.length).reduce((s, v) => s + v, 0) / train.length);
}

export async function tune(options: TuneOptions): Promise<Result<TuneResult, FileError>> {
  const { game, settings, checkpoint, progress } = options;
  const startWeights = options.start ?? game.defaults;
  const start = genomeFromWeights(game.spec, startWeights);
  const run: RunIdentity = {
    game: game.name,
    population: settings.population,
    generations: settings.generations,
    seed: settings.seed,
    nodes: options.nodes,
    train: fingerprint(options.train),
    start,
  };

  let state: GaState;
  if (checkpoint?.resume) {
    const resumed = readCheckpoint(checkpoint.file, run);
    if (!resumed.ok) return resumed;
    state = resumed.value;
  } else {
    state = startEvolution(game.spec, settings, start);
  }

  while (!isFinished(state, settings)) {
    progress?.startGeneration(state.generation, state.population.length * options.train.length);
    const fitness = await meanScores(options, state.population, state.generation);
    state = evolve(game.spec, settings, state, fitness);
    const last = state.history[state.history.length - 1];
    progress?.endGeneration(last.best, last.mean);
    if (checkpoint) {
      const written = writeCheckpoint(checkpoint.file, run, state);
      if (!written.ok) return err(written.error);
    }
    options.afterGeneration?.(state);
  }
  progress?.stop();

  const tuned = bestGenome(state) ?? start;
  const validation = await validate(options, tuned, start);
  return ok({ weights: weightsFromGenome(game.spec, tuned), history: state.history, validation });
}

async function validate(options: TuneOptions, tuned: Genome, start: Genome): Promise<ValidationReport> {
  const { game, gameModule, validate: instances, nodes, settings, runner } = options;
  // Validation seeds come from a generation number no training generation uses.
  const tasks = (genome: Genome): EvaluationTask[] =>
    instances.map((instance, b) => ({ module: gameModule, instance, weights: weightsFromGenome(game.spec, genome), nodes, seed: instanceSeed(settings.seed, -2, b) }));
  const [tunedScores, startScores] = await Promise.all([runner.run(tasks(tuned)), runner.run(tasks(start))]);
  return {
    instances: instances.length,
    tuned: estimate(tunedScores),
    start: estimate(startScores),
    difference: pairedDifference(tunedScores, startScores),
    tunedScores,
    startScores,
  };
}

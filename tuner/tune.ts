/**
 * A whole tuning run: evolve the game's weights on the training instances at a fixed node
 * budget (deterministic) with the chosen optimizer, checkpoint after every generation, then
 * compare the tuned weights with the start weights on held-out validation instances.
 */

import { createRandom } from '../lib/core/random.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { type Estimate, estimate, pairedDifference } from '../lib/core/statistics.js';
import { type Evaluation, scoreOf, type TuningGame } from '../lib/core/tuning-game.js';
import type { FileError } from '../lib/node/files.js';
import { type RunIdentity, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import type { EvaluationTask } from './evaluate-task.js';
import {
  type FailureRecord,
  type FailureTotals,
  failureTotals,
  type GenomeFailures,
  genomeFailures,
} from './failures.js';
import { type GaSettings, type GenerationRecord, isFinished } from './ga.js';
import { type Genome, genomeFromWeights, weightsFromGenome } from './genome.js';
import { nextGeneration, type OptimizerName, proposals, startOptimizer, type TunerState } from './optimizer.js';
import type { TaskRunner } from './pool.js';
import type { TuneProgress } from './progress.js';
import { type RaceSettings, racedFitness, raceStages, stillRacing } from './racing.js';

/** A tuning run: the game, its data, GA settings, budget, runner and checkpointing. */
export interface TuneOptions {
  readonly game: TuningGame;
  readonly train: readonly string[];
  readonly validate: readonly string[];
  /**
   * Instances the final choice is measured on, never trained on (default: the training
   * instances with fresh seeds, which favors genomes fitted to those instances).
   */
  readonly select?: readonly string[];
  /**
   * Training instances a generation is scored on, drawn afresh each generation (default: all).
   * A large training set then costs no more a generation, and an elite must do well on several
   * draws to survive, which makes fitting to particular instances harder.
   */
  readonly batch?: number;
  /** Population, generations and seed (the GA's other settings are the GA's alone). */
  readonly settings: GaSettings;
  /**
   * The optimizer that breeds each generation. Default `'ga'`, the genetic algorithm, so a call
   * written for 0.5.0 gives the same weights; the command line's default is `'cmaes'`, which
   * needed fewer games (docs/tuning.md, "Which optimizer").
   */
  readonly optimizer?: OptimizerName;
  /**
   * A budget of training games: a generation starts only when all its games fit in what is left,
   * so the generations never play more (default: no budget, `settings.generations` generations).
   * The final choice and validation are not counted in it.
   */
  readonly games?: number;
  /** Node budget of every solve. */
  readonly nodes: number;
  readonly runner: TaskRunner;
  /** Weights the run starts from and is compared against (default: the game's defaults). */
  readonly start?: Readonly<Record<string, number>>;
  readonly checkpoint?: { readonly file: string; readonly resume: boolean };
  readonly progress?: TuneProgress;
  /** Called with the generations finished, after each one's checkpoint is written (tests use it to interrupt a run). */
  readonly afterGeneration?: (finished: number) => void;
  readonly finalChoice?: FinalChoice;
  /**
   * Race each generation (`racing.ts`): a genome clearly behind the generation's leader plays no
   * more of its games. Absent: every genome plays every game.
   */
  readonly race?: RaceSettings;
}

/** Tuned against start weights on the held-out instances. */
export interface ValidationReport {
  readonly instances: number;
  readonly tuned: Estimate;
  readonly start: Estimate;
  /** Tuned minus start, instance by instance. */
  readonly difference: Estimate;
  readonly tunedScores: number[];
  readonly startScores: number[];
}

/** Where the final choice measured its candidates. */
export type FinalSample = 'training-fresh-seeds' | 'selection-instances';

/** One genome of the final choice, re-evaluated where {@link TuneResult.finalSample} says. */
export interface FinalCandidate {
  readonly origin: string;
  readonly genome: number[];
  /** Mean score over every sample of the final choice. */
  readonly mean: number;
}

/** What a tuning run produced. */
export interface TuneResult {
  readonly weights: Record<string, number>;
  readonly history: readonly GenerationRecord[];
  /** The final choice, best first: the one fitness evaluation per generation is noisy, so the
   * winner of a generation is often lucky (the winner's curse); the pick is re-measured. */
  readonly finalists: readonly FinalCandidate[];
  readonly finalSample: FinalSample;
  readonly validation: ValidationReport;
  /**
   * The games that failed (a program's timeout, crash, illegal action, memory), genome by genome
   * and measurement by measurement, and their totals: none for a game that cannot fail.
   */
  readonly failures: { readonly records: readonly FailureRecord[]; readonly totals: FailureTotals };
  /** Games the run played in all (generations, final choice, validation), and those racing did not play. */
  readonly games: { readonly played: number; readonly saved: number };
}

/** How the final choice is made: how many candidates, each measured on how many seed sets. */
export interface FinalChoice {
  readonly candidates: number;
  readonly repeats: number;
}

/** Six finalists, each on two fresh seed sets. */
export const DEFAULT_FINAL_CHOICE: FinalChoice = { candidates: 6, repeats: 2 };

/** A deterministic seed per (run seed, generation, instance): the same for every genome of a generation. */
export function instanceSeed(seed: number, generation: number, instance: number): number {
  let h =
    Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^
    Math.imul(generation + 1, 0xc2b2ae35) ^
    Math.imul(instance + 1, 0x27d4eb2f);
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

/** A short key of a run's identity (FNV-1a of its JSON): every evaluation task of the run carries it. */
export function runKey(run: RunIdentity): string {
  return fingerprint([JSON.stringify(run)]).replace(':', '-');
}

/**
 * The training instances generation `generation` is scored on, as indices in file order: all of
 * them, or `batch` drawn without replacement by a generator seeded from the run seed and the
 * generation, so every genome of a generation meets the same instances.
 */
export function generationInstances(
  count: number,
  batch: number | undefined,
  seed: number,
  generation: number,
): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  if (batch === undefined || batch >= count) return all;
  const random = createRandom(instanceSeed(seed, generation, -1));
  for (let i = 0; i < batch; i++) {
    const j = i + random.below(count - i);
    [all[i], all[j]] = [all[j], all[i]];
  }
  return all.slice(0, batch).sort((a, b) => a - b);
}

/** The options of a run with its key, which every task carries. */
type RunOptions = TuneOptions & { readonly key: string };

/** Instances, each with the seed it is solved with: one measurement of a genome. */
interface Sample {
  readonly instances: readonly string[];
  readonly seeds: readonly number[];
}

/** Generation `generation`'s training instances, with that generation's seeds. */
function trainingSample(options: RunOptions, generation: number): Sample {
  const { train, batch, settings } = options;
  const indices = generationInstances(train.length, batch, settings.seed, generation);
  return {
    instances: indices.map((b) => train[b]),
    seeds: indices.map((b) => instanceSeed(settings.seed, generation, b)),
  };
}

/** The final choice's `repeat`-th sample: the selection instances, or all training instances with fresh seeds. */
function finalChoiceSample(options: RunOptions, repeat: number): Sample {
  const { select, settings } = options;
  if (select === undefined) {
    // Generation numbers past the last give seed sets no generation used.
    const generation = settings.generations + repeat;
    return { instances: options.train, seeds: options.train.map((_, b) => instanceSeed(settings.seed, generation, b)) };
  }
  // Negative generation numbers below validation's -2 are the selection's own seed sets.
  return { instances: select, seeds: select.map((_, b) => instanceSeed(settings.seed, -3 - repeat, b)) };
}

/** One evaluation task of a run. */
function evaluation(options: RunOptions, instance: string, genome: Genome, seed: number): EvaluationTask {
  const { game, nodes, key } = options;
  return {
    module: game.module,
    instance,
    weights: weightsFromGenome(game.spec, genome),
    nodes,
    seed,
    run: key,
    ...(game.config === undefined ? {} : { config: game.config }),
    ...(game.program === undefined ? {} : { program: game.program }),
  };
}

/** A generation's fitness, the genomes that failed a game, and the games played and not played. */
interface Scored {
  readonly means: number[];
  readonly failures: GenomeFailures[];
  readonly games: number;
  readonly gamesSaved: number;
}

/** Mean score of each genome over all the samples, and the genomes that failed a game. */
async function meanScores(
  options: RunOptions,
  genomes: readonly Genome[],
  samples: readonly Sample[],
  onDone?: () => void,
): Promise<Scored> {
  const perGenome = samples.reduce((n, s) => n + s.instances.length, 0);
  const tasks: EvaluationTask[] = genomes.flatMap((genome) =>
    samples.flatMap((sample) =>
      sample.instances.map((instance, i) => evaluation(options, instance, genome, sample.seeds[i])),
    ),
  );
  const evaluations = await options.runner.run(tasks, onDone);
  const scores = evaluations.map(scoreOf);
  return {
    means: genomes.map(
      (_, g) => scores.slice(g * perGenome, (g + 1) * perGenome).reduce((s, v) => s + v, 0) / perGenome,
    ),
    failures: genomeFailures(genomes, evaluations, perGenome),
    games: tasks.length,
    gamesSaved: 0,
  };
}

/**
 * A generation raced (`racing.ts`): the genomes still racing play the sample's instances stage by
 * stage, and those clearly behind the leader after a stage play no more. Finishers' fitness is
 * their mean over every instance, as unraced.
 */
async function racedScores(
  options: RunOptions,
  genomes: readonly Genome[],
  sample: Sample,
  race: RaceSettings,
  onDone?: () => void,
): Promise<Scored> {
  const count = sample.instances.length;
  const played: Evaluation[][] = genomes.map(() => []);
  const scores: number[][] = genomes.map(() => []);
  let racing = genomes.map(() => true);
  let from = 0;
  for (const to of raceStages(count)) {
    const playing = genomes.map((_, g) => g).filter((g) => racing[g]);
    const tasks = playing.flatMap((g) =>
      sample.instances
        .slice(from, to)
        .map((instance, k) => evaluation(options, instance, genomes[g], sample.seeds[from + k])),
    );
    const results = await options.runner.run(tasks, onDone);
    playing.forEach((g, p) => {
      const stage = results.slice(p * (to - from), (p + 1) * (to - from));
      played[g].push(...stage);
      scores[g].push(...stage.map(scoreOf));
    });
    from = to;
    if (to < count) racing = stillRacing(scores, racing, race);
  }
  const means = scores.map((s) => s.reduce((sum, v) => sum + v, 0) / s.length);
  const games = played.reduce((n, e) => n + e.length, 0);
  return {
    means: racedFitness(means, racing),
    failures: genomes.flatMap((genome, g) => genomeFailures([genome], played[g], played[g].length)),
    games,
    gamesSaved: genomes.length * count - games,
  };
}

/**
 * The final choice: the start, the optimizer's proposals (the GA's elites, CMA-ES's mean) and the last generations' winners,
 * each re-measured on the selection instances or on fresh seed sets of the training ones; the best
 * mean wins, so the start is kept when nothing really beats it.
 */
async function chooseFinal(
  options: RunOptions,
  state: TunerState,
  start: Genome,
): Promise<{ finalists: FinalCandidate[]; failures: GenomeFailures[]; games: number }> {
  const { candidates, repeats } = options.finalChoice ?? DEFAULT_FINAL_CHOICE;
  const pool: { origin: string; genome: number[] }[] = [{ origin: 'start', genome: [...start] }];
  const add = (origin: string, genome: readonly number[]) => {
    if (pool.length < candidates && !pool.some((p) => p.genome.every((v, i) => v === genome[i])))
      pool.push({ origin, genome: [...genome] });
  };
  for (const proposal of proposals(options.game.spec, options.settings, state)) add(proposal.origin, proposal.genome);
  for (let h = state.history.length - 1; h >= 0; h--)
    add(`best of generation ${state.history[h].generation + 1}`, state.history[h].bestGenome);
  const samples = Array.from({ length: repeats }, (_, r) => finalChoiceSample(options, r));
  const { means, failures } = await meanScores(
    options,
    pool.map((p) => p.genome),
    samples,
  );
  const finalists = pool.map((p, i) => ({ ...p, mean: means[i] })).sort((a, b) => b.mean - a.mean);
  return { finalists, failures, games: pool.length * samples.reduce((n, s) => n + s.instances.length, 0) };
}

/**
 * Runs (or resumes) a tuning: evolve, choose the final weights, validate them.
 *
 * @example
 * ```ts
 * import { formatBoard, generate, tuningGame } from 'tilefall/samegame';
 * import { createTaskRunner, defaultGaSettings, tune } from 'tilefall/tuner';
 *
 * const boards = (seed: number) => {
 *   const generated = generate({ count: 4, seed });
 *   return generated.ok ? generated.value.map(formatBoard) : [];
 * };
 * const runner = createTaskRunner(2); // worker threads; 0 runs every solve in this thread
 * const result = await tune({
 *   game: tuningGame,
 *   train: boards(1),
 *   validate: boards(2),
 *   settings: defaultGaSettings(20, 10, 7), // population, generations, seed
 *   nodes: 20_000, // the node budget of every solve
 *   runner,
 * });
 * await runner.close();
 * if (result.ok) console.log(result.value.weights, result.value.validation.difference);
 * ```
 */
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
    ...(options.batch === undefined ? {} : { batch: options.batch }),
    ...(game.config === undefined ? {} : { config: game.config }),
    ...(game.program === undefined ? {} : { program: game.program.fingerprint }),
    ...(options.race === undefined ? {} : { race: options.race.confidence }),
    optimizer: options.optimizer ?? 'ga',
    ...(options.games === undefined ? {} : { games: options.games }),
  };
  const runOptions: RunOptions = { ...options, key: runKey(run) };

  let state: TunerState;
  if (checkpoint?.resume) {
    const resumed = readCheckpoint(checkpoint.file, run);
    if (!resumed.ok) return resumed;
    state = resumed.value;
  } else {
    state = startOptimizer(run.optimizer, game.spec, settings, start);
  }

  while (!isFinished(state, settings)) {
    const sample = trainingSample(runOptions, state.generation);
    if (!withinBudget(runOptions, state, sample)) break;
    progress?.startGeneration(state.generation, state.population.length * sample.instances.length);
    const onDone = () => progress?.evaluationDone();
    const scored =
      options.race === undefined
        ? await meanScores(runOptions, state.population, [sample], onDone)
        : await racedScores(runOptions, state.population, sample, options.race, onDone);
    state = withScored(nextGeneration(game.spec, settings, state, scored.means), scored);
    const last = state.history[state.history.length - 1];
    progress?.endGeneration(last.best, last.mean, { played: scored.games, saved: scored.gamesSaved });
    if (checkpoint) {
      const written = writeCheckpoint(checkpoint.file, run, state);
      if (!written.ok) return err(written.error);
    }
    options.afterGeneration?.(state.generation);
  }
  progress?.stop();

  const final = await chooseFinal(runOptions, state, start);
  const tuned = final.finalists[0].genome;
  const validated = await validate(runOptions, tuned, start);
  const finalSample: FinalSample = options.select === undefined ? 'training-fresh-seeds' : 'selection-instances';
  return ok({
    weights: weightsFromGenome(game.spec, tuned),
    history: state.history,
    finalists: final.finalists,
    finalSample,
    validation: validated.report,
    failures: runFailures(runOptions, state, final, validated.failures),
    games: runGames(runOptions, state, final.games),
  });
}

/** The failed games of a whole run, measurement by measurement, and their totals over every game it played. */
function runFailures(
  options: RunOptions,
  state: TunerState,
  final: { failures: readonly GenomeFailures[]; games: number },
  validation: readonly FailureRecord[],
): TuneResult['failures'] {
  const records: FailureRecord[] = [
    ...state.history.flatMap((h) => (h.failures ?? []).map((f) => ({ where: `generation ${h.generation + 1}`, ...f }))),
    ...final.failures.map((f) => ({ where: 'final choice', ...f })),
    ...validation,
  ];
  return { records, totals: failureTotals(records, runGames(options, state, final.games).played) };
}

/** The games a whole run played (its generations, the final choice, validation's two sides) and those racing saved. */
function runGames(options: RunOptions, state: TunerState, finalGames: number): TuneResult['games'] {
  const saved = state.history.reduce((n, h) => n + (h.gamesSaved ?? 0), 0);
  return { played: generationGames(options, state) + finalGames + 2 * options.validate.length, saved };
}

/** The games the finished generations played. */
function generationGames(options: RunOptions, state: TunerState): number {
  return state.history.reduce(
    (n, h) => n + (h.games ?? options.settings.population * trainingSample(options, h.generation).instances.length),
    0,
  );
}

/** Whether the next generation, every genome playing every game of `sample`, fits in the run's game budget. */
function withinBudget(options: RunOptions, state: TunerState, sample: Sample): boolean {
  if (options.games === undefined) return true;
  return generationGames(options, state) + state.population.length * sample.instances.length <= options.games;
}

/**
 * `state` with what its last generation's scoring found in that generation's record: its failed
 * games (when any failed), the games it played and those racing saved (when it saved any).
 */
function withScored(state: TunerState, scored: Scored): TunerState {
  const last = state.history[state.history.length - 1];
  const recorded = {
    ...last,
    ...(scored.failures.length === 0 ? {} : { failures: scored.failures }),
    games: scored.games,
    ...(scored.gamesSaved > 0 ? { gamesSaved: scored.gamesSaved } : {}),
  };
  return { ...state, history: [...state.history.slice(0, -1), recorded] };
}

async function validate(
  options: RunOptions,
  tuned: Genome,
  start: Genome,
): Promise<{ report: ValidationReport; failures: FailureRecord[] }> {
  const { validate: instances, settings, runner } = options;
  // Validation seeds come from a generation number no training generation uses.
  const tasks = (genome: Genome): EvaluationTask[] =>
    instances.map((instance, b) => evaluation(options, instance, genome, instanceSeed(settings.seed, -2, b)));
  const [tunedRun, startRun]: Evaluation[][] = await Promise.all([runner.run(tasks(tuned)), runner.run(tasks(start))]);
  const tunedScores = tunedRun.map(scoreOf);
  const startScores = startRun.map(scoreOf);
  const failed = (side: string, genome: Genome, run: readonly Evaluation[]) =>
    genomeFailures([genome], run, instances.length).map((f) => ({ where: `validation: ${side}`, ...f }));
  return {
    report: {
      instances: instances.length,
      tuned: estimate(tunedScores),
      start: estimate(startScores),
      difference: pairedDifference(tunedScores, startScores),
      tunedScores,
      startScores,
    },
    failures: [...failed('tuned', tuned, tunedRun), ...failed('start', start, startRun)],
  };
}

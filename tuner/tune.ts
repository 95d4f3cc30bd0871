/**
 * A whole tuning run: evolve the game's weights on the training instances at a fixed node
 * budget (deterministic) with the chosen optimizer, checkpoint after every generation, then
 * compare the tuned weights with the start weights on held-out validation instances.
 */

import { createRandom } from '../lib/core/random.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { type Estimate, estimate, pairedDifference } from '../lib/core/statistics.js';
import { type Evaluation, failureOf, scoreOf } from '../lib/core/tuning-game.js';
import { checkCheckpointFolder, type RunIdentity, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import type { EvaluationTask } from './evaluate-task.js';
import {
  type FailureRecord,
  type FailureTotals,
  failureTotals,
  firstFailureOf,
  type GenomeFailures,
  genomeFailures,
  reportedFailure,
} from './failures.js';
import { type GenerationRecord, isFinished } from './ga.js';
import { type Genome, genomeFromWeights, weightsFromGenome } from './genome.js';
import {
  FIRST_GAMES_WATCHED,
  type FirstGamesWatch,
  firstGamesWatch,
  watchedIndices,
  watchGames,
} from './never-plays.js';
import { nextGeneration, proposals, startOptimizer, type TunerState } from './optimizer.js';
import type { RunPlan } from './progress.js';
import { type RaceSettings, racedFitness, raceStages, stillRacing } from './racing.js';
import { type LabeledTask, runTasks } from './run-tasks.js';
import {
  type EvaluationError,
  fileError,
  type ProgramCannotStartError,
  type ProgramNeverPlaysError,
  type TuneError,
} from './tune-error.js';
import { checkTuneOptions, DEFAULT_FINAL_CHOICE, type FinalChoice, type TuneOptions } from './tune-options.js';

export type { FinalChoice, TuneOptions };
export { DEFAULT_FINAL_CHOICE };

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

/** What a tuning run produced: the tuned weights, named as the game names them, and how they were found. */
export interface TuneResult<N extends string = string> {
  readonly weights: Record<N, number>;
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

/** Instances, each with the seed it is solved with and where it is in the options: one measurement of a genome. */
interface Sample {
  readonly instances: readonly string[];
  readonly seeds: readonly number[];
  /** `options.train[3]`, for a message about the instance. */
  readonly labels: readonly string[];
}

/** The instances of `set` at `indices`, with their seeds. */
function sampleOf(
  options: RunOptions,
  set: 'train' | 'select' | 'validate',
  indices: readonly number[],
  seedOf: (index: number) => number,
): Sample {
  const instances = options[set] ?? [];
  return {
    instances: indices.map((b) => instances[b]),
    seeds: indices.map(seedOf),
    labels: indices.map((b) => `options.${set}[${b}]`),
  };
}

/** Every index of an instance set. */
const allIndices = (instances: readonly string[]): number[] => instances.map((_, b) => b);

/** Generation `generation`'s training instances, with that generation's seeds. */
function trainingSample(options: RunOptions, generation: number): Sample {
  const { train, batch, settings } = options;
  const indices = generationInstances(train.length, batch, settings.seed, generation);
  return sampleOf(options, 'train', indices, (b) => instanceSeed(settings.seed, generation, b));
}

/** The final choice's `repeat`-th sample: the selection instances, or all training instances with fresh seeds. */
function finalChoiceSample(options: RunOptions, repeat: number): Sample {
  const { select, settings } = options;
  if (select === undefined) {
    // Generation numbers past the last give seed sets no generation used.
    const generation = settings.generations + repeat;
    return sampleOf(options, 'train', allIndices(options.train), (b) => instanceSeed(settings.seed, generation, b));
  }
  // Negative generation numbers below validation's -2 are the selection's own seed sets.
  return sampleOf(options, 'select', allIndices(select), (b) => instanceSeed(settings.seed, -3 - repeat, b));
}

/** The evaluation task of `genome` on instance `k` of `sample`. */
function evaluation(options: RunOptions, sample: Sample, k: number, genome: Genome): LabeledTask {
  const { game, nodes, key } = options;
  const task: EvaluationTask = {
    module: game.module,
    instance: sample.instances[k],
    weights: weightsFromGenome(game.spec, genome),
    nodes,
    seed: sample.seeds[k],
    run: key,
    ...(game.config === undefined ? {} : { config: game.config }),
    ...(game.program === undefined ? {} : { program: game.program }),
  };
  return { task, where: sample.labels[k] };
}

/** Why a batch of games stops the run: an evaluation that failed, or a program that never plays or cannot start. */
type BatchError = EvaluationError | ProgramNeverPlaysError | ProgramCannotStartError;

/**
 * A batch of the run's games. While the run's first games are `watch`ed (never-plays.ts), the
 * ones the watch takes from this batch are played before the rest, and the run stops when all the
 * watched games failed or the program cannot be started. Results are the same either way: only
 * when the games are started differs.
 */
async function runBatch(
  options: RunOptions,
  tasks: readonly LabeledTask[],
  onDone: ((evaluation?: Evaluation) => void) | undefined,
  watch: FirstGamesWatch | undefined,
): Promise<Result<Evaluation[], BatchError>> {
  if (watch === undefined || !watch.open) {
    const ran = await runTasks(options.runner, tasks, onDone);
    if (ran.ok) showLastFailure(options, ran.value);
    return ran;
  }
  const program = options.game.program?.argv[0] ?? options.game.name;
  const picked = watchedIndices(tasks.length, FIRST_GAMES_WATCHED - watch.evaluations.length);
  const head = picked.map((i) => tasks[i]);
  const first = await runTasks(options.runner, head, onDone);
  if (!first.ok) return first;
  showLastFailure(options, first.value);
  const stopped = watchGames(watch, head, first.value, program);
  if (stopped !== undefined) return err(stopped);
  if (head.length === tasks.length) return first;
  const taken = new Set(picked);
  const others = tasks.map((_, i) => i).filter((i) => !taken.has(i));
  const rest = await runTasks(
    options.runner,
    others.map((i) => tasks[i]),
    onDone,
  );
  if (!rest.ok) return rest;
  showLastFailure(options, rest.value);
  // Back in the batch's order, whatever order the games were started in.
  const all: Evaluation[] = new Array(tasks.length);
  picked.forEach((i, j) => {
    all[i] = first.value[j];
  });
  others.forEach((i, j) => {
    all[i] = rest.value[j];
  });
  return ok(all);
}

/** Tells the progress display of the last failed game of a batch, for runners that do not say which game finished. */
function showLastFailure(options: RunOptions, evaluations: readonly Evaluation[]): void {
  for (let i = evaluations.length - 1; i >= 0; i--) {
    const kind = failureOf(evaluations[i]);
    if (kind === undefined) continue;
    options.progress?.gameFailed?.(firstFailureOf(evaluations[i], kind));
    return;
  }
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
  onDone?: (evaluation?: Evaluation) => void,
  watch?: FirstGamesWatch,
): Promise<Result<Scored, BatchError>> {
  const perGenome = samples.reduce((n, s) => n + s.instances.length, 0);
  const tasks = genomes.flatMap((genome) =>
    samples.flatMap((sample) => sample.instances.map((_, k) => evaluation(options, sample, k, genome))),
  );
  const ran = await runBatch(options, tasks, onDone, watch);
  if (!ran.ok) return ran;
  const evaluations = ran.value;
  const scores = evaluations.map(scoreOf);
  return ok({
    means: genomes.map(
      (_, g) => scores.slice(g * perGenome, (g + 1) * perGenome).reduce((s, v) => s + v, 0) / perGenome,
    ),
    failures: genomeFailures(genomes, evaluations, perGenome),
    games: tasks.length,
    gamesSaved: 0,
  });
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
  onDone?: (evaluation?: Evaluation) => void,
  watch?: FirstGamesWatch,
): Promise<Result<Scored, BatchError>> {
  const count = sample.instances.length;
  const played: Evaluation[][] = genomes.map(() => []);
  const scores: number[][] = genomes.map(() => []);
  let racing = genomes.map(() => true);
  let from = 0;
  for (const to of raceStages(count)) {
    const playing = genomes.map((_, g) => g).filter((g) => racing[g]);
    const tasks = playing.flatMap((g) =>
      sample.instances.slice(from, to).map((_, k) => evaluation(options, sample, from + k, genomes[g])),
    );
    const ran = await runBatch(options, tasks, onDone, watch);
    if (!ran.ok) return ran;
    const results = ran.value;
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
  return ok({
    means: racedFitness(means, racing),
    failures: genomes.flatMap((genome, g) => genomeFailures([genome], played[g], played[g].length)),
    games,
    gamesSaved: genomes.length * count - games,
  });
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
): Promise<Result<{ finalists: FinalCandidate[]; failures: GenomeFailures[]; games: number }, BatchError>> {
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
  const games = pool.length * samples.reduce((n, s) => n + s.instances.length, 0);
  options.progress?.startPhase?.('final choice', games);
  const scored = await meanScores(
    options,
    pool.map((p) => p.genome),
    samples,
    () => options.progress?.evaluationDone(),
  );
  if (!scored.ok) return scored;
  const { means, failures } = scored.value;
  const finalists = pool.map((p, i) => ({ ...p, mean: means[i] })).sort((a, b) => b.mean - a.mean);
  return ok({ finalists, failures, games });
}

/**
 * Runs (or resumes) a tuning: evolve, choose the final weights, validate them.
 *
 * Every option is checked before any game is played, and a refusal is a value: an
 * `invalid-option`, `invalid-budget`, `invalid-instance` or `invalid-weights` error naming the
 * field (`options.train[3]`, `options.settings.population`; ranges in `TUNE_LIMITS`); a
 * `file-error` for a checkpoint that cannot be resumed or whose folder cannot be written; an
 * `evaluation-failed` error when a game's score throws or is not a finite number, or the runner
 * fails (the last checkpoint written is kept); a `program-never-plays` error when the first games
 * the run scores all fail (its first `FIRST_GAMES_WATCHED` in task order, or every game of its
 * first batch), with the kind and the first failed game's detail; a `program-cannot-start` error
 * when a game finds that the program cannot be started. What `progress` or `afterGeneration` throw is
 * thrown on, as theirs.
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
 * if (!runner.ok) throw new Error(runner.error.message);
 * const result = await tune({
 *   game: tuningGame,
 *   train: boards(1),
 *   validate: boards(2),
 *   settings: defaultGaSettings(20, 10, 7), // population, generations, seed
 *   nodes: 20_000, // the node budget of every solve
 *   runner: runner.value,
 * });
 * await runner.value.close();
 * if (result.ok) console.log(result.value.weights, result.value.validation.difference);
 * else console.error(result.error.code, result.error.message); // e.g. invalid-instance options.train[3]: …
 * ```
 */
export async function tune<N extends string>(options: TuneOptions<N>): Promise<Result<TuneResult<N>, TuneError>> {
  const checked = checkTuneOptions(options);
  if (!checked.ok) return checked;
  const { game, settings, checkpoint } = checked.value;
  const start = genomeFromWeights(game.spec, checked.value.start ?? game.defaults);
  const run = runIdentity(checked.value, start);
  const runOptions: RunOptions = { ...checked.value, key: runKey(run) };

  let state: TunerState;
  if (checkpoint?.resume) {
    const resumed = readCheckpoint(checkpoint.file, run);
    if (!resumed.ok) return err(fileError(resumed.error));
    state = resumed.value;
  } else {
    state = startOptimizer(run.optimizer, game.spec, settings, start);
  }
  // Checked before any game, so that a run never plays a generation it cannot save.
  const writable = checkpoint === undefined ? ok(undefined) : checkCheckpointFolder(checkpoint.file);
  if (!writable.ok) return err(fileError(writable.error));

  try {
    const evolved = await evolve(runOptions, run, state, start);
    if (!evolved.ok) return evolved;
    return (await finish(runOptions, evolved.value, start)) as Result<TuneResult<N>, TuneError>;
  } finally {
    runOptions.progress?.stop();
  }
}

/** What a checkpoint must match to be resumed: the run's settings, data and start. */
function runIdentity(options: TuneOptions, start: Genome): RunIdentity {
  const { game, settings } = options;
  return {
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
}

/**
 * The generations from `state` on, each scored, bred and checkpointed, until the last or the game
 * budget; a fresh run's first generation also scores the start on its instances (the plot's start line).
 */
async function evolve(
  options: RunOptions,
  run: RunIdentity,
  from: TunerState,
  start: Genome,
): Promise<Result<TunerState, TuneError>> {
  const { game, settings, checkpoint, progress } = options;
  let state = from;
  const scoresStart = state.history.length === 0;
  progress?.plan?.(runPlan(options, state, scoresStart));
  // The first games this run scores (the start's, then generation 0's, or the generation it resumes
  // at) are watched: a program that fails all of them stops the run.
  const watch = firstGamesWatch();
  while (!isFinished(state, settings)) {
    const sample = trainingSample(options, state.generation);
    if (!withinBudget(options, state, sample)) break;
    const first = scoresStart && state.history.length === 0;
    const startGames = first ? sample.instances.length : 0;
    progress?.startGeneration(state.generation, state.population.length * sample.instances.length + startGames);
    const onDone = (done?: unknown) => {
      progress?.evaluationDone();
      const failure = reportedFailure(done);
      if (failure !== undefined) progress?.gameFailed?.(failure);
    };
    const startScored = first ? await meanScores(options, [start], [sample], onDone, watch) : undefined;
    if (startScored !== undefined && !startScored.ok) return startScored;
    const scored =
      options.race === undefined
        ? await meanScores(options, state.population, [sample], onDone, watch)
        : await racedScores(options, state.population, sample, options.race, onDone, watch);
    if (!scored.ok) return scored;
    state = withScored(
      nextGeneration(game.spec, settings, state, scored.value.means),
      scored.value,
      startScored?.value,
    );
    const last = state.history[state.history.length - 1];
    progress?.endGeneration(last.best, last.mean, { played: scored.value.games, saved: scored.value.gamesSaved });
    if (checkpoint) {
      const written = writeCheckpoint(checkpoint.file, run, state, options.runner.runId);
      if (!written.ok) return err(fileError(written.error));
    }
    await options.afterGeneration?.(state.generation, state.history);
  }
  return ok(state);
}

/** The work a run has before it, in games, for a progress display's ETA over the whole run. */
function runPlan(options: RunOptions, state: TunerState, scoresStart: boolean): RunPlan {
  const { settings, finalChoice, validate } = options;
  const sample = trainingSample(options, state.generation);
  const { candidates, repeats } = finalChoice ?? DEFAULT_FINAL_CHOICE;
  const perSample = Array.from({ length: repeats }, (_, r) => finalChoiceSample(options, r).instances.length);
  return {
    generations: settings.generations,
    from: state.generation,
    before: {
      played: generationGames(options, state) + startGamesOf(state),
      saved: state.history.reduce((n, h) => n + (h.gamesSaved ?? 0), 0),
    },
    perGeneration: state.population.length * sample.instances.length,
    startGames: scoresStart ? sample.instances.length : 0,
    ...(options.games === undefined ? {} : { budget: options.games }),
    raced: options.race !== undefined,
    finalGames: candidates * perSample.reduce((n, s) => n + s, 0),
    validationGames: 2 * validate.length,
  };
}

/** The games that scored the start, in a run's first generation record. */
function startGamesOf(state: TunerState): number {
  return state.history[0]?.start?.games ?? 0;
}

/** The final choice and validation of an evolved run, and the whole run's result. */
async function finish(options: RunOptions, state: TunerState, start: Genome): Promise<Result<TuneResult, TuneError>> {
  const final = await chooseFinal(options, state, start);
  if (!final.ok) return final;
  const tuned = final.value.finalists[0].genome;
  const validated = await validate(options, tuned, start);
  if (!validated.ok) return validated;
  const finalSample: FinalSample = options.select === undefined ? 'training-fresh-seeds' : 'selection-instances';
  return ok({
    weights: weightsFromGenome(options.game.spec, tuned),
    history: state.history,
    finalists: final.value.finalists,
    finalSample,
    validation: validated.value.report,
    failures: runFailures(options, state, final.value, validated.value.failures),
    games: runGames(options, state, final.value.games),
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
    ...(state.history[0]?.start?.failures ?? []).map((f) => ({ where: 'start', ...f })),
    ...state.history.flatMap((h) => (h.failures ?? []).map((f) => ({ where: `generation ${h.generation + 1}`, ...f }))),
    ...final.failures.map((f) => ({ where: 'final choice', ...f })),
    ...validation,
  ];
  return { records, totals: failureTotals(records, runGames(options, state, final.games).played) };
}

/** The games a whole run played (its generations, the final choice, validation's two sides) and those racing saved. */
function runGames(options: RunOptions, state: TunerState, finalGames: number): TuneResult['games'] {
  const saved = state.history.reduce((n, h) => n + (h.gamesSaved ?? 0), 0);
  return {
    played: startGamesOf(state) + generationGames(options, state) + finalGames + 2 * options.validate.length,
    saved,
  };
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
 * games (when any failed), the games it played and those racing saved (when it saved any), and
 * the start's score when it was scored with it.
 */
function withScored(state: TunerState, scored: Scored, start?: Scored): TunerState {
  const last = state.history[state.history.length - 1];
  const recorded: GenerationRecord = {
    ...last,
    ...(scored.failures.length === 0 ? {} : { failures: scored.failures }),
    games: scored.games,
    ...(scored.gamesSaved > 0 ? { gamesSaved: scored.gamesSaved } : {}),
    ...(start === undefined
      ? {}
      : {
          start: {
            score: start.means[0],
            games: start.games,
            ...(start.failures.length === 0 ? {} : { failures: start.failures }),
          },
        }),
  };
  return { ...state, history: [...state.history.slice(0, -1), recorded] };
}

/** The tuned and the start genome on the held-out instances, side by side, and the games they failed. */
async function validate(
  options: RunOptions,
  tuned: Genome,
  start: Genome,
): Promise<Result<{ report: ValidationReport; failures: FailureRecord[] }, EvaluationError>> {
  const { validate: instances, settings, runner } = options;
  // Validation seeds come from a generation number no training generation uses.
  const sample = sampleOf(options, 'validate', allIndices(instances), (b) => instanceSeed(settings.seed, -2, b));
  const tasks = (genome: Genome) => instances.map((_, k) => evaluation(options, sample, k, genome));
  options.progress?.startPhase?.('held-out check', 2 * instances.length);
  const onDone = () => options.progress?.evaluationDone();
  const [tunedRun, startRun] = await Promise.all([
    runTasks(runner, tasks(tuned), onDone),
    runTasks(runner, tasks(start), onDone),
  ]);
  if (!tunedRun.ok) return tunedRun;
  if (!startRun.ok) return startRun;
  const tunedScores = tunedRun.value.map(scoreOf);
  const startScores = startRun.value.map(scoreOf);
  const failed = (side: string, genome: Genome, run: readonly Evaluation[]) =>
    genomeFailures([genome], run, instances.length).map((f) => ({ where: `validation: ${side}`, ...f }));
  return ok({
    report: {
      instances: instances.length,
      tuned: estimate(tunedScores),
      start: estimate(startScores),
      difference: pairedDifference(tunedScores, startScores),
      tunedScores,
      startScores,
    },
    failures: [...failed('tuned', tuned, tunedRun.value), ...failed('start', start, startRun.value)],
  });
}

/**
 * What a tuning run is given, and the check `tune` makes of all of it before any game is played:
 * every option within its documented range (`TUNE_LIMITS`), the game consistent, every instance
 * one the game reads, the start weights complete and finite. A refusal names the first wrong field.
 */
import {
  type ArgumentError,
  checkChoice,
  checkFiniteNumber,
  checkOptions,
  checkWholeNumber,
  isPlainObject,
  refuse,
  SEED_RANGE,
} from '../lib/core/argument-error.js';
import { BUDGET_LIMITS } from '../lib/core/budget.js';
import { ok, type Result } from '../lib/core/result.js';
import type { TuningGame } from '../lib/core/tuning-game.js';
import { readMethods } from './bound-methods.js';
import type { GaSettings, GenerationRecord } from './ga.js';
import { checkInstances, checkTuningGame, checkWeights } from './game-check.js';
import { OPTIMIZERS, type OptimizerName } from './optimizer.js';
import type { TaskRunner } from './pool.js';
import type { TuneProgress } from './progress.js';
import type { RaceSettings } from './racing.js';
import type { TuneArgumentCode } from './tune-error.js';

/**
 * A tuning run: the game, its data, GA settings, budget, runner and checkpointing. `N` names the
 * game's weights, so start weights of another game are a type error, not a run.
 */
export interface TuneOptions<N extends string = string> {
  readonly game: TuningGame<N>;
  /** Training instances: at least one, each one the game reads (`game.splitInstances`). */
  readonly train: readonly string[];
  /** Held-out instances the tuned weights are compared with the start on: at least one. */
  readonly validate: readonly string[];
  /**
   * Instances the final choice is measured on, never trained on (default: the training
   * instances with fresh seeds, which favors genomes fitted to those instances).
   */
  readonly select?: readonly string[];
  /**
   * Training instances a generation is scored on, drawn afresh each generation (default: all),
   * from 1 to the number of training instances. A large training set then costs no more a
   * generation, and an elite must do well on several draws to survive, which makes fitting to
   * particular instances harder.
   */
  readonly batch?: number;
  /** Population, generations and seed (the GA's other settings are the GA's alone); see {@link TUNE_LIMITS}. */
  readonly settings: GaSettings;
  /**
   * The optimizer that breeds each generation, one of `OPTIMIZERS`. Default `'ga'`, the genetic
   * algorithm, so a call written for 0.5.0 gives the same weights; the command line's default is
   * `'cmaes'`, which needed fewer games (docs/tuning.md, "Which optimizer").
   */
  readonly optimizer?: OptimizerName;
  /**
   * A budget of training games: a generation starts only when all its games fit in what is left,
   * so the generations never play more (default: no budget, `settings.generations` generations).
   * The final choice and validation are not counted in it. A budget below one generation's games
   * runs no generation: the start is then validated against itself.
   */
  readonly games?: number;
  /** Node budget of every solve: a whole number within `TUNE_LIMITS.nodes`. */
  readonly nodes: number;
  readonly runner: TaskRunner;
  /**
   * Weights the run starts from and is compared against (default: the game's defaults): a finite
   * number for each of the game's weights, nothing else. A weight outside its bounds is played as
   * given; the search stays within the bounds.
   */
  readonly start?: Readonly<Record<N, number>>;
  /**
   * A checkpoint after every generation; its folder must be writable, which `tune` checks before
   * any game. `resume: false` starts afresh and replaces a file already there, as asked: the
   * command line is what refuses another run's checkpoint without `--resume` or `--force`.
   */
  readonly checkpoint?: { readonly file: string; readonly resume: boolean };
  /** Told of each generation; what it throws ends the run with that throw. */
  readonly progress?: TuneProgress;
  /**
   * Called with the generations finished and the run's generation records so far, after each
   * one's checkpoint is written, and awaited when it returns a promise (the CLI redraws its plot
   * there; tests interrupt a run: what it throws ends the run with that throw).
   */
  readonly afterGeneration?: (finished: number, history: readonly GenerationRecord[]) => void | Promise<void>;
  readonly finalChoice?: FinalChoice;
  /**
   * Race each generation (`racing.ts`): a genome clearly behind the generation's leader plays no
   * more of its games. Absent: every genome plays every game.
   */
  readonly race?: RaceSettings;
}

/** How the final choice is made: how many candidates, each measured on how many seed sets. */
export interface FinalChoice {
  readonly candidates: number;
  readonly repeats: number;
}

/** Six finalists, each on two fresh seed sets. */
export const DEFAULT_FINAL_CHOICE: FinalChoice = { candidates: 6, repeats: 2 };

/**
 * The ranges `tune` accepts, inclusive: beyond them a value is a slip (a run of 10^9 genomes is
 * never meant). CMA-ES needs a population of 2 at least; elites are at most the population; a
 * race's confidence and the initial sigma must be above 0.
 */
export const TUNE_LIMITS: {
  readonly population: readonly [number, number];
  readonly generations: readonly [number, number];
  readonly nodes: readonly [number, number];
  readonly tournament: readonly [number, number];
  readonly mutationRate: readonly [number, number];
  readonly initialSigma: readonly [number, number];
  readonly games: readonly [number, number];
  readonly finalChoice: readonly [number, number];
  readonly raceConfidence: readonly [number, number];
} = {
  population: [1, 10_000],
  generations: [1, 100_000],
  nodes: [1, BUDGET_LIMITS.nodes],
  tournament: [1, 1000],
  mutationRate: [0, 1],
  initialSigma: [0, 1],
  games: [0, Number.MAX_SAFE_INTEGER],
  finalChoice: [1, 1000],
  raceConfidence: [0, 100],
};

type Checked<T> = Result<T, ArgumentError<TuneArgumentCode>>;

const OPTION_KEYS: readonly (keyof TuneOptions)[] = [
  'game',
  'train',
  'validate',
  'select',
  'batch',
  'settings',
  'optimizer',
  'games',
  'nodes',
  'runner',
  'start',
  'checkpoint',
  'progress',
  'afterGeneration',
  'finalChoice',
  'race',
];

/**
 * `options` as a run's options, or a refusal naming the first wrong field (`options.settings.population`):
 * a copy of what was checked, each option read once, which the run works on.
 */
export function checkTuneOptions(options: unknown): Checked<TuneOptions> {
  const fields = checkOptions('invalid-option', 'options', options, OPTION_KEYS);
  if (!fields.ok) return fields;
  const value = { ...fields.value };
  const game = checkTuningGame(value.game);
  if (!game.ok) return game;
  const nodes = checkWholeNumber('invalid-budget', 'options.nodes', value.nodes, TUNE_LIMITS.nodes);
  if (!nodes.ok) return nodes;
  const optimizer =
    value.optimizer === undefined
      ? ok('ga' as const)
      : checkChoice('invalid-option', 'options.optimizer', value.optimizer, OPTIMIZERS);
  if (!optimizer.ok) return optimizer;
  const settings = checkGaSettings(value.settings, optimizer.value);
  if (!settings.ok) return settings;
  const parts = checkRunParts(value);
  if (!parts.ok) return parts;
  const data = checkRunData(game.value, value);
  if (!data.ok) return data;
  return ok({
    game: game.value,
    nodes: nodes.value,
    ...(value.optimizer === undefined ? {} : { optimizer: optimizer.value }),
    settings: settings.value,
    ...parts.value,
    ...data.value,
  });
}

/** The GA's settings, within {@link TUNE_LIMITS}, for `optimizer`. */
export function checkGaSettings(value: unknown, optimizer: OptimizerName): Checked<GaSettings> {
  const field = 'options.settings';
  const keys: readonly (keyof GaSettings)[] = [
    'population',
    'generations',
    'seed',
    'elites',
    'tournament',
    'mutationRate',
    'initialSigma',
  ];
  const fields = checkOptions('invalid-option', field, value, keys);
  if (!fields.ok) return fields;
  const s = fields.value;
  const least = optimizer === 'cmaes' ? 2 : TUNE_LIMITS.population[0];
  const population = checkWholeNumber('invalid-option', `${field}.population`, s.population, [
    least,
    TUNE_LIMITS.population[1],
  ]);
  if (!population.ok) return population;
  const checks = [
    checkWholeNumber('invalid-option', `${field}.generations`, s.generations, TUNE_LIMITS.generations),
    checkWholeNumber('invalid-option', `${field}.seed`, s.seed, SEED_RANGE),
    checkWholeNumber('invalid-option', `${field}.elites`, s.elites, [0, population.value]),
    checkWholeNumber('invalid-option', `${field}.tournament`, s.tournament, TUNE_LIMITS.tournament),
    checkFiniteNumber('invalid-option', `${field}.mutationRate`, s.mutationRate, TUNE_LIMITS.mutationRate),
    checkPositive(`${field}.initialSigma`, s.initialSigma, TUNE_LIMITS.initialSigma),
  ];
  const refused = checks.find((check) => !check.ok);
  if (refused !== undefined && !refused.ok) return refused;
  const [generations, seed, elites, tournament, mutationRate, initialSigma] = checks.map((c) => (c.ok ? c.value : 0));
  return ok({ population: population.value, generations, seed, elites, tournament, mutationRate, initialSigma });
}

/** A finite number in `range` above 0. */
function checkPositive(field: string, value: unknown, range: readonly [number, number]): Checked<number> {
  const checked = checkFiniteNumber('invalid-option', field, value, range);
  if (checked.ok && checked.value === 0) return refuse('invalid-option', field, `above 0, at most ${range[1]}`, value);
  return checked;
}

/** The options {@link checkRunParts} checks, as a run takes them. */
type RunParts = Pick<
  TuneOptions,
  'games' | 'runner' | 'checkpoint' | 'progress' | 'afterGeneration' | 'finalChoice' | 'race'
>;

/** The names of a {@link TuneProgress}'s methods, those it must have and those it may. */
const PROGRESS_METHODS = [
  'plan',
  'startGeneration',
  'evaluationDone',
  'endGeneration',
  'startPhase',
  'stop',
  'gameFailed',
  'line',
];

/** The options of a run beside its game, data and settings: its budget, runner, checkpoint, callbacks, final choice, race. */
function checkRunParts(value: Readonly<Record<string, unknown>>): Checked<RunParts> {
  const { games, checkpoint, afterGeneration, finalChoice, race } = value;
  const runner = readMethods(value.runner, ['run', 'close', 'runId']);
  const progress = readMethods(value.progress, PROGRESS_METHODS);
  if (games !== undefined) {
    const checked = checkWholeNumber('invalid-option', 'options.games', games, TUNE_LIMITS.games);
    if (!checked.ok) return checked;
  }
  if (!hasMethods(runner, ['run', 'close']))
    return refuse('invalid-option', 'options.runner', 'a TaskRunner (run and close)', runner);
  if (progress !== undefined && !hasMethods(progress, ['startGeneration', 'evaluationDone', 'endGeneration', 'stop']))
    return refuse('invalid-option', 'options.progress', 'a TuneProgress', progress);
  // Its optional methods, when given, must be methods too: tune calls them.
  for (const name of ['plan', 'startPhase', 'gameFailed', 'line'] as const)
    if (
      progress !== undefined &&
      (progress as Record<string, unknown>)[name] !== undefined &&
      !hasMethods(progress, [name])
    )
      return refuse(
        'invalid-option',
        `options.progress.${name}`,
        'a function',
        (progress as Record<string, unknown>)[name],
      );
  if (afterGeneration !== undefined && typeof afterGeneration !== 'function')
    return refuse('invalid-option', 'options.afterGeneration', 'a function', afterGeneration);
  const saved = checkCheckpointOption(checkpoint);
  if (!saved.ok) return saved;
  const choice = finalChoice === undefined ? ok(undefined) : checkFinalChoice(finalChoice);
  if (!choice.ok) return choice;
  let raced: RaceSettings | undefined;
  if (race !== undefined) {
    const fields = checkOptions('invalid-option', 'options.race', race, ['confidence']);
    if (!fields.ok) return fields;
    const confidence = checkPositive('options.race.confidence', fields.value.confidence, TUNE_LIMITS.raceConfidence);
    if (!confidence.ok) return confidence;
    raced = { confidence: confidence.value };
  }
  return ok({
    ...(games === undefined ? {} : { games: games as number }),
    runner: runner as TaskRunner,
    ...(saved.value === undefined ? {} : { checkpoint: saved.value }),
    ...(progress === undefined ? {} : { progress: progress as TuneProgress }),
    ...(afterGeneration === undefined ? {} : { afterGeneration: afterGeneration as RunParts['afterGeneration'] }),
    ...(choice.value === undefined ? {} : { finalChoice: choice.value }),
    ...(raced === undefined ? {} : { race: raced }),
  });
}

/** `{ candidates, repeats }`, each a whole number within {@link TUNE_LIMITS}. */
function checkFinalChoice(value: unknown): Checked<FinalChoice> {
  const fields = checkOptions('invalid-option', 'options.finalChoice', value, ['candidates', 'repeats']);
  if (!fields.ok) return fields;
  const read: Record<string, number> = {};
  for (const key of ['candidates', 'repeats'] as const) {
    const field = `options.finalChoice.${key}`;
    const checked = checkWholeNumber('invalid-option', field, fields.value[key], TUNE_LIMITS.finalChoice);
    if (!checked.ok) return checked;
    read[key] = checked.value;
  }
  return ok({ candidates: read.candidates, repeats: read.repeats });
}

/** True for an object whose `names` are all functions. */
const hasMethods = (value: unknown, names: readonly string[]): boolean =>
  isPlainObject(value) && names.every((name) => typeof value[name] === 'function');

/** `{ file, resume }`: a file name and whether to resume from it. */
function checkCheckpointOption(value: unknown): Checked<TuneOptions['checkpoint']> {
  if (value === undefined) return ok(undefined);
  const fields = checkOptions('invalid-option', 'options.checkpoint', value, ['file', 'resume']);
  if (!fields.ok) return fields;
  const { file, resume } = fields.value;
  if (typeof file !== 'string' || file === '' || file.includes('\0'))
    return refuse('invalid-option', 'options.checkpoint.file', "a file's path", file);
  if (typeof resume !== 'boolean')
    return refuse('invalid-option', 'options.checkpoint.resume', 'true or false', resume);
  return ok({ file, resume });
}

/** The run's instances, each read by the game, its batch within the training set, and its start weights. */
function checkRunData(
  game: TuningGame,
  value: Readonly<Record<string, unknown>>,
): Checked<Pick<TuneOptions, 'train' | 'validate' | 'select' | 'batch' | 'start'>> {
  const train = checkInstances(game, value.train, 'options.train');
  if (!train.ok) return train;
  const validate = checkInstances(game, value.validate, 'options.validate');
  if (!validate.ok) return validate;
  const select = value.select === undefined ? ok(undefined) : checkInstances(game, value.select, 'options.select');
  if (!select.ok) return select;
  const batch =
    value.batch === undefined
      ? ok(undefined)
      : checkWholeNumber('invalid-option', 'options.batch', value.batch, [1, train.value.length]);
  if (!batch.ok) return batch;
  const start = value.start === undefined ? ok(undefined) : checkWeights(value.start, game.spec, 'options.start');
  if (!start.ok) return start;
  return ok({
    train: train.value,
    validate: validate.value,
    ...(select.value === undefined ? {} : { select: select.value }),
    ...(batch.value === undefined ? {} : { batch: batch.value }),
    ...(start.value === undefined ? {} : { start: start.value }),
  });
}

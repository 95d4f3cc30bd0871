/**
 * What a game gives the tuner: its weights (names, bounds, defaults) and a score for one instance
 * at a node budget and seed. The tuner knows nothing else about the game.
 *
 * A game may also be built at run time from plain data (a user's bot: its limits and parameters):
 * such a game carries its `config`, and its module exports `tuningGameFrom`, which worker threads
 * and queue workers call to build the same game again. A program the game runs is never part of
 * that data: each machine is given its own, and the tuner only compares their fingerprints.
 */

import type { Result } from './result.js';

/**
 * A game as the tuner sees it, its weights named by `N` (any string for a game built at run time).
 * `tune` checks every field of it before any game is played.
 */
export interface TuningGame<N extends string = string> {
  readonly name: string;
  /**
   * URL of a module that exports this game as `tuningGame` (usually `import.meta.url` of the
   * module that defines it), or, for a game with a `config`, a {@link ConfiguredTuningGameModule}:
   * worker threads import it to score instances.
   */
  readonly module: string;
  readonly spec: GenomeSpec<N>;
  /** A finite number for every name of `spec`: the weights a run starts from when given none. */
  readonly defaults: Readonly<Record<N, number>>;
  /**
   * Splits a dataset file into instance texts (e.g. boards separated by blank lines). `tune` also
   * checks each instance it is given with it: an instance is one the game reads when it splits
   * into exactly one instance.
   */
  splitInstances(text: string): Result<string[], { line: number; message: string }>;
  /**
   * The score on one instance with these weights: a number, a pure function of its arguments (a
   * solver at a node budget), or a promise of a {@link GameScore} (a program judged on the clock,
   * which may fail).
   */
  score(
    instance: string,
    weights: Readonly<Record<N, number>>,
    nodes: number,
    seed: number,
  ): number | Promise<GameScore>;
  /** The plain JSON data the game was built from at run time (none for a game a module exports as it is). */
  readonly config?: GameConfig;
  /** The program the game runs, given on this machine's command line (never sent to another). */
  readonly program?: TuningProgram;
}

/** A game module for the worker threads: `import(game.module).tuningGame`. */
export interface TuningGameModule {
  readonly tuningGame: TuningGame;
}

/** A module of games built at run time: `import(game.module).tuningGameFrom(game.config, program)`. */
export interface ConfiguredTuningGameModule {
  /** The game `config` describes, running `program`; throws on a config it cannot read. */
  tuningGameFrom(config: GameConfig, program?: TuningProgram): TuningGame;
}

/** Run-time settings of a game: plain JSON data, the same on every machine of a run. */
export type GameConfig = Readonly<Record<string, unknown>>;

/** A program a game runs (a user's bot), as this machine's command line gave it. */
export interface TuningProgram {
  /** The command line as given. */
  readonly command: string;
  /** The command split into the program and its arguments. */
  readonly argv: readonly string[];
  /**
   * A hash of the command and of the program's version or bytes: a job queue carries this, never
   * the command, and a worker whose program's fingerprint differs refuses the job.
   */
  readonly fingerprint: string;
}

/** Why a judged game failed: too slow, crashed, an illegal action or invalid output, or over the memory limit. */
export type FailureKind = 'timeout' | 'crash' | 'invalid' | 'memory';

/** Every {@link FailureKind}, in the order reports list them. */
export const FAILURE_KINDS: readonly FailureKind[] = ['timeout', 'crash', 'invalid', 'memory'];

/**
 * A game's seed as a program gets it (`TILEFALL_SEED`) and as messages show it: an integer from 0
 * to 2^32 - 1. The tuner derives seeds as signed 32-bit integers; this is the same bits unsigned.
 */
export const shownSeed = (seed: number): number => seed >>> 0;

/** A game's score on one instance, and its failure when it failed (a failed game scores 0). */
export interface GameScore {
  readonly score: number;
  readonly failure?: FailureKind;
  /**
   * What a failed game showed, in one line a terminal can print (control characters escaped): the
   * exit code or signal, the last line of stderr, or the referee's message.
   */
  readonly detail?: string;
  /** Why the program could not be started at all (not found, not executable), when it could not. */
  readonly unstartable?: string;
}

/** One evaluation's outcome: a plain score, or a {@link GameScore}. */
export type Evaluation = number | GameScore;

/** The score of an evaluation. */
export const scoreOf = (evaluation: Evaluation): number =>
  typeof evaluation === 'number' ? evaluation : evaluation.score;

/** The failure of an evaluation, if it failed. */
export const failureOf = (evaluation: Evaluation): FailureKind | undefined =>
  typeof evaluation === 'number' ? undefined : evaluation.failure;

/** The detail of a failed evaluation (exit code, stderr line, referee's message), if it gave one. */
export const failureDetailOf = (evaluation: Evaluation): string | undefined =>
  typeof evaluation === 'number' || evaluation.failure === undefined || typeof evaluation.detail !== 'string'
    ? undefined
    : evaluation.detail;

/** The weights a game tunes: their names and, for each, the [min, max] the tuner searches. */
export interface GenomeSpec<N extends string = string> {
  /** At least one name, each once. */
  readonly names: readonly N[];
  /** [min, max] per name: finite, min at most max. */
  readonly bounds: readonly (readonly [number, number])[];
}

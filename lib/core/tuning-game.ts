/**
 * What a game gives the tuner: its weights (names, bounds, defaults) and a deterministic score
 * for one instance at a node budget and seed. The tuner knows nothing else about the game.
 */

import type { Result } from './result.js';

/** A game as the tuner sees it. */
export interface TuningGame {
  readonly name: string;
  /**
   * URL of a module that exports this game as `tuningGame` (usually `import.meta.url` of the
   * module that defines it): worker threads import it to score instances.
   */
  readonly module: string;
  readonly spec: GenomeSpec;
  readonly defaults: Readonly<Record<string, number>>;
  /** Splits a dataset file into instance texts (e.g. boards separated by blank lines). */
  splitInstances(text: string): Result<string[], { line: number; message: string }>;
  /** The solver's score on one instance with these weights: a pure function of its arguments. */
  score(instance: string, weights: Readonly<Record<string, number>>, nodes: number, seed: number): number;
}

/** A game module for the worker threads: `import(game.module).tuningGame`. */
export interface TuningGameModule {
  readonly tuningGame: TuningGame;
}

/** The weights a game tunes: their names and, for each, the [min, max] the tuner searches. */
export interface GenomeSpec {
  readonly names: readonly string[];
  /** [min, max] per name. */
  readonly bounds: readonly (readonly [number, number])[];
}

/**
 * The data the live view's page draws (`/state.json`): plain, JSON-ready types, in core so that
 * the page (lib/view) needs nothing of the tuner; tuner/dashboard-state.ts builds them.
 */

/**
 * Where a run stands: before its first generation, evolving, re-measuring its finalists and
 * checking them on the held-out instances, done, stopped by an error, or (read from a checkpoint,
 * which records no final choice) with every generation done.
 */
export type DashboardPhase =
  | 'starting'
  | 'generations'
  | 'final choice and held-out check'
  | 'finished'
  | 'stopped'
  | 'generations done';

/** One tuned parameter: its name, its bounds (when the run knows them) and the start's value. */
export interface DashboardParameter {
  readonly name: string;
  readonly bounds: readonly [number, number] | null;
  readonly start: number;
}

/** One finished generation, numbered from 1 as the progress line and the plot number them. */
export interface DashboardGeneration {
  readonly generation: number;
  readonly best: number;
  readonly mean: number;
  /** Games it played (0 in a checkpoint written before games were counted). */
  readonly games: number;
  /** Games racing did not play. */
  readonly gamesSaved: number;
  /** The generation's best genome, one value per parameter in {@link DashboardState.parameters} order. */
  readonly values: readonly number[];
}

/** One genome's failed games in one measurement, with the failure's own words when the record has them. */
export interface DashboardFailure {
  readonly where: string;
  readonly games: number;
  readonly failed: Readonly<Record<string, number>>;
  /** The first failed game's detail (exit code or signal, last stderr line, referee's message), when recorded. */
  readonly detail?: string;
}

/** The run as the page receives it from `/state.json`. */
export interface DashboardState {
  readonly format: 'tilefall-dashboard';
  readonly version: 1;
  readonly game: string;
  readonly optimizer: string;
  readonly phase: DashboardPhase;
  /** Nothing more will happen: the run ended (or, from a checkpoint, every generation is done). */
  readonly finished: boolean;
  /** Generations the run plans: all of them, or as many as its game budget holds unraced (racing may fit more). */
  readonly planned: number;
  readonly parameters: readonly DashboardParameter[];
  readonly generations: readonly DashboardGeneration[];
  /** The generation being scored now and its games done so far, while the run evolves. */
  readonly current: { readonly generation: number; readonly games: number; readonly done: number } | null;
  /** Games played so far (the current generation's included) and those racing did not play. */
  readonly games: { readonly played: number; readonly saved: number };
  /** The start's score on the training instances, once the run has measured it (the final choice). */
  readonly start: { readonly fitness: number | null; readonly where: string | null };
  /** Tuned and start means on the held-out instances and their paired difference, at the end. */
  readonly validation: {
    readonly instances: number;
    readonly tuned: number;
    readonly start: number;
    readonly difference: number;
    readonly standardError: number;
  } | null;
  readonly failures: readonly DashboardFailure[];
  /** The queue's workers that finished a job of the run (null for a run on this machine). */
  readonly workers: readonly string[] | null;
  /** Why the run stopped, when it stopped on an error. */
  readonly error: string | null;
}

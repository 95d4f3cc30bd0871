/** One fitness evaluation, run in a worker thread: a game module's score for one instance. */
import type {
  ConfiguredTuningGameModule,
  Evaluation,
  GameConfig,
  TuningGame,
  TuningGameModule,
  TuningProgram,
} from '../lib/core/tuning-game.js';

/** One solve to score: which game, instance, weights, budget and seed. */
export interface EvaluationTask {
  /** URL of a module exporting `tuningGame` (or `tuningGameFrom`, for a task with a `config`). */
  readonly module: string;
  readonly instance: string;
  readonly weights: Readonly<Record<string, number>>;
  readonly nodes: number;
  readonly seed: number;
  /** The tuning run this task belongs to (a short hash of the run's identity); a job queue keeps runs apart by it. */
  readonly run?: string;
  /** The game's run-time settings, when it is built from them (a bot: its limits and parameters). */
  readonly config?: GameConfig;
  /** The program the game runs: a local task carries it; a job queue never does. */
  readonly program?: TuningProgram;
}

const loaded = new Map<string, Promise<TuningGame>>();

/** The game of a task, built once per thread for each module, config and program. */
function gameOf(task: EvaluationTask): Promise<TuningGame> {
  const key =
    task.config === undefined ? task.module : JSON.stringify([task.module, task.config, task.program ?? null]);
  let game = loaded.get(key);
  if (game === undefined) {
    game =
      task.config === undefined
        ? (import(task.module) as Promise<TuningGameModule>).then((m) => m.tuningGame)
        : (import(task.module) as Promise<ConfiguredTuningGameModule>).then((m) =>
            m.tuningGameFrom(task.config as GameConfig, task.program),
          );
    loaded.set(key, game);
  }
  return game;
}

/** Scores one task (in a worker thread or in this one): a number, or a game's score and failure. */
export async function evaluateTask(task: EvaluationTask): Promise<Evaluation> {
  return (await gameOf(task)).score(task.instance, task.weights, task.nodes, task.seed);
}

/** One fitness evaluation, run in a worker thread: a game module's score for one instance. */
import type { TuningGameModule } from '../lib/core/tuning-game.js';

/** One solve to score: which game, instance, weights, budget and seed. */
export interface EvaluationTask {
  /** URL of a module exporting `tuningGame`. */
  readonly module: string;
  readonly instance: string;
  readonly weights: Readonly<Record<string, number>>;
  readonly nodes: number;
  readonly seed: number;
  /** The tuning run this task belongs to (a short hash of the run's identity); a job queue keeps runs apart by it. */
  readonly run?: string;
}

const loaded = new Map<string, Promise<TuningGameModule>>();

/** Scores one task (in a worker thread or in this one). */
export async function evaluateTask(task: EvaluationTask): Promise<number> {
  let game = loaded.get(task.module);
  if (game === undefined) {
    game = import(task.module) as Promise<TuningGameModule>;
    loaded.set(task.module, game);
  }
  return (await game).tuningGame.score(task.instance, task.weights, task.nodes, task.seed);
}

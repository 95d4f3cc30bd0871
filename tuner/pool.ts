/**
 * Fitness evaluations on worker threads (piscina). Results come back in task order, so the
 * tuner's outcome does not depend on how many workers ran them or in which order they finished.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Evaluation } from '../lib/core/tuning-game.js';
import { type EvaluationTask, evaluateTask } from './evaluate-task.js';

/** Runs evaluation tasks, on worker threads or in this thread. */
export interface TaskRunner {
  /**
   * Scores of the tasks, in task order (a number each, or a score with its failure for a game
   * that can fail); `onDone` is called after each one finishes.
   */
  run(tasks: readonly EvaluationTask[], onDone?: () => void): Promise<Evaluation[]>;
  /** Stops the worker threads; the runner takes no tasks after it. */
  close(): Promise<void>;
}

/** The default worker count: the cores this process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** A runner on `workers` threads; 0 runs every task in this thread (for tests and tiny runs). */
export function createTaskRunner(workers: number): TaskRunner {
  if (workers === 0) {
    return {
      async run(tasks, onDone) {
        const scores: Evaluation[] = [];
        for (const task of tasks) {
          scores.push(await evaluateTask(task));
          onDone?.();
        }
        return scores;
      },
      async close() {},
    };
  }
  const pool = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: workers,
    maxThreads: workers,
  });
  return {
    run: (tasks, onDone) =>
      Promise.all(
        tasks.map((task) =>
          (pool.run(task) as Promise<Evaluation>).then((score) => {
            onDone?.();
            return score;
          }),
        ),
      ),
    close: () => pool.destroy(),
  };
}

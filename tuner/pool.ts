/**
 * Fitness evaluations on worker threads (piscina). Results come back in task order, so the
 * tuner's outcome does not depend on how many workers ran them or in which order they finished.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { type ArgumentError, checkWholeNumber } from '../lib/core/argument-error.js';
import { ok, type Result } from '../lib/core/result.js';
import { type Evaluation, shownSeed } from '../lib/core/tuning-game.js';
import { type EvaluationTask, evaluateTask } from './evaluate-task.js';
import { thrownMessage } from './tune-error.js';

/** Runs evaluation tasks, on worker threads or in this thread. */
export interface TaskRunner {
  /**
   * Scores of the tasks, in task order (a number each, or a score with its failure for a game
   * that can fail); `onDone` is called after each one finishes, with its evaluation when the
   * runner has it at hand (a job queue may call it without).
   */
  run(tasks: readonly EvaluationTask[], onDone?: (evaluation?: Evaluation) => void): Promise<Evaluation[]>;
  /** Stops the worker threads; the runner takes no tasks after it. */
  close(): Promise<void>;
  /** The run id of a runner that keys its work by one (a job queue's): a checkpoint keeps it for `--resume`. */
  readonly runId?: string;
}

/** The default worker count: the cores this process may use. */
export const defaultWorkers = (): number => availableParallelism();

/** The most worker threads a runner starts: far more than any machine's cores, fewer than a slip's 10^6. */
export const MAX_WORKERS = 256;

/**
 * A runner on `workers` threads, a whole number from 0 to {@link MAX_WORKERS}; 0 runs every task
 * in this thread (for tests and tiny runs). Another count is refused (`invalid-option`). A task
 * whose game throws rejects the batch with the task's seed and what the game threw.
 *
 * @example
 * ```ts
 * import { createTaskRunner } from 'tilefall/tuner';
 *
 * const runner = createTaskRunner(2);
 * if (!runner.ok) throw new Error(runner.error.message);
 * await runner.value.close();
 * ```
 */
export function createTaskRunner(workers: number): Result<TaskRunner, ArgumentError<'invalid-option'>> {
  const count = checkWholeNumber('invalid-option', 'workers', workers, [0, MAX_WORKERS]);
  if (!count.ok) return count;
  if (count.value === 0) {
    return ok({
      async run(tasks, onDone) {
        const scores: Evaluation[] = [];
        for (const task of tasks) {
          const score = await evaluateTask(task).catch((thrown: unknown) => gameThrew(task, thrown));
          scores.push(score);
          onDone?.(score);
        }
        return scores;
      },
      async close() {},
    });
  }
  const pool = new Piscina({
    filename: new URL('./worker.mjs', import.meta.url).href,
    minThreads: count.value,
    maxThreads: count.value,
  });
  return ok({
    run: (tasks, onDone) =>
      Promise.all(
        tasks.map((task) =>
          (pool.run(task) as Promise<Evaluation>).then(
            (score) => {
              onDone?.(score);
              return score;
            },
            (thrown: unknown) => gameThrew(task, thrown),
          ),
        ),
      ),
    close: () => pool.destroy(),
  });
}

/** Rejects with what a task's game threw, and the task's seed, in one line. */
function gameThrew(task: EvaluationTask, thrown: unknown): never {
  throw new Error(`a game's evaluation threw (seed ${shownSeed(task.seed)}): ${thrownMessage(thrown)}`);
}

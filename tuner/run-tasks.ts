/**
 * A batch of a run's evaluations on its runner, answered as a value: what the runner or a game
 * throws, an answer of the wrong length, or a score that is not a finite number ends the run with
 * an `evaluation-failed` error naming the instance, never with a throw or a NaN in the result.
 */
import { describeValue, isPlainObject } from '../lib/core/argument-error.js';
import { err, ok, type Result } from '../lib/core/result.js';
import { type Evaluation, FAILURE_KINDS, shownSeed } from '../lib/core/tuning-game.js';
import type { EvaluationTask } from './evaluate-task.js';
import type { TaskRunner } from './pool.js';
import { type EvaluationError, thrownMessage } from './tune-error.js';

/** A task and where its instance is, for a message: `options.train[3]`. */
export interface LabeledTask {
  readonly task: EvaluationTask;
  readonly where: string;
}

/** The tasks' evaluations, in order, each checked: a finite score, and a known failure if any. */
export async function runTasks(
  runner: TaskRunner,
  tasks: readonly LabeledTask[],
  onDone?: (evaluation?: Evaluation) => void,
): Promise<Result<Evaluation[], EvaluationError>> {
  let evaluations: unknown;
  try {
    evaluations = await runner.run(
      tasks.map((t) => t.task),
      onDone,
    );
  } catch (thrown) {
    return err({ code: 'evaluation-failed', message: thrownMessage(thrown) });
  }
  if (!Array.isArray(evaluations) || evaluations.length !== tasks.length)
    return err({
      code: 'evaluation-failed',
      message: `the runner answered ${describeValue(evaluations)} for ${tasks.length} evaluations`,
    });
  for (let i = 0; i < tasks.length; i++) {
    const problem = evaluationProblem(evaluations[i]);
    if (problem !== undefined)
      return err({
        code: 'evaluation-failed',
        message: `the evaluation of ${tasks[i].where} (seed ${shownSeed(tasks[i].task.seed)}) ${problem}`,
      });
  }
  return ok(evaluations as Evaluation[]);
}

/**
 * The largest score, either side of 0, a game may give: far beyond any game's points, and small
 * enough that the sums and squares of a run's statistics stay finite numbers.
 */
export const MAX_SCORE = 1e15;

/** What is wrong with an evaluation, if anything: a score that is not a finite number within {@link MAX_SCORE}, an unknown failure. */
function evaluationProblem(evaluation: unknown): string | undefined {
  const score = isPlainObject(evaluation) ? evaluation.score : evaluation;
  if (typeof score !== 'number' || !(Math.abs(score) <= MAX_SCORE))
    return `scored ${describeValue(score)}, not a finite number from -${MAX_SCORE} to ${MAX_SCORE}`;
  if (!isPlainObject(evaluation) || evaluation.failure === undefined) return undefined;
  const { failure } = evaluation;
  return typeof failure === 'string' && (FAILURE_KINDS as readonly string[]).includes(failure)
    ? undefined
    : `failed with ${describeValue(failure)}, not one of ${FAILURE_KINDS.join(', ')}`;
}

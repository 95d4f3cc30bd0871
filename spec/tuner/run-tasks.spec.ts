import { describe, expect, it } from 'vitest';
import type { EvaluationTask } from '../../tuner/evaluate-task.js';
import type { TaskRunner } from '../../tuner/pool.js';
import { type LabeledTask, MAX_SCORE, runTasks } from '../../tuner/run-tasks.js';
import { tuningGame as toy } from '../support/toy-game.js';

const task = (seed: number): LabeledTask => ({
  task: { module: toy.module, instance: '1', weights: toy.defaults, nodes: 10, seed },
  where: `options.train[${seed}]`,
});

/** A runner that answers `answer` to every batch. */
const answering = (answer: (tasks: readonly EvaluationTask[]) => unknown): TaskRunner => ({
  run: async (tasks) => answer(tasks) as never,
  close: async () => {},
});

describe('runTasks', () => {
  it("should pass the runner's evaluations on, in order, plain scores and failed games alike", async () => {
    const evaluations = [3, { score: 0, failure: 'crash' as const }, { score: -2.5 }];
    expect(
      await runTasks(
        answering(() => evaluations),
        [task(0), task(1), task(2)],
      ),
    ).toEqual({
      ok: true,
      value: evaluations,
    });
  });

  it('should answer what the runner throws as an evaluation error, on one line', async () => {
    const failing: TaskRunner = {
      run: () => {
        throw new Error('a worker failed job 7\n  at somewhere');
      },
      close: async () => {},
    };
    expect(await runTasks(failing, [task(0)])).toEqual({
      ok: false,
      error: { code: 'evaluation-failed', message: 'a worker failed job 7 at somewhere' },
    });
  });

  it('should refuse an answer of the wrong length, a score that is not a finite number in range, an unknown failure', async () => {
    const message = async (answer: unknown) => {
      const ran = await runTasks(
        answering(() => answer),
        [task(0), task(1)],
      );
      return ran.ok ? undefined : ran.error.message;
    };
    expect(await message([1])).toBe('the runner answered an array of 1 for 2 evaluations');
    expect(await message('12')).toBe('the runner answered "12" for 2 evaluations');
    expect(await message([1, Number.NaN])).toBe(
      `the evaluation of options.train[1] (seed 1) scored NaN, not a finite number from -${MAX_SCORE} to ${MAX_SCORE}`,
    );
    expect(await message([{ score: 2 * MAX_SCORE }, 1])).toMatch(
      /^the evaluation of options\.train\[0\] \(seed 0\) scored 2000000000000000/,
    );
    expect(await message([1, { score: 0, failure: 'lost' }])).toBe(
      'the evaluation of options.train[1] (seed 1) failed with "lost", not one of timeout, crash, invalid, memory',
    );
  });
});

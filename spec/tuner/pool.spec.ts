import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTaskRunner, MAX_WORKERS } from '../../tuner/pool.js';
import { tuningGameFrom as failingToy } from '../support/failing-toy-game.js';
import { expectSoundResult, hostileValue } from '../support/hostile-values.js';
import { tuningGame as toy } from '../support/toy-game.js';

const task = { module: toy.module, instance: '2', weights: toy.defaults, nodes: 10, seed: 3 };

describe('createTaskRunner', () => {
  it('should run tasks in this thread and on worker threads alike, in task order', async () => {
    const expected = [1, 2, 3].map((seed) => toy.score('2', toy.defaults, 10, seed));
    for (const workers of [0, 2]) {
      const runner = createTaskRunner(workers);
      if (!runner.ok) throw new Error(runner.error.message);
      try {
        expect(await runner.value.run([1, 2, 3].map((seed) => ({ ...task, seed })))).toEqual(expected);
      } finally {
        await runner.value.close();
      }
    }
  });

  it("should reject a batch whose game throws with the task's seed and the game's message, on one line", async () => {
    const runner = createTaskRunner(0);
    if (!runner.ok) throw new Error(runner.error.message);
    const throwing = {
      ...task,
      module: failingToy({ crashAbove: 9, throwAbove: -10 }).module,
      config: { crashAbove: 9, throwAbove: -10 },
    };
    await expect(runner.value.run([throwing])).rejects.toThrow(
      "a game's evaluation threw (seed 3): the toy broke at line 2",
    );
  });

  it('should refuse any count of workers but a whole number from 0 to its most, starting nothing', () => {
    fc.assert(
      fc.property(hostileValue, (workers) => {
        fc.pre(!(typeof workers === 'number' && Number.isInteger(workers) && workers >= 0 && workers <= MAX_WORKERS));
        const runner = createTaskRunner(workers as number);
        expectSoundResult(runner);
        expect(runner.ok).toBe(false);
      }),
    );
    expect(createTaskRunner(MAX_WORKERS + 1)).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'workers' },
    });
  });
});

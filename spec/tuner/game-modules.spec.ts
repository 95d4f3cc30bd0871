// The tuner's workers import a game module by URL and use its `tuningGame`: both games must
// provide one that scores an instance deterministically.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLUMNS_TUNING_MODULE_URL } from '../../lib/columns/tuning.js';
import { TUNING_MODULE_URL } from '../../lib/samegame/tuning.js';
import { evaluateTask } from '../../tuner/evaluate-task.js';
import type { TuningGameModule } from '../../tuner/game.js';
import { REPO_DIR } from '../support/cli.js';

describe.each([
  ['samegame', TUNING_MODULE_URL, 'datasets/samegame/train.txt'],
  ['columns', COLUMNS_TUNING_MODULE_URL, 'datasets/columns/train.txt'],
])('the %s tuning module', (name, url, dataset) => {
  it('should export a tuningGame whose score a worker task reproduces', async () => {
    const { tuningGame } = (await import(url)) as TuningGameModule;
    expect(tuningGame.name).toBe(name);
    expect(tuningGame.spec.names).toHaveLength(tuningGame.spec.bounds.length);
    const instances = tuningGame.splitInstances(readFileSync(`${REPO_DIR}${dataset}`, 'utf8'));
    expect(instances.ok).toBe(true);
    if (!instances.ok) return;
    const task = { module: url, instance: instances.value[0], weights: tuningGame.defaults, nodes: 3000, seed: 4 };
    const score = await evaluateTask(task);
    expect(score).toBeGreaterThan(0);
    expect(await evaluateTask(task)).toBe(score);
  }, 60_000);
});

// The tuner's workers import a game module by URL and use its `tuningGame`: both games must
// provide one that scores an instance deterministically.

import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tuningGame as columnsGame } from '../../lib/columns/search/tuning.js';
import type { Result } from '../../lib/core/result.js';
import type { TuningGameModule } from '../../lib/core/tuning-game.js';
import { tuningGame as samegameGame } from '../../lib/samegame/search/tuning.js';
import { evaluateTask } from '../../tuner/evaluate-task.js';
import { hostileValue } from '../support/hostile-values.js';
import { REPO_DIR } from '../support/repo.js';

describe.each([
  ['samegame', samegameGame.module, 'datasets/samegame/train.txt'],
  ['columns', columnsGame.module, 'datasets/columns/train.txt'],
])('the %s tuning module', (name, url, dataset) => {
  it('should export a tuningGame whose score a worker task reproduces', async () => {
    const { tuningGame } = (await import(url)) as TuningGameModule;
    expect(tuningGame.name).toBe(name);
    expect(tuningGame.spec.names).toHaveLength(tuningGame.spec.bounds.length);
    const instances = tuningGame.splitInstances(readFileSync(`${REPO_DIR}${dataset}`, 'utf8'));
    if (!instances.ok) throw new Error(instances.error.message);
    const task = { module: url, instance: instances.value[0], weights: tuningGame.defaults, nodes: 3000, seed: 4 };
    const score = await evaluateTask(task);
    expect(score).toBeGreaterThan(0);
    expect(await evaluateTask(task)).toBe(score);
  }, 60_000);
});

describe.each([
  ['samegame', samegameGame],
  ['columns', columnsGame],
])('the %s tuningGame.splitInstances', (_name, game) => {
  it('should answer a text that is not a string with a refusal of line 0 (issue 81: Columns threw a TypeError)', () => {
    fc.assert(
      fc.property(
        hostileValue.filter((value) => typeof value !== 'string'),
        (value) => {
          const split = game.splitInstances(value as string);
          expect(split).toMatchObject({ ok: false, error: { code: 'invalid-option', line: 0 } });
          expect(!split.ok && split.error.message).toMatch(/^text must be a string, found [^\n]+$/);
        },
      ),
    );
  });

  it('should refuse a text that is no dataset with a code a caller can switch on, and its line', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const split = game.splitInstances(text) as Result<string[], { code?: unknown; line: unknown }>;
        if (!split.ok) expect([typeof split.error.code, typeof split.error.line]).toEqual(['string', 'number']);
      }),
    );
  });
});

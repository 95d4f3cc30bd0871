import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGaSettings } from '../../tuner/ga.js';
import { checkGaSettings, checkTuneOptions, TUNE_LIMITS } from '../../tuner/tune-options.js';
import { expectSoundResult, hostileValue, nearMissNumber } from '../support/hostile-values.js';
import { toyOptions } from '../support/toy-tune.js';

/** The field a check refuses, or undefined when it accepts. */
const refusedField = (checked: { ok: boolean; error?: { field: string } }) =>
  checked.ok ? undefined : checked.error?.field;

describe('checkTuneOptions', () => {
  it("should accept the toy run's options as they are, as a copy", () => {
    const options = toyOptions(0);
    const checked = checkTuneOptions(options);
    if (!checked.ok) throw new Error(checked.error.message);
    const { game, runner, ...data } = checked.value;
    const { game: givenGame, runner: _runner, ...given } = options;
    expect(data).toEqual(given);
    expect(data.settings).not.toBe(given.settings);
    expect(game.spec).toEqual(givenGame.spec);
    expect([typeof runner.run, typeof runner.close]).toEqual(['function', 'function']);
  });

  it('should refuse a misspelt option, a batch beyond the training set and a race without a confidence', () => {
    expect(checkTuneOptions({ ...toyOptions(0), generation: 3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.generation' },
    });
    expect(refusedField(checkTuneOptions({ ...toyOptions(0), batch: 4 }))).toBe('options.batch');
    expect(refusedField(checkTuneOptions({ ...toyOptions(0), race: { confidence: 0 } }))).toBe(
      'options.race.confidence',
    );
    expect(refusedField(checkTuneOptions({ ...toyOptions(0), checkpoint: { file: 'x.ckpt' } }))).toBe(
      'options.checkpoint.resume',
    );
    expect(refusedField(checkTuneOptions({ ...toyOptions(0), runner: { run: () => [] } }))).toBe('options.runner');
    expect(refusedField(checkTuneOptions({ ...toyOptions(0), nodes: BigInt(10) }))).toBe('options.nodes');
  });

  it('should take a progress display with or without gameFailed, and refuse a gameFailed that is not a function', () => {
    const display = { startGeneration() {}, evaluationDone() {}, endGeneration() {}, stop() {} };
    expect(checkTuneOptions({ ...toyOptions(0), progress: display }).ok).toBe(true);
    expect(checkTuneOptions({ ...toyOptions(0), progress: { ...display, gameFailed() {} } }).ok).toBe(true);
    const refused = checkTuneOptions({ ...toyOptions(0), progress: { ...display, gameFailed: 3 } as never });
    expect(refusedField(refused)).toBe('options.progress.gameFailed');
  });
});

describe('checkGaSettings', () => {
  it('should refuse a population of 1 for CMA-ES only, more elites than genomes, and no mutation step', () => {
    expect(checkGaSettings(defaultGaSettings(1, 5, 1), 'ga').ok).toBe(true);
    expect(refusedField(checkGaSettings(defaultGaSettings(1, 5, 1), 'cmaes'))).toBe('options.settings.population');
    expect(refusedField(checkGaSettings({ ...defaultGaSettings(4, 5, 1), elites: 5 }, 'ga'))).toBe(
      'options.settings.elites',
    );
    expect(refusedField(checkGaSettings({ ...defaultGaSettings(4, 5, 1), initialSigma: 0 }, 'ga'))).toBe(
      'options.settings.initialSigma',
    );
    expect(refusedField(checkGaSettings({ ...defaultGaSettings(4, 5, 1), mutationRate: 1.5 }, 'ga'))).toBe(
      'options.settings.mutationRate',
    );
  });
});

describe('defaultGaSettings', () => {
  it('should give settings tune takes exactly when the population, generations and seed are in range', () => {
    const anyNumber = fc.oneof(hostileValue, nearMissNumber, fc.integer({ min: -5, max: 200_000 }));
    fc.assert(
      fc.property(anyNumber, anyNumber, anyNumber, (population, generations, seed) => {
        const settings = defaultGaSettings(population as number, generations as number, seed as number);
        const checked = checkGaSettings(settings, 'ga');
        expectSoundResult(checked);
        const whole = (value: unknown, [min, max]: readonly [number, number]) =>
          typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
        const inRange =
          whole(population, TUNE_LIMITS.population) &&
          whole(generations, TUNE_LIMITS.generations) &&
          whole(seed, [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER]);
        expect(checked.ok).toBe(inRange);
      }),
    );
  });
});

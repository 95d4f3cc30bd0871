import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TuningGame } from '../../lib/core/tuning-game.js';
import { tuningGame as samegameGame } from '../../lib/samegame/search/tuning.js';
import { WEIGHT_NAMES } from '../../lib/samegame/search/weights.js';
import type { EvaluationTask } from '../../tuner/evaluate-task.js';
import { defaultGaSettings, type GaSettings } from '../../tuner/ga.js';
import { FIRST_GAMES_WATCHED } from '../../tuner/never-plays.js';
import type { TaskRunner } from '../../tuner/pool.js';
import { generationInstances, type TuneOptions, tune } from '../../tuner/tune.js';
import { runCli } from '../support/cli.js';
import { tuningGameFrom as failingToy } from '../support/failing-toy-game.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { REPO_DIR } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';
import { TOY_TARGET, tuningGame as toy } from '../support/toy-game.js';
import { runTune, specRunner, toyOptions } from '../support/toy-tune.js';
import { specTuneArgs } from '../support/tune-args.js';

const tmp = scratchDirectory('tilefall-tune-');

const TUNE_OPTION_KEYS: readonly (keyof TuneOptions)[] = [
  'game',
  'train',
  'validate',
  'select',
  'batch',
  'settings',
  'optimizer',
  'games',
  'nodes',
  'runner',
  'start',
  'checkpoint',
  'progress',
  'afterGeneration',
  'finalChoice',
  'race',
];
const SETTINGS_KEYS: readonly (keyof GaSettings)[] = [
  'population',
  'generations',
  'seed',
  'elites',
  'tournament',
  'mutationRate',
  'initialSigma',
];
const GAME_KEYS: readonly (keyof TuningGame)[] = [
  'name',
  'module',
  'spec',
  'defaults',
  'splitInstances',
  'score',
  'config',
  'program',
];

/**
 * A runner in this thread that also records every batch of tasks it is given. A run's first batch
 * comes in two (its first games are watched before the rest: never-plays.ts), recorded as one.
 */
function recordingRunner(): TaskRunner & { batches: EvaluationTask[][] } {
  const inner = specRunner(0);
  const batches: EvaluationTask[][] = [];
  let calls = 0;
  const run: TaskRunner['run'] = (tasks, onDone) => {
    calls++;
    if (calls === 2 && batches[0].length === FIRST_GAMES_WATCHED) batches[0].push(...tasks);
    else batches.push([...tasks]);
    return inner.run(tasks, onDone);
  };
  return { batches, run, close: inner.close };
}

describe('generationInstances', () => {
  it('should draw batch distinct indices in file order, or all of them when batch is absent or too large', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
        fc.integer(),
        fc.integer({ min: 0, max: 1000 }),
        (count, batch, seed, generation) => {
          const drawn = generationInstances(count, batch, seed, generation);
          expect(drawn).toHaveLength(batch === undefined ? count : Math.min(batch, count));
          for (let i = 0; i < drawn.length; i++) {
            expect(drawn[i]).toBeGreaterThanOrEqual(0);
            expect(drawn[i]).toBeLessThan(count);
            if (i > 0) expect(drawn[i]).toBeGreaterThan(drawn[i - 1]);
          }
        },
      ),
    );
  });

  it('should draw another subset each generation, and the same one again for the same seed and generation', () => {
    const draws = Array.from({ length: 10 }, (_, g) => generationInstances(240, 48, 7, g).join(','));
    expect(new Set(draws).size).toBe(10);
    expect(generationInstances(240, 48, 7, 3)).toEqual(generationInstances(240, 48, 7, 3));
    expect(generationInstances(240, 48, 8, 3)).not.toEqual(generationInstances(240, 48, 7, 3));
  });
});

describe('tune', () => {
  it('should improve a deliberately bad start on a toy fitness and say so on validation', async () => {
    const result = await runTune(toyOptions(0));
    const distance = (w: Record<string, number>) =>
      Object.entries(TOY_TARGET).reduce((s, [k, v]) => s + (w[k] - v) ** 2, 0);
    expect(distance(toy.defaults as Record<string, number>)).toBeGreaterThan(200);
    expect(distance(result.weights)).toBeLessThan(distance(toy.defaults as Record<string, number>) / 10);
    expect(result.validation.difference.mean).toBeGreaterThan(2 * result.validation.difference.standardError);
    expect(result.history).toHaveLength(12);
  });

  it("should keep the start when nothing beats it on fresh seeds (no winner's curse)", async () => {
    const result = await runTune(toyOptions(0, { start: TOY_TARGET, settings: defaultGaSettings(8, 4, 3) }));
    expect(result.weights).toEqual(TOY_TARGET);
    expect(result.finalists[0].origin).toBe('start');
    expect(result.validation.difference.mean).toBe(0);
  });

  it('should give exactly the same weights whatever the number of workers', async () => {
    const inThread = await runTune(toyOptions(0));
    const oneWorker = await runTune(toyOptions(1));
    const twoWorkers = await runTune(toyOptions(2));
    expect(oneWorker).toEqual(inThread);
    expect(twoWorkers).toEqual(inThread);
  });

  it('should end a resumed run with exactly the weights of an uninterrupted one', async () => {
    const uninterrupted = await runTune(toyOptions(0));
    const checkpoint = join(tmp, 'toy.ckpt');
    await expect(
      runTune(
        toyOptions(0, {
          checkpoint: { file: checkpoint, resume: false },
          afterGeneration: (finished) => {
            if (finished === 5) throw new Error('interrupted');
          },
        }),
      ),
    ).rejects.toThrow('interrupted');
    const resumed = await runTune(toyOptions(0, { checkpoint: { file: checkpoint, resume: true } }));
    expect(resumed).toEqual(uninterrupted);
  });

  it('should stop before a generation that would take the training games past the budget', () => {
    fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 150 }), fc.boolean(), async (games, race) => {
        // 10 genomes x 3 instances: 30 games a generation, 12 generations at most.
        const result = await runTune(toyOptions(0, { games, ...(race ? { race: { confidence: 2 } } : {}) }));
        const played = result.history.reduce((n, h) => n + (h.games ?? 0), 0);
        expect(played).toBeLessThanOrEqual(games);
        expect(result.history).toHaveLength(Math.floor(games / 30));
      }),
      { numRuns: 8 },
    );
  });

  it('should score every genome of a generation on the same batch of instances, drawn afresh each generation', async () => {
    const runner = recordingRunner();
    const train = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const settings = defaultGaSettings(4, 6, 5);
    await runTune(toyOptions(0, { runner, train, batch: 3, settings }));
    // The first batch scores the start alone, on generation 1's instances (the plot's start line).
    const [startTasks, ...rest] = runner.batches;
    const generations = rest.slice(0, settings.generations);
    expect(startTasks.map((t) => t.instance)).toEqual(generations[0].slice(0, 3).map((t) => t.instance));
    const subsets = generations.map((tasks) => {
      const perGenome = tasks.length / settings.population;
      expect(perGenome).toBe(3);
      const first = tasks.slice(0, perGenome).map((t) => t.instance);
      for (let g = 1; g < settings.population; g++)
        expect(tasks.slice(g * perGenome, (g + 1) * perGenome).map((t) => t.instance)).toEqual(first);
      return first.join(',');
    });
    expect(new Set(subsets).size).toBeGreaterThan(1);
    // The final choice (fresh seeds, no selection set) measures on every training instance.
    expect(new Set(runner.batches[settings.generations + 1].map((t) => t.instance))).toEqual(new Set(train));
  });

  it('should make the final choice on the selection instances only, when given', async () => {
    // On the instance -1 the toy's fitness is reversed: the start, far from the target, wins there.
    const runner = recordingRunner();
    const result = await runTune(toyOptions(0, { runner, select: ['-1'] }));
    expect(result.finalSample).toBe('selection-instances');
    expect(result.finalists[0].origin).toBe('start');
    // After the start's batch and the generations'.
    const finalTasks = runner.batches[defaultGaSettings(10, 12, 5).generations + 1];
    expect(new Set(finalTasks.map((t) => t.instance))).toEqual(new Set(['-1']));
    const without = await runTune(toyOptions(0));
    expect(without.finalSample).toBe('training-fresh-seeds');
    expect(without.finalists[0].origin).not.toBe('start');
  });

  it('should end a resumed batched run with exactly the weights of an uninterrupted one', async () => {
    const batched = (extra: Partial<TuneOptions>) =>
      toyOptions(0, { train: ['1', '2', '3', '4', '5', '6'], batch: 2, ...extra });
    const uninterrupted = await runTune(batched({}));
    const checkpoint = join(tmp, 'batched.ckpt');
    await expect(
      runTune(
        batched({
          checkpoint: { file: checkpoint, resume: false },
          afterGeneration: (finished) => {
            if (finished === 4) throw new Error('interrupted');
          },
        }),
      ),
    ).rejects.toThrow('interrupted');
    const other = await tune(batched({ checkpoint: { file: checkpoint, resume: true }, batch: 3 }));
    expect(other.ok).toBe(false);
    if (!other.ok) expect(other.error.message).toMatch(/different run \(batch differs/);
    const resumed = await runTune(batched({ checkpoint: { file: checkpoint, resume: true } }));
    expect(resumed).toEqual(uninterrupted);
  });

  it('should refuse to resume a checkpoint made by a different run', async () => {
    const checkpoint = join(tmp, 'other.ckpt');
    await runTune(
      toyOptions(0, { checkpoint: { file: checkpoint, resume: false }, settings: defaultGaSettings(10, 2, 5) }),
    );
    const saved = readFileSync(checkpoint, 'utf8');
    const result = await tune(
      toyOptions(0, { checkpoint: { file: checkpoint, resume: true }, settings: defaultGaSettings(10, 2, 6) }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.message).toMatch(/different run \(seed differs/);
    // The refused checkpoint is still the other run's, whole: nothing was written over it.
    expect(readFileSync(checkpoint, 'utf8')).toBe(saved);
  });
});

/** A runner in this thread that counts the evaluations it is given: a run's node budget, for the toy game. */
function countingRunner(): TaskRunner & { evaluations: number } {
  const inner = specRunner(0);
  const runner = {
    evaluations: 0,
    run: (tasks: readonly EvaluationTask[], onDone?: () => void) => {
      runner.evaluations += tasks.length;
      return inner.run(tasks, onDone);
    },
    close: inner.close,
  };
  return runner;
}

/** A toy run of 3 genomes x 2 generations on 2 instances within 12 training games, and a final choice of 2 on 1 seed set. */
const smallRun = (runner: TaskRunner, extra: Partial<TuneOptions> = {}): TuneOptions => ({
  ...toyOptions(0, { runner, train: ['1', '2'], validate: ['1', '2'], settings: defaultGaSettings(3, 2, 5) }),
  games: 12,
  finalChoice: { candidates: 2, repeats: 1 },
  ...extra,
});

describe('tune with values it cannot use', () => {
  it('should refuse what was seen accepted or hung, naming the field, before any game', async () => {
    const runner = countingRunner();
    const refusal = async (extra: Partial<TuneOptions>) => {
      const result = await tune(smallRun(runner, extra));
      expect(result.ok).toBe(false);
      return result.ok ? undefined : result.error;
    };
    expect(await refusal({ nodes: Number.NaN })).toMatchObject({ code: 'invalid-budget', field: 'options.nodes' });
    expect(await refusal({ settings: defaultGaSettings(0, 2, 5) })).toMatchObject({
      code: 'invalid-option',
      field: 'options.settings.population',
    });
    expect(await refusal({ settings: defaultGaSettings(3, -1, 5) })).toMatchObject({
      field: 'options.settings.generations',
    });
    expect(await refusal({ optimizer: 'sgd' as 'ga' })).toMatchObject({
      code: 'invalid-option',
      field: 'options.optimizer',
      message: 'options.optimizer must be one of "ga", "cmaes", found "sgd"',
    });
    expect(await refusal({ train: [] })).toMatchObject({ field: 'options.train' });
    expect(await refusal({ validate: [] })).toMatchObject({ field: 'options.validate' });
    expect(await refusal({ start: { a: 1, b: 2 } as typeof TOY_TARGET })).toMatchObject({
      code: 'invalid-weights',
      field: 'options.start.c',
    });
    expect(runner.evaluations).toBe(0);
  });

  it("should refuse a training board the game cannot read with its index and the game's reason", async () => {
    const good = samegameGame.splitInstances(readFileSync(join(REPO_DIR, 'datasets/samegame/demo-board.txt'), 'utf8'));
    if (!good.ok) throw new Error(good.error.message);
    const result = await tune({
      game: samegameGame,
      train: [good.value[0], good.value[0], '1 1\n1 x'],
      validate: good.value,
      settings: defaultGaSettings(2, 1, 1),
      nodes: 100,
      runner: specRunner(0),
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'invalid-instance',
        field: 'options.train[2]',
        message: 'options.train[2]: line 2: value #2 "x" is not an integer',
      },
    });
  });

  it('should refuse a checkpoint in a folder that does not exist, with a file error, before any game', async () => {
    const runner = countingRunner();
    const file = join(tmp, 'missing', 'run.ckpt');
    const result = await tune(smallRun(runner, { checkpoint: { file, resume: false } }));
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'file-error',
        file,
        message: `cannot be written: its folder ${join(tmp, 'missing')} does not exist`,
      },
    });
    expect(runner.evaluations).toBe(0);
  });

  it("should end the run with an evaluation error when the game's score throws or is not a number, in any thread", async () => {
    for (const workers of [0, 2]) {
      const thrown = await tune(toyOptions(workers, { game: failingToy({ crashAbove: 9, throwAbove: 2 }) }));
      expect(thrown.ok).toBe(false);
      if (!thrown.ok) {
        expect(thrown.error.code).toBe('evaluation-failed');
        expect(thrown.error.message).toMatch(/^a game's evaluation threw \(seed -?\d+\): the toy broke at line 2$/);
      }
      const nan = await tune(toyOptions(workers, { game: failingToy({ crashAbove: 9, nanAbove: 2 }) }));
      expect(nan.ok).toBe(false);
      if (!nan.ok)
        expect(nan.error.message).toMatch(
          /^the evaluation of options\.train\[[0-2]\] \(seed -?\d+\) scored NaN, not a finite number/,
        );
    }
  });

  it('should answer any value in any option with a result or a refusal, within a bounded number of games', async () => {
    const runner = countingRunner();
    const good = smallRun(runner);
    const notAPath = hostileValue.filter((value) => typeof value !== 'string');
    const instances = fc.array(fc.oneof(fc.constantFrom('1', '2'), hostileValue), { maxLength: 3 });
    const within = <K extends keyof TuneOptions>(key: K, inner: fc.Arbitrary<unknown>) =>
      inner.map((value) => ({ ...good, [key]: value }));
    const options: fc.Arbitrary<unknown> = fc.oneof(
      hostileValue,
      ...TUNE_OPTION_KEYS.filter((key) => key !== 'checkpoint').map((key) => spoiled(good, key)),
      within('settings', fc.oneof(...SETTINGS_KEYS.map((key) => spoiled(good.settings, key)))),
      within('game', fc.oneof(...GAME_KEYS.map((key) => spoiled(toy, key)))),
      within(
        'game',
        spoiled(toy.spec, 'names').map((spec) => ({ ...toy, spec })),
      ),
      within(
        'game',
        spoiled(toy.spec, 'bounds').map((spec) => ({ ...toy, spec })),
      ),
      within(
        'game',
        spoiled(toy.defaults as typeof TOY_TARGET, 'b').map((defaults) => ({ ...toy, defaults })),
      ),
      within('start', fc.oneof(...(['a', 'b', 'c'] as const).map((key) => spoiled(TOY_TARGET, key)))),
      within(
        'finalChoice',
        fc.oneof(
          spoiled({ candidates: 2, repeats: 1 }, 'candidates'),
          spoiled({ candidates: 2, repeats: 1 }, 'repeats'),
        ),
      ),
      within('race', spoiled({ confidence: 2 }, 'confidence')),
      within('checkpoint', fc.record({ file: notAPath, resume: fc.boolean() })),
      within('checkpoint', fc.record({ file: fc.constant(join(tmp, 'hostile.ckpt')), resume: hostileValue })),
      within('train', instances),
      within('validate', instances),
      within('select', instances),
    );
    await fc.assert(
      fc.asyncProperty(options, async (hostile) => {
        runner.evaluations = 0;
        const result = await tune(hostile as TuneOptions);
        expectSoundResult(result);
        // The most a valid value can ask of this run: 6 finalists on 1,000 seed sets of 3 instances.
        expect(runner.evaluations).toBeLessThanOrEqual(20_000);
      }),
    );
  });
});

describe('tune with a game that can fail', () => {
  // The toy's target has a = 3: genomes that go past a = 2 crash, so the run meets failures.
  const failing = (workers: number, extra: Partial<TuneOptions> = {}) =>
    toyOptions(workers, { game: failingToy({ crashAbove: 2 }), start: { a: 0, b: 9, c: -9 }, ...extra });

  it('should count each failed game once, by the genome and the measurement it failed in, scored 0', async () => {
    const result = await runTune(failing(0));
    const { records, totals } = result.failures;
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.genome[0]).toBeGreaterThan(2);
      expect(record.failed).toEqual({ crash: record.games });
    }
    expect(totals.byKind.crash).toBe(records.reduce((n, r) => n + r.games, 0));
    // The start on generation 1's 3 instances, 12 generations of 10 genomes on 3, the final
    // choice's candidates on 2 seed sets of 3, and both sides of validation on 4.
    expect(totals.games).toBe(3 + 12 * 10 * 3 + result.finalists.length * 2 * 3 + 2 * 4);
    expect(result.history[0].start?.games).toBe(3);
    // A genome that failed every game scored 0: never a generation's best.
    for (const h of result.history) for (const f of h.failures ?? []) expect(f.genome).not.toEqual(h.bestGenome);
    expect(result.weights.a).toBeLessThanOrEqual(2);
  });

  it('should give the same result, failures included, with 0 and 2 workers and after a resume', async () => {
    const inThread = await runTune(failing(0));
    expect(await runTune(failing(2))).toEqual(inThread);
    const checkpoint = join(tmp, 'failing.ckpt');
    await expect(
      runTune(
        failing(0, {
          checkpoint: { file: checkpoint, resume: false },
          afterGeneration: (finished) => {
            if (finished === 5) throw new Error('interrupted');
          },
        }),
      ),
    ).rejects.toThrow('interrupted');
    expect(await runTune(failing(0, { checkpoint: { file: checkpoint, resume: true } }))).toEqual(inThread);
  });
});

describe('tilefall samegame tune', () => {
  it('should survive kill -9 and, resumed, write byte-identical weights', async () => {
    const train = join(tmp, 'train.txt');
    const validate = join(tmp, 'validate.txt');
    expect(runCli(['samegame', 'generate', '--count', '3', '--seed', '101', '--out', train]).status).toBe(0);
    expect(runCli(['samegame', 'generate', '--count', '2', '--seed', '102', '--out', validate]).status).toBe(0);
    const args = (out: string, checkpoint: string) =>
      specTuneArgs(
        { train, validate, out, population: 4, generations: 6, nodes: 3000 },
        '--workers',
        '1',
        '--checkpoint',
        checkpoint,
      );

    const whole = runCli(args(join(tmp, 'whole.json'), join(tmp, 'whole.ckpt')), { timeoutMs: 120_000 });
    expect(whole.status).toBe(0);

    // Start the same run, kill it hard once its first checkpoint exists, then resume.
    const checkpoint = join(tmp, 'killed.ckpt');
    const out = join(tmp, 'killed.json');
    const child = spawn(process.execPath, [`${REPO_DIR}bin/tilefall.mjs`, ...args(out, checkpoint)], {
      stdio: 'ignore',
    });
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    while (!existsSync(checkpoint)) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(out)).toBe(false);
    const resumed = runCli([...args(out, checkpoint), '--resume'], { timeoutMs: 120_000 });
    expect(resumed.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(tmp, 'whole.json'), 'utf8'));
  }, 240_000);

  it('should write byte-identical weights with 0 and 2 workers', () => {
    const train = join(tmp, 'w-train.txt');
    runCli(['samegame', 'generate', '--count', '2', '--seed', '303', '--out', train]);
    const args = (workers: string, out: string) =>
      specTuneArgs({ train, validate: train, out, population: 3, generations: 2, nodes: 1500 }, '--workers', workers);
    expect(runCli(args('0', join(tmp, 'w0.json')), { timeoutMs: 120_000 }).status).toBe(0);
    expect(runCli(args('2', join(tmp, 'w2.json')), { timeoutMs: 120_000 }).status).toBe(0);
    expect(readFileSync(join(tmp, 'w2.json'), 'utf8')).toBe(readFileSync(join(tmp, 'w0.json'), 'utf8'));
  }, 240_000);

  it('should start from and compare against the weights of --start', () => {
    const data = join(tmp, 'start.txt');
    runCli(['samegame', 'generate', '--count', '1', '--seed', '7', '--out', data]);
    const start = JSON.parse(readFileSync(join(REPO_DIR, 'datasets/samegame/tuning/hand-set.json'), 'utf8')) as Record<
      string,
      number
    >;
    const out = join(tmp, 'start-out.json');
    const run = runCli(
      specTuneArgs(
        { train: data, validate: data, out },
        '--workers',
        '0',
        '--start',
        join(REPO_DIR, 'datasets/samegame/tuning/hand-set.json'),
      ),
      { timeoutMs: 120_000 },
    );
    expect(run.status).toBe(0);
    const report = JSON.parse(readFileSync(out, 'utf8')).report as {
      finalists: { origin: string; genome: number[] }[];
    };
    // Genomes list the weights in the game's order, whatever the order of the file's keys.
    expect(report.finalists.find((f) => f.origin === 'start')?.genome).toEqual(WEIGHT_NAMES.map((n) => start[n]));
  }, 120_000);

  it('should draw --batch training boards a generation, choose on --select and record both in the report', () => {
    const train = join(tmp, 'b-train.txt');
    const select = join(tmp, 'b-select.txt');
    runCli(['samegame', 'generate', '--count', '3', '--seed', '404', '--out', train]);
    runCli(['samegame', 'generate', '--count', '2', '--seed', '405', '--out', select]);
    const args = (batch: string, out: string) =>
      specTuneArgs({ train, validate: select, out }, '--workers', '0', '--select', select, '--batch', batch);
    const out = join(tmp, 'batch-out.json');
    const ran = runCli(args('2', out), { timeoutMs: 120_000 });
    expect(ran.status).toBe(0);
    expect(ran.stdout).toMatch(/selection mean -?\d+\.\d on the 2 selection instances/);
    const report = JSON.parse(readFileSync(out, 'utf8')).report;
    expect(report.batch).toBe(2);
    expect(report.select).toEqual({ file: select, instances: 2 });
    expect(report.finalSample).toBe('selection-instances');
    const tooMany = runCli(args('4', join(tmp, 'batch-bad.json')));
    expect(tooMany.status).toBe(2);
    expect(tooMany.stderr.trimEnd().split('\n')).toEqual([
      `tilefall: ${train}: --batch 4 is more than its 3 instances`,
    ]);
    expect(existsSync(join(tmp, 'batch-bad.json'))).toBe(false);
  }, 120_000);

  it('should tune with CMA-ES by default within --games, the GA with --optimizer ga, and say so', () => {
    const train = join(tmp, 'g-train.txt');
    runCli(['samegame', 'generate', '--count', '4', '--seed', '505', '--out', train]);
    // 3 genomes x 4 boards: 12 games a generation, so a budget of 40 fits 3 of the 50 generations.
    const args = (games: string, out: string, ...extra: string[]) =>
      specTuneArgs(
        { train, validate: train, out, population: 3, generations: 50 },
        '--workers',
        '0',
        '--games',
        games,
        ...extra,
      );
    const out = join(tmp, 'games-out.json');
    const ran = runCli(args('40', out), { timeoutMs: 120_000 });
    expect(ran.status, ran.stderr).toBe(0);
    const { report } = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.settings).toMatchObject({ optimizer: 'cmaes', gamesBudget: 40, population: 3 });
    expect(report.settings.elites).toBeUndefined();
    expect(report.history.map((h: { games: number }) => h.games)).toEqual([12, 12, 12]);
    expect(report.finalists.map((f: { origin: string }) => f.origin)).toContain('mean of the final distribution');
    expect(ran.stdout).toContain('optimizer: cmaes, 3 generations within a budget of 40 training games');
    const gaOut = join(tmp, 'games-ga-out.json');
    const ga = runCli(args('12', gaOut, '--optimizer', 'ga'), { timeoutMs: 120_000 });
    expect(ga.status, ga.stderr).toBe(0);
    expect(JSON.parse(readFileSync(gaOut, 'utf8')).report.settings).toMatchObject({ optimizer: 'ga', elites: 1 });
    expect(ga.stdout).toContain('optimizer: ga, 1 generation within a budget of 12 training games');
    const tooFew = runCli(args('11', join(tmp, 'games-bad.json')));
    expect(tooFew.status).toBe(2);
    expect(tooFew.stderr.trimEnd().split('\n')).toEqual([
      `tilefall: ${train}: --games 11 is less than one generation: 3 genomes x 4 instances`,
    ]);
  }, 120_000);

  it('should refuse a --checkpoint in a folder that does not exist with one line and exit 2, before any generation', () => {
    const data = join(tmp, 'ckpt-data.txt');
    runCli(['samegame', 'generate', '--count', '1', '--seed', '6', '--out', data]);
    const checkpoint = join(tmp, 'no-such-folder', 'run.ckpt');
    const out = join(tmp, 'ckpt-out.json');
    const run = runCli(
      specTuneArgs({ train: data, validate: data, out }, '--workers', '0', '--checkpoint', checkpoint),
    );
    expect(run.status).toBe(2);
    // A generation would have printed its line first.
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `tilefall: ${checkpoint}: cannot be written (its folder ${join(tmp, 'no-such-folder')} does not exist)`,
    ]);
    expect(existsSync(out)).toBe(false);
  });

  it('should refuse --resume without --checkpoint and a corrupt checkpoint, with one line and exit 2', () => {
    const data = join(tmp, 'tiny.txt');
    runCli(['samegame', 'generate', '--count', '1', '--seed', '5', '--out', data]);
    const noCheckpoint = runCli([
      'samegame',
      'tune',
      '--train',
      data,
      '--validate',
      data,
      '--out',
      join(tmp, 'x.json'),
      '--resume',
    ]);
    expect(noCheckpoint.status).toBe(2);
    expect(noCheckpoint.stderr).toMatch(/option --resume: needs --checkpoint FILE/);
    const corrupt = join(tmp, 'corrupt.ckpt');
    writeFileSync(corrupt, '{"format":"tilefall-tune-checkpoint","version":1');
    const bad = runCli([
      'samegame',
      'tune',
      '--train',
      data,
      '--validate',
      data,
      '--out',
      join(tmp, 'y.json'),
      '--checkpoint',
      corrupt,
      '--resume',
    ]);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/corrupt\.ckpt: is not valid JSON/);
    expect(existsSync(join(tmp, 'y.json'))).toBe(false);
  });
});

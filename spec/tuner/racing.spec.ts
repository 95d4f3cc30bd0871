import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGaSettings } from '../../tuner/ga.js';
import { FIRST_STAGE_MIN, racedFitness, raceStages, stillRacing } from '../../tuner/racing.js';
import { type TuneOptions, tune } from '../../tuner/tune.js';
import { runCli } from '../support/cli.js';
import { scratchDirectory } from '../support/scratch.js';
import { runTune, toyOptions } from '../support/toy-tune.js';
import { specTuneArgs } from '../support/tune-args.js';

const tmp = scratchDirectory('tilefall-racing-');
const RACE = { confidence: 2 };

describe('raceStages', () => {
  it('should judge after growing instance counts that end with all of them, none under the first stage minimum', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (count) => {
        const stages = raceStages(count);
        expect(stages.at(-1)).toBe(count);
        for (let i = 1; i < stages.length; i++) expect(stages[i]).toBeGreaterThan(stages[i - 1]);
        expect(stages[0]).toBeGreaterThanOrEqual(Math.min(FIRST_STAGE_MIN, count));
      }),
    );
  });
});

/** Scores of genomes on `n` instances: `base[i]` for every genome, plus each genome's offset. */
const scoresOf = (base: readonly number[], offsets: readonly number[]) =>
  offsets.map((offset) => base.map((b) => b + offset));

describe('stillRacing', () => {
  const baseArb = fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 4, maxLength: 30 });

  it('should keep the leader, a genome level with it, and never bring back a dropped one', () => {
    fc.assert(
      fc.property(
        baseArb,
        fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        (base, offsets, on) => {
          const racing = offsets.map((_, g) => on[g] || g === 0);
          const after = stillRacing(scoresOf(base, offsets), racing, RACE);
          const best = Math.max(...offsets.filter((_, g) => racing[g]));
          offsets.forEach((offset, g) => {
            if (!racing[g]) expect(after[g]).toBe(false);
            // Same games, same seeds: an offset is a difference with no spread, judged exactly.
            else expect(after[g]).toBe(offset === best);
          });
        },
      ),
    );
  });

  it('should keep a genome whose difference with the leader is within the confidence, and drop one beyond it', () => {
    // Differences with the leader of -1, +1, -1, +1, -2 (mean -0.4, standard error 0.6).
    const leader = [10, 10, 10, 10, 10];
    const close = [9, 11, 9, 11, 8];
    expect(stillRacing([leader, close], [true, true], { confidence: 2 })).toEqual([true, true]);
    expect(stillRacing([leader, close], [true, true], { confidence: 0.5 })).toEqual([true, false]);
  });

  it('should take as leader the best mean among the genomes still racing, the first of a tie', () => {
    const scores = [
      [50, 50, 50, 50],
      [20, 20, 20, 20],
      [20, 20, 20, 20],
    ];
    // The dropped genome 0 leads nothing: 1 and 2 tie, 1 leads, 2 is level and stays.
    expect(stillRacing(scores, [false, true, true], RACE)).toEqual([false, true, true]);
  });
});

describe('racedFitness', () => {
  it('should keep every finisher its mean and rank no dropped genome above a finisher', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ mean: fc.double({ min: -1e6, max: 1e6, noNaN: true }), finished: fc.boolean() }), {
          minLength: 1,
          maxLength: 20,
        }),
        (genomes) => {
          fc.pre(genomes.some((g) => g.finished));
          const fitness = racedFitness(
            genomes.map((g) => g.mean),
            genomes.map((g) => g.finished),
          );
          const finishers = genomes
            .map((g, i) => (g.finished ? fitness[i] : Number.NaN))
            .filter((f) => !Number.isNaN(f));
          genomes.forEach((g, i) => {
            if (g.finished) expect(fitness[i]).toBe(g.mean);
            else expect(fitness[i]).toBeLessThan(Math.min(...finishers));
          });
        },
      ),
    );
  });
});

/** A toy run on 16 training instances (four stages of them to race on), 6 generations, then `extra`. */
const racedToy = (workers: number, extra: Partial<TuneOptions> = {}): TuneOptions =>
  toyOptions(workers, {
    train: Array.from({ length: 16 }, (_, i) => String(1 + (i % 5))),
    settings: defaultGaSettings(10, 6, 5),
    ...extra,
  });

describe('tune with racing', () => {
  it('should play fewer games than without, and give a finisher of a generation exactly its unraced fitness', async () => {
    const raced = await runTune(racedToy(0, { race: RACE, settings: defaultGaSettings(10, 1, 5) }));
    const unraced = await runTune(racedToy(0, { settings: defaultGaSettings(10, 1, 5) }));
    const [generation] = raced.history;
    expect(generation.gamesSaved).toBeGreaterThan(0);
    expect(generation.games).toBe(10 * 16 - (generation.gamesSaved ?? 0));
    expect(unraced.history[0].games).toBe(10 * 16);
    // The generation's best finished the race: the same best as the unraced run, same genome.
    expect(generation.best).toBe(unraced.history[0].best);
    expect(generation.bestGenome).toEqual(unraced.history[0].bestGenome);
    expect(raced.games.saved).toBe(generation.gamesSaved);
    expect(raced.games.played + raced.games.saved).toBe(unraced.games.played);
  });

  it('should give the same result with 0, 1 and 2 workers and after a resume', async () => {
    const inThread = await runTune(racedToy(0, { race: RACE }));
    expect(await runTune(racedToy(1, { race: RACE }))).toEqual(inThread);
    expect(await runTune(racedToy(2, { race: RACE }))).toEqual(inThread);
    const checkpoint = `${tmp}/raced.ckpt`;
    await expect(
      runTune(
        racedToy(2, {
          race: RACE,
          checkpoint: { file: checkpoint, resume: false },
          afterGeneration: (finished) => {
            if (finished === 3) throw new Error('interrupted');
          },
        }),
      ),
    ).rejects.toThrow('interrupted');
    expect(await runTune(racedToy(0, { race: RACE, checkpoint: { file: checkpoint, resume: true } }))).toEqual(
      inThread,
    );
  });

  it('should refuse to resume an unraced run with racing on, at any confidence', async () => {
    const checkpoint = `${tmp}/unraced.ckpt`;
    await runTune(
      racedToy(0, { checkpoint: { file: checkpoint, resume: false }, settings: defaultGaSettings(10, 1, 5) }),
    );
    for (const race of [RACE, { confidence: 3 }]) {
      const resumed = await tune(
        racedToy(0, { race, checkpoint: { file: checkpoint, resume: true }, settings: defaultGaSettings(10, 1, 5) }),
      );
      expect(resumed.ok).toBe(false);
      if (!resumed.ok) expect(resumed.error.message).toMatch(/race differs/);
    }
  });
});

describe('tune --race', () => {
  it('should race by default, write the same output with 0 and 2 workers, and say its games in the report, the summary and the plot', () => {
    const train = join(tmp, 'race-train.txt');
    expect(runCli(['samegame', 'generate', '--count', '8', '--seed', '404', '--out', train]).status).toBe(0);
    const args = (workers: string, out: string, ...extra: string[]) =>
      specTuneArgs({ train, validate: train, out, population: 6, nodes: 300 }, '--workers', workers, ...extra);
    const plot = join(tmp, 'race.svg');
    const zero = runCli([...args('0', join(tmp, 'race0.json')), '--plot', plot, '--plot-x', 'games'], {
      timeoutMs: 120_000,
    });
    expect(zero.status, zero.stderr).toBe(0);
    expect(runCli(args('2', join(tmp, 'race2.json')), { timeoutMs: 120_000 }).status).toBe(0);
    const output = readFileSync(join(tmp, 'race0.json'), 'utf8');
    expect(readFileSync(join(tmp, 'race2.json'), 'utf8')).toBe(output);
    const { report } = JSON.parse(output);
    expect(report.race).toEqual({ confidence: 2 });
    const [generation] = report.history;
    expect(generation.games + (generation.gamesSaved ?? 0)).toBe(6 * 8);
    expect(report.games.saved).toBe(generation.gamesSaved ?? 0);
    expect(zero.stdout).toContain(`games: ${report.games.played} played`);
    expect(readFileSync(plot, 'utf8')).toContain('fitness per games played');
    const unraced = runCli(args('0', join(tmp, 'unraced.json'), '--no-race'), { timeoutMs: 120_000 });
    expect(unraced.status, unraced.stderr).toBe(0);
    const plain = JSON.parse(readFileSync(join(tmp, 'unraced.json'), 'utf8')).report;
    expect(plain.race).toBeUndefined();
    expect(plain.history[0].games).toBe(6 * 8);
  }, 240_000);
});

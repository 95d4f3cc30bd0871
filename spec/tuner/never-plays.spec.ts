// The stop rule for a program that never plays (tuner/never-plays.ts), alone and in a run: a game
// that always fails ends the run after its first games, whatever the budget; one that fails now
// and then, even from the first game, runs to its end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Evaluation,
  FAILURE_KINDS,
  type GameScore,
  shownSeed,
  type TuningGame,
} from '../../lib/core/tuning-game.js';
import type { EvaluationTask } from '../../tuner/evaluate-task.js';
import { defaultGaSettings } from '../../tuner/ga.js';
import { FIRST_GAMES_WATCHED, neverPlays, watchedIndices } from '../../tuner/never-plays.js';
import type { TaskRunner } from '../../tuner/pool.js';
import type { LabeledTask } from '../../tuner/run-tasks.js';
import { tune } from '../../tuner/tune.js';
import { tuningGameFrom as failingToy } from '../support/failing-toy-game.js';
import { tuningGame as toy } from '../support/toy-game.js';
import { specRunner, toyOptions } from '../support/toy-tune.js';

/** `count` labeled tasks of the toy, seeds 100, 101, …. */
const tasks = (count: number): LabeledTask[] =>
  Array.from({ length: count }, (_, k) => ({
    task: { module: toy.module, instance: '1', weights: {}, nodes: 1, seed: 100 + k },
    where: `options.train[${k}]`,
  }));

const crash = (detail?: string): GameScore => ({ score: 0, failure: 'crash', ...(detail ? { detail } : {}) });

describe('neverPlays', () => {
  it('should stop on games that all failed, naming their kinds and the first one with its detail', () => {
    const evaluations: Evaluation[] = [
      crash('turn 1: its output closed before an answer (exit code 3); stderr: boom'),
      { score: 0, failure: 'timeout', detail: 'turn 1: no answer within 50 ms' },
      crash(),
    ];
    expect(neverPlays(tasks(3), evaluations, './bot')).toEqual({
      code: 'program-never-plays',
      message:
        'the program failed every one of its first 3 games (timeout 1, crash 2), so the run stopped; the first, on options.train[0], seed 100: crash (turn 1: its output closed before an answer (exit code 3); stderr: boom)',
      first: { kind: 'crash', detail: 'turn 1: its output closed before an answer (exit code 3); stderr: boom' },
      games: 3,
    });
  });

  it('should show a negative 32-bit seed as the unsigned TILEFALL_SEED the program got', () => {
    // -1182154933 and 3112812363 are the same 32 bits; a bot saw the second in TILEFALL_SEED.
    const negative = tasks(1).map((t) => ({ ...t, task: { ...t.task, seed: -1182154933 } }));
    const stopped = neverPlays(negative, [crash('exit code 2')], './bot');
    expect(stopped?.message).toContain('on options.train[0], seed 3112812363: crash (exit code 2)');
    expect(shownSeed(-1182154933)).toBe(3112812363);
    fc.assert(
      fc.property(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), (seed) => {
        const shown = shownSeed(seed);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(2 ** 32 - 1);
        expect(shown | 0).toBe(seed);
      }),
    );
  });

  it('should name a program that cannot be started, and why', () => {
    const unstartable = { ...crash(), unstartable: 'the program is not executable' };
    expect(neverPlays(tasks(2), [crash(), unstartable], './bot')).toEqual({
      code: 'program-cannot-start',
      message: 'cannot start "./bot": the program is not executable',
      reason: 'the program is not executable',
    });
  });

  it('should never stop on games of which one did not fail', () => {
    const failed: fc.Arbitrary<Evaluation> = fc
      .constantFrom(...FAILURE_KINDS)
      .map((failure): Evaluation => ({ score: 0, failure }));
    const played: fc.Arbitrary<Evaluation> = fc.oneof(
      fc.integer(),
      fc.integer().map((score) => ({ score })),
    );
    fc.assert(
      fc.property(fc.array(failed, { maxLength: 12 }), played, fc.nat(), (failures, success, at) => {
        const evaluations = [...failures];
        evaluations.splice(at % (failures.length + 1), 0, success);
        expect(neverPlays(tasks(evaluations.length), evaluations, './bot')).toBeUndefined();
      }),
    );
  });
});

/** The failing toy (spec/support/failing-toy-game.ts) with `config`. */
const failing = (config: Record<string, unknown>): TuningGame => failingToy({ crashAbove: 1e9, ...config });

/** A runner in this thread that counts the games it plays. */
function countingRunner(): TaskRunner & { played: number } {
  const inner = specRunner(0);
  const runner = {
    played: 0,
    run: (batch: readonly EvaluationTask[], onDone?: (evaluation?: Evaluation) => void) => {
      runner.played += batch.length;
      return inner.run(batch, onDone);
    },
    close: () => inner.close(),
  };
  return runner;
}

describe('watchedIndices', () => {
  it('should take as many games as wanted, each once, in order, and each of another genome when there are enough', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.nat({ max: 10 }),
        (genomes, perGenome, wanted) => {
          const count = genomes * perGenome;
          const picked = watchedIndices(count, wanted);
          expect(picked).toHaveLength(Math.min(count, wanted));
          expect(picked.every((i, j) => i >= 0 && i < count && (j === 0 || i > picked[j - 1]))).toBe(true);
          const owners = new Set(picked.map((i) => Math.floor(i / perGenome)));
          if (genomes >= wanted) expect(owners.size).toBe(picked.length);
        },
      ),
    );
  });
});

describe('tune with a game that never plays', () => {
  it.each([
    ['the genetic algorithm', 'ga', undefined],
    ['CMA-ES, raced', 'cmaes', { confidence: 2 }],
  ] as const)('should stop %s after its first games, whatever the budget', async (_what, optimizer, race) => {
    const runner = countingRunner();
    const result = await tune(
      toyOptions(0, {
        game: failing({ crashAbove: -1e9 }),
        runner,
        optimizer,
        race,
        settings: defaultGaSettings(20, 1000, 5),
      }),
    );
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'program-never-plays',
        message: expect.stringMatching(/first 4 games \(crash 4\).*: crash \(exit code 3; stderr: boom\)$/),
        first: { kind: 'crash', detail: 'exit code 3; stderr: boom' },
        games: FIRST_GAMES_WATCHED,
      },
    });
    // The start's 3 games, then 1 of generation 0's: far less than 2 generations' worth (2 x 20
    // genomes x 3 instances).
    expect(runner.played).toBe(FIRST_GAMES_WATCHED);
  });

  it('should stop a first batch smaller than the watch when all of it fails', async () => {
    const runner = countingRunner();
    const result = await tune(
      toyOptions(0, {
        game: failing({ crashAbove: -1e9 }),
        runner,
        train: ['1', '2'],
        settings: defaultGaSettings(2, 50, 5),
      }),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'program-never-plays', games: 4 } });
    // The start's 2 games, then 2 of generation 0's, on its 2 genomes.
    expect(runner.played).toBe(4);
  });

  it('should run to its end when games fail now and then, even from the first one', async () => {
    const runner = countingRunner();
    // Every genome fails on instance 1, and the genomes past a = 2 fail everywhere.
    const game = failing({ invalidOn: '1', crashAbove: 2 });
    const result = await tune(toyOptions(0, { game, runner, start: { a: 0, b: 9, c: -9 } }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.history).toHaveLength(12);
    // The start is scored first, and fails on instance 1 as every genome does.
    expect(result.value.failures.records[0]).toMatchObject({
      where: 'start',
      first: { kind: 'invalid', detail: 'line 1: instance 1 refused' },
    });
  });
});

// A user's program as a tuning game: the contract (its parameters in TILEFALL_PARAMS and in the
// `{params}` file, its seed in TILEFALL_SEED) and each failure counted by its kind, scored 0.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { BotParameter } from '../../lib/core/bot-parameters.js';
import type { GameConfig, TuningProgram } from '../../lib/core/tuning-game.js';
import {
  BOT_TUNING_MODULE,
  type BotTuningConfig,
  botTuningGame,
  type SameGameBotLimits,
  tuningGameFrom,
} from '../../lib/judge/bot-tuning.js';
import { evaluateTask } from '../../tuner/evaluate-task.js';
import { leftBehind, sleepMarker } from '../support/processes.js';
import { readRepoFile, repoPath } from '../support/repo.js';
import { scratchDirectory } from '../support/scratch.js';

const tmp = scratchDirectory('tilefall-bot-tuning-');
const BOT = repoPath('spec/support/param-bot.mjs');
const BOARD = readRepoFile('datasets/samegame/demo-board.txt');
const COLUMNS = readRepoFile('datasets/columns/sample.txt');
const PARAMETERS: BotParameter[] = [
  { name: 'a', min: -5, max: 5, start: 1, integer: false },
  { name: 'b', min: -3, max: 3, start: 0, integer: true },
  { name: 'c', min: -1, max: 1, start: 0, integer: false },
];
// Limits far above what the bot needs: a game fails only when the bot fails on purpose.
const SAMEGAME_LIMITS: SameGameBotLimits = { protocol: 'multi-turn', firstTurnMs: 20_000, turnMs: 5000, memoryMb: 768 };

const program = (...args: string[]): TuningProgram => ({
  command: `node param-bot.mjs ${args.join(' ')}`,
  argv: [process.execPath, BOT, ...args],
  fingerprint: 'spec',
});
const samegame = (limits: Partial<SameGameBotLimits> = {}): BotTuningConfig => ({
  game: 'samegame',
  parameters: PARAMETERS,
  limits: { ...SAMEGAME_LIMITS, ...limits },
});
const columns: BotTuningConfig = {
  game: 'columns',
  parameters: PARAMETERS,
  limits: { timeMs: 20_000, memoryMb: 1024 },
};

describe('botTuningGame', () => {
  it('should describe the parameters as the genome: names, bounds and the start values as defaults', () => {
    const game = botTuningGame(samegame(), program());
    expect(game.name).toBe('samegame-bot');
    expect(game.spec).toEqual({
      names: ['a', 'b', 'c'],
      bounds: [
        [-5, 5],
        [-3, 3],
        [0 - 1, 1],
      ],
    });
    expect(game.defaults).toEqual({ a: 1, b: 0, c: 0 });
    expect(botTuningGame(columns, program()).name).toBe('columns-solver');
  });

  it('should hand the program its parameters in TILEFALL_PARAMS and the {params} file, integers rounded, and its seed', async () => {
    const log = join(tmp, 'contract.jsonl');
    const game = botTuningGame(samegame(), program('--log', log, '--params-file', '{params}'));
    const played = await game.score(BOARD, { a: 2.25, b: -1.6, c: 0.5 }, 0, -7);
    expect(played).toMatchObject({ score: expect.any(Number) });
    const [seen] = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(JSON.parse(seen.params)).toEqual({ a: 2.25, b: -2, c: 0.5 });
    // The seed as an unsigned 32-bit integer: -7 is 2^32 - 7.
    expect(seen.seed).toBe(String(2 ** 32 - 7));
    expect(seen.fileText).toBe(seen.params);
    // The file was a fresh one, removed after the game.
    expect(seen.file).not.toContain('{params}');
    expect(existsSync(seen.file)).toBe(false);
  });

  it('should play the same game for the same parameters and seed, and score it as the referee does', async () => {
    const game = botTuningGame(samegame(), program());
    const first = await game.score(BOARD, { a: 1, b: 0, c: 0 }, 0, 5);
    expect(await game.score(BOARD, { a: 1, b: 0, c: 0 }, 0, 5)).toEqual(first);
    expect(first).not.toHaveProperty('failure');
  });

  it.each([
    ['a crash', ['--crash-if', 'a>0'], {}, 'crash', /^turn 2: its output closed before an answer \(exit code 3\)$/],
    ['a timeout', ['--hang-if', 'a>0'], { firstTurnMs: 300 }, 'timeout', /^turn 1: no answer within \d+ ms$/],
    ['an illegal action', ['--illegal-if', 'a>0'], {}, 'invalid', /^action 1 \S+: /],
  ] as const)(
    'should score %s 0, with its kind and detail, only for the parameters that cause it',
    async (_what, args, limits, kind, detail) => {
      const game = botTuningGame(samegame(limits), program(...args));
      const failed = await game.score(BOARD, { a: 1, b: 0, c: 0 }, 0, 1);
      expect(failed).toEqual({ score: 0, failure: kind, detail: expect.stringMatching(detail) });
      const fine = await game.score(BOARD, { a: -1, b: 0, c: 0 }, 0, 1);
      expect(fine).not.toHaveProperty('failure');
    },
  );

  it('should score a game whose process group goes over the memory limit 0, as a memory failure', async () => {
    // No Node program fits in 5 MB: the judge's first look at the group finds it over.
    const game = botTuningGame(samegame({ memoryMb: 5 }), program('--hang-if', 'a>0'));
    expect(await game.score(BOARD, { a: 1, b: 0, c: 0 }, 0, 1)).toEqual({
      score: 0,
      failure: 'memory',
      detail: 'turn 1: over the memory limit of 5 MB',
    });
  });

  it.each([
    ['a crash', ['--crash-if', 'a>0'], 'crash', /^exit code 3$/],
    ['an invalid output', ['--illegal-if', 'a>0'], 'invalid', /^line \d+: /],
  ] as const)('should score a Columns program %s 0, with its kind and detail', async (_what, args, kind, detail) => {
    const game = botTuningGame(columns, program('--columns', ...args));
    expect(await game.score(COLUMNS, { a: 1, b: 0, c: 0 }, 0, 1)).toEqual({
      score: 0,
      failure: kind,
      detail: expect.stringMatching(detail),
    });
    const fine = await game.score(COLUMNS, { a: -1, b: 0, c: 0 }, 0, 1);
    expect(fine).not.toHaveProperty('failure');
  });

  it('should score a Columns program that outlives its time a timeout', async () => {
    const slow: BotTuningConfig = { ...columns, limits: { timeMs: 300, memoryMb: 1024 } };
    const game = botTuningGame(slow, program('--columns', '--hang-if', 'a>0'));
    expect(await game.score(COLUMNS, { a: 1, b: 0, c: 0 }, 0, 1)).toEqual({
      score: 0,
      failure: 'timeout',
      detail: 'killed at 300 ms',
    });
  });

  it('should say why a program that cannot be started could not, in both games', async () => {
    const missing: TuningProgram = { command: './no-such-bot', argv: ['./no-such-bot'], fingerprint: 'x' };
    const reason = 'no such program (not found, or not on the PATH)';
    const bot = await botTuningGame(samegame({}), missing).score(BOARD, { a: 1, b: 0, c: 0 }, 0, 1);
    expect(bot).toMatchObject({ score: 0, failure: 'crash', unstartable: reason });
    const solver = await botTuningGame(columns, missing).score(COLUMNS, { a: 1, b: 0, c: 0 }, 0, 1);
    expect(solver).toMatchObject({ score: 0, failure: 'crash', unstartable: reason });
  });
});

describe('a tuned program that misbehaves', () => {
  const HOSTILE = repoPath('spec/support/hostile-program.mjs');
  const hostile = (...args: string[]): TuningProgram => ({
    command: 'hostile',
    argv: [process.execPath, HOSTILE, ...args],
    fingerprint: 'spec',
  });

  it.each([
    ['SameGame bot', samegame(), BOARD, ['--read', '15', '--answer', '0 1\\n']],
    ['Columns program', columns, COLUMNS, ['--answer', '0\\n']],
  ] as const)(
    "should run a %s without tilefall's Redis password, and kill what it leaves behind",
    async (_what, config, instance, answer) => {
      const marker = sleepMarker();
      const log = join(tmp, `environment-${marker}.json`);
      vi.stubEnv('TILEFALL_REDIS_PASSWORD', 'coordinator-secret');
      try {
        const game = botTuningGame(config, hostile(...answer, '--env-log', log, '--leave', 'own-stdio', marker));
        await game.score(instance, { a: 1, b: 0, c: 0 }, 0, 1);
      } finally {
        vi.unstubAllEnvs();
      }
      const seen = JSON.parse(readFileSync(log, 'utf8')) as Record<string, string>;
      expect(seen).not.toHaveProperty('TILEFALL_REDIS_PASSWORD');
      expect(seen.TILEFALL_SEED).toBe('1');
      expect(await leftBehind(marker)).toEqual([]);
    },
  );
});

describe('tuningGameFrom', () => {
  it('should build the game a worker thread scores from its config and program', async () => {
    const config = samegame() as unknown as GameConfig;
    const task = { module: BOT_TUNING_MODULE, instance: BOARD, weights: { a: 1, b: 0, c: 0 }, nodes: 0, seed: 5 };
    const direct = await botTuningGame(samegame(), program()).score(BOARD, task.weights, 0, 5);
    expect(await evaluateTask({ ...task, config, program: program() })).toEqual(direct);
  });

  it.each([
    ['an unknown game', { ...samegame(), game: 'chess' }, /^not a bot tuning config: field game: /],
    ['a limit out of range', samegame({ turnMs: -1 }), /^not a bot tuning config: field limits\.turnMs: /],
    ['no parameters', { ...samegame(), parameters: [] }, /^not a bot tuning config: field parameters: /],
  ])('should refuse a config with %s, naming the field', (_what, config, message) => {
    expect(() => tuningGameFrom(config as unknown as GameConfig, program())).toThrow(message);
  });

  it('should refuse to build a game without a program to run', () => {
    expect(() => tuningGameFrom(samegame() as unknown as GameConfig)).toThrow(/needs a program to run/);
  });
});

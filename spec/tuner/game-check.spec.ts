import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tuningGame as columnsGame } from '../../lib/columns/search/tuning.js';
import type { TuningGame } from '../../lib/core/tuning-game.js';
import { tuningGame as samegameGame } from '../../lib/samegame/search/tuning.js';
import { checkInstances, checkTuningGame, checkWeights } from '../../tuner/game-check.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { TOY_TARGET, tuningGame as toy } from '../support/toy-game.js';

const GAME_KEYS: readonly (keyof TuningGame)[] = ['name', 'module', 'spec', 'defaults', 'splitInstances', 'score'];

describe('checkTuningGame', () => {
  it('should accept both games and the toy as they are, as a copy whose functions call theirs', () => {
    for (const game of [samegameGame, columnsGame, toy] as TuningGame[]) {
      const checked = checkTuningGame(game);
      if (!checked.ok) throw new Error(checked.error.message);
      const { splitInstances, score, ...data } = checked.value;
      const { splitInstances: _split, score: _score, ...given } = game;
      expect(data).toEqual(given);
      expect(data.spec).not.toBe(game.spec);
      expect(splitInstances('1\n')).toEqual(game.splitInstances('1\n'));
    }
  });

  it('should refuse a game whose names, bounds and defaults do not fit together, naming the field', () => {
    const refused = (game: unknown) => {
      const checked = checkTuningGame(game);
      return checked.ok ? undefined : checked.error;
    };
    expect(refused({ ...toy, spec: { names: [], bounds: [] } })?.field).toBe('options.game.spec.names');
    expect(refused({ ...toy, spec: { names: ['a', 'b', 'a'], bounds: toy.spec.bounds } })?.message).toBe(
      'options.game.spec.names names "a" twice',
    );
    expect(refused({ ...toy, spec: { ...toy.spec, bounds: [[0, 1]] } })?.field).toBe('options.game.spec.bounds');
    expect(
      refused({
        ...toy,
        spec: {
          ...toy.spec,
          bounds: [
            [0, 1],
            [2, 1],
            [0, 1],
          ],
        },
      })?.field,
    ).toBe('options.game.spec.bounds[1]');
    expect(
      refused({
        ...toy,
        spec: {
          ...toy.spec,
          bounds: [
            [0, 1],
            [-1e308, 1e308],
            [0, 1],
          ],
        },
      })?.field,
    ).toBe('options.game.spec.bounds[1]');
    expect(refused({ ...toy, defaults: { a: 1, b: 2 } })).toMatchObject({
      code: 'invalid-weights',
      field: 'options.game.defaults.c',
    });
    expect(refused({ ...toy, module: 'toy.ts' })?.field).toBe('options.game.module');
    expect(refused({ ...toy, program: { command: 'bot', argv: [], fingerprint: 'f' } })?.field).toBe(
      'options.game.program.argv',
    );
  });

  it('should answer any value in any field with the game or a refusal, never a throw', () => {
    const games = fc.oneof(
      hostileValue,
      ...GAME_KEYS.map((key) => spoiled(toy, key)),
      spoiled(toy.spec, 'names').map((spec) => ({ ...toy, spec })),
      spoiled(toy.spec, 'bounds').map((spec) => ({ ...toy, spec })),
      spoiled(TOY_TARGET, 'a').map((defaults) => ({ ...toy, defaults })),
    );
    fc.assert(fc.property(games, (game) => expectSoundResult(checkTuningGame(game))));
  });
});

describe('checkWeights', () => {
  it('should take weights naming each weight with a finite number, even outside the bounds', () => {
    expect(checkWeights({ a: 50, b: 0, c: -0.5 }, toy.spec, 'options.start')).toEqual({
      ok: true,
      value: { a: 50, b: 0, c: -0.5 },
    });
  });

  it('should refuse a missing, non-finite or unknown weight, an unknown one quoted on one line', () => {
    expect(checkWeights({ a: 1, b: Number.NaN, c: 0 }, toy.spec, 'options.start')).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-weights',
        field: 'options.start.b',
        message: 'options.start.b must be a finite number, found NaN',
      },
    });
    expect(checkWeights({ ...TOY_TARGET, 'd\ne': 1 }, toy.spec, 'options.start')).toMatchObject({
      ok: false,
      error: {
        field: 'options.start["d\\ne"]',
        message: 'options.start has no weight "d\\ne" (the game\'s weights: 3)',
      },
    });
    expect(checkWeights(Object.create(TOY_TARGET), toy.spec, 'options.start')).toMatchObject({
      ok: false,
      error: { field: 'options.start.a' },
    });
  });
});

describe('checkInstances', () => {
  const board = '1 1 2\n1 2 2';

  it('should take instances the game reads as one each', () => {
    expect(checkInstances(samegameGame, [board, board], 'options.train')).toEqual({ ok: true, value: [board, board] });
  });

  it('should refuse an empty set, a value that is not text, and an instance that is two or none, by index', () => {
    const refused = (value: unknown) => {
      const checked = checkInstances(samegameGame, value, 'options.validate');
      return checked.ok ? undefined : checked.error;
    };
    expect(refused([])).toMatchObject({ code: 'invalid-option', field: 'options.validate' });
    expect(refused([board, 7])).toEqual({
      code: 'invalid-instance',
      field: 'options.validate[1]',
      message: "options.validate[1]: expected an instance's text, found 7",
    });
    expect(refused([board, `${board}\n\n${board}`])?.message).toBe(
      'options.validate[1]: expected one instance, found 2',
    );
    expect(refused(['', board])?.message).toBe('options.validate[0]: line 1: no board: the text is empty');
  });

  it("should refuse an instance when the game's own reading throws, saying so on one line", () => {
    const throwing: TuningGame = {
      ...toy,
      splitInstances: () => {
        throw new Error('cannot\nread');
      },
    };
    expect(checkInstances(throwing, ['1'], 'options.train')).toEqual({
      ok: false,
      error: {
        code: 'invalid-instance',
        field: 'options.train[0]',
        message: 'options.train[0]: the game "toy" threw reading it: cannot read',
      },
    });
  });
});

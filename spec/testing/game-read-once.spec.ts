// A game handed to tilefall/testing is read once, at the boundary: every function then works on
// the copy it checked (issue 81). A game, its board, instance, moves or placements may hold
// getters (their types allow it) whose fields answer otherwise on a later read; such a game made
// `columnsCorners` throw a TypeError from inside. Each call must answer what the plain game answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as testing from '../../lib/testing/index.js';
import { fickle } from '../support/fickle.js';
import { hostileValue } from '../support/hostile-values.js';

/** A value a later read turns to: anything hostile, or a list that is valid but another. */
const later = fc.oneof(hostileValue, fc.constantFrom([], [{ x: 99, y: 99 }], [{ position: 99, shifts: 0 }], 64));

const drawn = <T>(games: { ok: true; value: fc.Arbitrary<T> } | { ok: false }): fc.Arbitrary<T> => {
  if (!games.ok) throw new Error('the games arbitrary was refused');
  return games.value;
};
const samegameGame = drawn(testing.samegameGames({ width: [1, 5], height: [1, 5], colors: [1, 3] }));
const columnsGame = drawn(testing.columnsGames({ width: [1, 5], height: [3, 8], colors: [1, 3] }));

/** A SameGame game whose one field, of the game or of its board, changes after its first read. */
const fickleSamegame = fc
  .record({ game: samegameGame, key: fc.constantFrom('board', 'moves', 'width', 'height', 'colors', 'cells'), later })
  .map(({ game, key, later: l }) => ({
    game,
    fickleGame: () =>
      key === 'board' || key === 'moves'
        ? fickle(game, key, l)
        : { ...game, board: fickle(game.board, key as keyof testing.SamegameGame['board'], l) },
  }));

/** A Columns game whose one field, of the game, its instance or a placement, changes after its first read. */
const fickleColumns = fc
  .record({ game: columnsGame, key: fc.constantFrom('instance', 'placements', 'width', 'pieces', 'position'), later })
  .map(({ game, key, later: l }) => ({
    game,
    fickleGame: () => {
      if (key === 'instance' || key === 'placements') return fickle(game, key, l);
      if (key === 'position') return { ...game, placements: game.placements.map((p) => fickle(p, 'position', l)) };
      return { ...game, instance: fickle(game.instance, key as keyof testing.ColumnsGame['instance'], l) };
    },
  }));

describe('a game whose fields change after they are read', () => {
  it.each([
    ['samegameInput', testing.samegameInput],
    ['samegameSteps', testing.samegameSteps],
    ['samegameCorners', testing.samegameCorners],
  ] as const)('should be judged by %s as the game it was when checked', (_name, call) => {
    fc.assert(
      fc.property(fickleSamegame, ({ game, fickleGame }) => {
        expect(call(fickleGame())).toEqual(call(game));
      }),
    );
  });

  it.each([
    ['columnsInput', testing.columnsInput],
    ['columnsSteps', testing.columnsSteps],
    ['columnsCorners', testing.columnsCorners],
  ] as const)('should be judged by %s as the game it was when checked', (_name, call) => {
    fc.assert(
      fc.property(fickleColumns, ({ game, fickleGame }) => {
        expect(call(fickleGame() as testing.ColumnsGame)).toEqual(call(game));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, EMPTY } from '../../lib/samegame/engine/board.js';
import { play, regionAt } from '../../lib/samegame/engine/rules.js';
import { formatBoard, parseBoard } from '../../lib/samegame/engine/text.js';
import { SAMEGAME_CORNERS, samegameCorners } from '../../lib/testing/samegame-corners.js';
import { type SamegameGame, type SamegameGameOptions, samegameGames } from '../../lib/testing/samegame-games.js';
import { samegameSteps } from '../../lib/testing/samegame-protocol.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { answer, boundsArb, within } from './fixtures.js';

/** The colors on the board, ascending. */
const colorsOn = (board: Board) => [...new Set(board.cells.filter((c) => c !== EMPTY))].sort((a, b) => a - b);

describe('samegameGames', () => {
  it('should draw settled boards within the bounds, and moves that are each legal where they are played', () => {
    const optionsArb = fc.record({ width: boundsArb(1, 16), height: boundsArb(1, 16), colors: boundsArb(1, 20) });
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        for (const game of fc.sample(answer(samegameGames(options)), { seed, numRuns: 5 })) {
          const { board } = game;
          expect(within(board.width, options.width) && within(board.height, options.height)).toBe(true);
          expect(within(board.colors, options.colors)).toBe(true);
          expect(colorsOn(board).every((c) => c >= 0 && c < board.colors)).toBe(true);
          // parseBoard refuses an unsettled board (a floating cell, an empty column left of a filled one).
          expect(parseBoard(formatBoard(board), { colors: board.colors }).ok).toBe(true);
          let current = board;
          for (const move of game.moves) {
            expect(regionAt(current, { x: move.x, y: move.y }).length).toBeGreaterThanOrEqual(2);
            const played = play(current, move);
            if (!played.ok) throw new Error(played.error.message);
            current = played.value.board;
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it('should reach every SameGame corner within the 200 games conform plays by default', () => {
    const games = fc.sample(answer(samegameGames()), { seed: 1, numRuns: 200 });
    const reached = new Set<string>(games.flatMap((game) => answer(samegameCorners(game))));
    expect(Object.keys(SAMEGAME_CORNERS).filter((corner) => !reached.has(corner))).toEqual([]);
  });

  it('should draw the same games from the same seed', () => {
    const draw = () => fc.sample(answer(samegameGames({ width: [2, 9] })), { seed: 42, numRuns: 20 });
    expect(draw()).toEqual(draw());
  });

  it('should shrink a failing game to a small one, and never out of the bounds', () => {
    // "No move clears the board" is false: the smallest counterexample is one two-cell move on a 1 x 2 or 2 x 1 board.
    const clears = (game: SamegameGame) => answer(samegameCorners(game)).includes('board-cleared');
    const details = fc.check(
      fc.property(answer(samegameGames()), (game) => !clears(game)),
      { seed: 3 },
    );
    expect(details.failed).toBe(true);
    const shrunk = details.counterexample![0];
    expect(shrunk.board.width * shrunk.board.height).toBe(2);
    expect(shrunk.moves).toHaveLength(1);
    const bounded = fc.check(
      fc.property(answer(samegameGames({ width: [4, 6], height: 3, colors: [2, 4] })), (game) => !clears(game)),
      { seed: 3 },
    );
    const inBounds = bounded.counterexample![0].board;
    expect([inBounds.width, inBounds.height, inBounds.colors]).toEqual([4, 3, 2]);
  });

  it('should refuse bounds outside the engine limits or upside down as a value, naming the option', () => {
    const expected = (field: string, from: number, to: number) =>
      `${field} must be a whole number from ${from} to ${to}, or [min, max] of them with min <= max`;
    expect(samegameGames({ width: 0 })).toEqual({
      ok: false,
      error: {
        code: 'invalid-option',
        field: 'options.width',
        message: `${expected('options.width', 1, 64)}, found 0`,
      },
    });
    expect(samegameGames({ colors: [5, 2] })).toMatchObject({
      ok: false,
      error: { field: 'options.colors', message: `${expected('options.colors', 1, 20)}, found [5, 2]` },
    });
    expect(samegameGames({ height: 1.5 })).toMatchObject({ ok: false, error: { field: 'options.height' } });
    expect(samegameGames({ widht: 5 } as never)).toMatchObject({ ok: false, error: { field: 'options.widht' } });
  });

  it('should answer any value of any option with games or a refusal, never a throw', () => {
    const options = fc.oneof(
      hostileValue,
      ...(['width', 'height', 'colors'] as const).map((key) =>
        spoiled({ width: 5, height: [2, 4] as const, colors: 3 }, key),
      ),
      fc.record({ width: fc.tuple(hostileValue, hostileValue) }),
    );
    fc.assert(
      fc.property(options, (given) => {
        const games = samegameGames(given as SamegameGameOptions);
        expect(typeof games.ok).toBe('boolean');
        if (!games.ok) expectSoundResult(games);
        else for (const game of fc.sample(games.value, { seed: 1, numRuns: 2 })) expectSoundResult(samegameSteps(game));
      }),
    );
  });
});

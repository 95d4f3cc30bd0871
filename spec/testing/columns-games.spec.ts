import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATEMENT_SHAPE } from '../../lib/columns/engine/instance.js';
import { COLUMNS_CORNERS, columnsCorners } from '../../lib/testing/columns-corners.js';
import { type ColumnsGame, type ColumnsGameOptions, columnsGames } from '../../lib/testing/columns-games.js';
import { columnsSteps, OVER } from '../../lib/testing/columns-protocol.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';
import { answer, boundsArb, within } from './fixtures.js';

/** The distinct jewels of a game's regular columns. */
const jewelsOf = (game: ColumnsGame) => new Set(game.instance.pieces.flatMap((p) => (p.magic ? [] : p.jewels)));

describe('columnsGames', () => {
  it('should draw games within the bounds, one placement per column inside the field', () => {
    const optionsArb = fc.record({ width: boundsArb(1, 14), height: boundsArb(3, 20), colors: boundsArb(1, 26) });
    fc.assert(
      fc.property(optionsArb, fc.integer(), (options, seed) => {
        for (const game of fc.sample(answer(columnsGames(options)), { seed, numRuns: 5 })) {
          const { width, height, pieces } = game.instance;
          expect(within(width, options.width) && within(height, options.height)).toBe(true);
          expect(game.placements).toHaveLength(pieces.length);
          expect(
            game.placements.every((p) => p.position >= 1 && p.position <= width && p.shifts >= 0 && p.shifts <= 2),
          ).toBe(true);
          const colors = typeof options.colors === 'number' ? options.colors : options.colors[1];
          expect(jewelsOf(game).size).toBeLessThanOrEqual(colors);
          expect([...jewelsOf(game)].every((j) => j >= 0 && j < 26)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  });

  it("should draw the statement's field sizes by default, every one of them within 2,000 games", () => {
    const games = fc.sample(answer(columnsGames()), { seed: 1, numRuns: 2000 });
    const sizes = new Set(games.map((g) => `${g.instance.width}x${g.instance.height}`));
    const [w, h] = [STATEMENT_SHAPE.width, STATEMENT_SHAPE.height];
    expect(sizes.size).toBe((w[1] - w[0] + 1) * (h[1] - h[0] + 1));
    expect(games.every((g) => within(g.instance.width, w) && within(g.instance.height, h))).toBe(true);
  });

  it('should reach every Columns corner within the 200 games conform plays by default', () => {
    const games = fc.sample(answer(columnsGames()), { seed: 1, numRuns: 200 });
    const reached = new Set<string>(games.flatMap((game) => answer(columnsCorners(game))));
    expect(Object.keys(COLUMNS_CORNERS).filter((corner) => !reached.has(corner))).toEqual([]);
  });

  it('should shrink a failing game to a few columns, and never out of the bounds', () => {
    // "No game ends over" is false: the smallest counterexample piles columns in one place.
    const endsOver = (game: ColumnsGame) => answer(columnsSteps(game)).at(-1) === OVER;
    const details = fc.check(
      fc.property(answer(columnsGames()), (game) => !endsOver(game)),
      { seed: 5 },
    );
    expect(details.failed).toBe(true);
    const shrunk = details.counterexample![0];
    expect([shrunk.instance.width, shrunk.instance.height]).toEqual([6, 13]);
    // Twelve columns: the size the conformance guide promises for a counterexample.
    expect(shrunk.instance.pieces.length).toBeLessThanOrEqual(12);
  });

  it('should refuse bounds outside the engine limits as a value, naming the option', () => {
    expect(columnsGames({ height: 2 })).toEqual({
      ok: false,
      error: {
        code: 'invalid-option',
        field: 'options.height',
        message: 'options.height must be a whole number from 3 to 256, or [min, max] of them with min <= max, found 2',
      },
    });
    expect(columnsGames({ colors: [1, 27] })).toMatchObject({ ok: false, error: { field: 'options.colors' } });
  });

  it('should answer any value of any option with games or a refusal, never a throw', () => {
    const options = fc.oneof(
      hostileValue,
      ...(['width', 'height', 'colors'] as const).map((key) =>
        spoiled({ width: 6, height: [13, 14] as const, colors: 3 }, key),
      ),
      fc.record({ height: fc.tuple(hostileValue, hostileValue) }),
    );
    fc.assert(
      fc.property(options, (given) => {
        const games = columnsGames(given as ColumnsGameOptions);
        expect(typeof games.ok).toBe('boolean');
        if (!games.ok) expectSoundResult(games);
        else for (const game of fc.sample(games.value, { seed: 1, numRuns: 2 })) expectSoundResult(columnsSteps(game));
      }),
    );
  });
});

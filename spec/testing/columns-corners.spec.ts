import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READINGS } from '../../lib/columns/engine/readings.js';
import { COLUMNS_CORNERS, COLUMNS_READING_CORNERS, columnsCorners } from '../../lib/testing/columns-corners.js';
import type { ColumnsGame } from '../../lib/testing/columns-games.js';
import { expectSoundResult } from '../support/hostile-values.js';
import { answer, hostileColumnsGame } from './fixtures.js';

const game = (width: number, height: number, tokens: string, placements: string): ColumnsGame => ({
  instance: {
    width,
    height,
    pieces: tokens
      .split(' ')
      .map((t) =>
        t === '***'
          ? ({ magic: true } as const)
          : ({ magic: false, jewels: [...t].map((c) => c.charCodeAt(0) - 97) as [number, number, number] } as const),
      ),
  },
  placements: placements.split(',').map((p) => {
    const [position, shifts] = p.trim().split(' ').map(Number);
    return { position, shifts };
  }),
});

describe('columnsCorners', () => {
  it('should see a vertical run of four landing in the top row, and not count it as matches crossing', () => {
    // c a a, then a a b on top: a four-high run of a from row 2 to row 5 of 6.
    expect(answer(columnsCorners(game(1, 6, 'caa aab', '1 0, 1 0')))).toEqual([
      'match-vertical',
      'run-of-four',
      'fills-to-the-top',
    ]);
  });

  it('should see a jewel in two matches of different directions (an L)', () => {
    // a in the bottom row of columns 2 and 3, then a a a in column 1: a row and a column meet at its foot.
    expect(answer(columnsCorners(game(3, 6, 'abc acb aaa', '2 0, 3 0, 1 0')))).toEqual([
      'match-horizontal',
      'match-vertical',
      'jewel-in-several-matches',
    ]);
  });

  it('should see a magic column sticking out by one row, and one on the floor', () => {
    expect(answer(columnsCorners(game(2, 5, '*** abc ***', '2 0, 1 0, 1 0')))).toEqual([
      'magic-on-floor',
      'game-over',
      'over-by-one',
      'magic-game-over',
    ]);
  });

  it('should see a diagonal falling to the right, letters other than the first, and a chain', () => {
    // Columns 1 to 3 hold x at heights 3, 2 and 1: a falling diagonal (the rest is y and z).
    const corners = answer(columnsCorners(game(3, 13, 'yzx zxy xyz', '1 0, 2 0, 3 0')));
    expect(corners).toContain('match-diagonal-down');
    expect(corners).toContain('letters-beyond-the-first');
    expect(corners).not.toContain('match-diagonal-up');
  });
});

describe('COLUMNS_READING_CORNERS', () => {
  it('should say for every reading where it shows, with corners that exist', () => {
    expect(Object.keys(COLUMNS_READING_CORNERS).sort()).toEqual(Object.keys(READINGS).sort());
    const named = Object.values(COLUMNS_READING_CORNERS).flatMap((c) => ('corners' in c ? c.corners : []));
    expect(named.filter((corner) => !(corner in COLUMNS_CORNERS))).toEqual([]);
  });
});

describe('columnsCorners with values it cannot use', () => {
  it('should answer any game with its corners or a refusal, never a throw', () => {
    fc.assert(fc.property(hostileColumnsGame, (game) => expectSoundResult(columnsCorners(game as ColumnsGame))));
  });
});

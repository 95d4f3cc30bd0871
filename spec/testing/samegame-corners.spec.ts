import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { READINGS } from '../../lib/samegame/engine/readings.js';
import { SAMEGAME_CORNERS, SAMEGAME_READING_CORNERS, samegameCorners } from '../../lib/testing/samegame-corners.js';
import type { SamegameGame } from '../../lib/testing/samegame-games.js';
import { rowsBoard } from '../samegame/boards.js';
import { expectSoundResult } from '../support/hostile-values.js';
import { answer, hostileSamegameGame } from './fixtures.js';

describe('samegameCorners', () => {
  it('should see a region around a hole, and two columns emptied apart at both edges', () => {
    const ring = rowsBoard(
      [
        [0, 0, 0],
        [0, 1, 0],
        [0, 0, 0],
      ],
      2,
    );
    expect(answer(samegameCorners({ board: ring, moves: [{ x: 2, y: 2 }] }))).toEqual([
      'column-emptied',
      'columns-emptied-apart',
      'first-column-emptied',
      'last-column-emptied',
      'region-around-a-hole',
      'move-not-on-first-cell',
    ]);
  });

  it('should see two columns emptied side by side on a one-row board, and then the board cleared', () => {
    const row = rowsBoard([[0, 0, 1, 1]], 2);
    expect(answer(samegameCorners({ board: row, moves: [{ x: 0, y: 0 }] }))).toEqual([
      'one-row',
      'column-emptied',
      'columns-emptied-side-by-side',
      'first-column-emptied',
      'two-cell-region',
    ]);
    expect(
      answer(
        samegameCorners({
          board: row,
          moves: [
            { x: 1, y: 0 },
            { x: 0, y: 0 },
          ],
        }),
      ),
    ).toContain('board-cleared');
  });

  it('should not count a region with a notch as one around a hole', () => {
    const notch = rowsBoard(
      [
        [0, 1, 0],
        [0, 0, 0],
      ],
      2,
    );
    expect(answer(samegameCorners({ board: notch, moves: [{ x: 0, y: 0 }] }))).not.toContain('region-around-a-hole');
  });
});

describe('SAMEGAME_READING_CORNERS', () => {
  it('should say for every reading where it shows, with corners that exist', () => {
    expect(Object.keys(SAMEGAME_READING_CORNERS).sort()).toEqual(Object.keys(READINGS).sort());
    const named = Object.values(SAMEGAME_READING_CORNERS).flatMap((c) => ('corners' in c ? c.corners : []));
    expect(named.filter((corner) => !(corner in SAMEGAME_CORNERS))).toEqual([]);
  });
});

describe('samegameCorners with values it cannot use', () => {
  it('should answer any game with its corners or a refusal, never a throw', () => {
    fc.assert(fc.property(hostileSamegameGame, (game) => expectSoundResult(samegameCorners(game as SamegameGame))));
  });
});

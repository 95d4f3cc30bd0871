// What the conformance specs share: bounds to draw, and a SameGame game worked by hand.
import fc from 'fast-check';

import type { Bounds } from '../../lib/testing/bounds.js';
import type { SamegameGame } from '../../lib/testing/samegame-games.js';
import { rowsBoard } from '../samegame/boards.js';

/** Bounds from `min` to `max`: one value or a range. */
export const boundsArb = (min: number, max: number): fc.Arbitrary<Bounds> =>
  fc.oneof(
    fc.integer({ min, max }),
    fc
      .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const),
  );

/** Whether `value` is within `bounds`. */
export const within = (value: number, bounds: Bounds): boolean =>
  typeof bounds === 'number' ? value === bounds : value >= bounds[0] && value <= bounds[1];

/**
 * Worked by hand: `1 0` takes the two 0s at the bottom left (0 points), column 1 empties and the
 * 1 on the right moves left beside the other 1; then `0 0` takes the two 1s and the board is
 * clear (0 + 1,000). {@link WORKED_ANSWER} is what a correct engine prints for it.
 */
export const WORKED_GAME: SamegameGame = {
  board: rowsBoard(
    [
      [1, -1, -1],
      [0, 0, 1],
    ],
    2,
  ),
  moves: [
    { x: 1, y: 0 },
    { x: 0, y: 0 },
  ],
};

/** What a correct engine prints for {@link WORKED_GAME}. */
export const WORKED_ANSWER = '0\n-1 -1 -1\n1 1 -1\n1000\n-1 -1 -1\n-1 -1 -1\n';

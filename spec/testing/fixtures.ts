// What the conformance specs share: bounds to draw, and a SameGame game worked by hand.
import fc from 'fast-check';
import type { Piece } from '../../lib/columns/engine/instance.js';
import type { Result } from '../../lib/core/result.js';
import type { Bounds } from '../../lib/testing/bounds.js';
import type { ColumnsGame } from '../../lib/testing/columns-games.js';
import type { SamegameGame } from '../../lib/testing/samegame-games.js';
import { rowsBoard } from '../samegame/boards.js';
import { hostileValue, spoiled } from '../support/hostile-values.js';

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

/** The value of a conformance function's answer, failing the spec on a refusal. */
export function answer<T>(result: Result<T, { readonly message: string }>): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A Columns game worked out in the protocol's spec: three columns wide, four rows high, five columns. */
export const COLUMNS_GAME: ColumnsGame = {
  instance: {
    width: 3,
    height: 4,
    pieces: [
      { magic: false, jewels: [0, 1, 2] },
      { magic: true },
      { magic: false, jewels: [1, 1, 1] },
      { magic: false, jewels: [0, 0, 0] },
    ],
  },
  placements: [
    { position: 1, shifts: 1 },
    { position: 2, shifts: 0 },
    { position: 2, shifts: 0 },
    { position: 1, shifts: 0 },
  ],
};

/** `value` with its item `index` replaced by `item`. */
const withItem = <T>(values: readonly T[], index: number, item: T): T[] =>
  values.map((v, i) => (i === index ? item : v));

/** SameGame games a stranger may pass: anything, or the worked game with one field, cell or move spoiled. */
export const hostileSamegameGame: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  spoiled(WORKED_GAME, 'board'),
  spoiled(WORKED_GAME, 'moves'),
  ...(['width', 'height', 'colors', 'cells'] as const).map((key) =>
    spoiled(WORKED_GAME.board, key).map((board) => ({ ...WORKED_GAME, board })),
  ),
  fc.tuple(fc.nat(5), hostileValue).map(([i, cell]) => ({
    ...WORKED_GAME,
    board: { ...WORKED_GAME.board, cells: withItem(WORKED_GAME.board.cells, i, cell as number) },
  })),
  fc.tuple(fc.nat(1), fc.constantFrom('x' as const, 'y' as const)).chain(([i, key]) =>
    spoiled(WORKED_GAME.moves[i], key).map((move) => ({
      ...WORKED_GAME,
      moves: withItem(WORKED_GAME.moves, i, move),
    })),
  ),
  fc
    .array(fc.record({ x: fc.integer({ min: -1, max: 3 }), y: fc.integer({ min: -1, max: 2 }) }), { maxLength: 3 })
    .map((moves) => ({ ...WORKED_GAME, moves })),
);

/** Columns games a stranger may pass: anything, or the worked game with one field, column or placement spoiled. */
export const hostileColumnsGame: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  spoiled(COLUMNS_GAME, 'instance'),
  spoiled(COLUMNS_GAME, 'placements'),
  ...(['width', 'height', 'pieces'] as const).map((key) =>
    spoiled(COLUMNS_GAME.instance, key).map((instance) => ({ ...COLUMNS_GAME, instance })),
  ),
  fc.tuple(fc.nat(3), hostileValue).map(([i, piece]) => ({
    ...COLUMNS_GAME,
    instance: { ...COLUMNS_GAME.instance, pieces: withItem(COLUMNS_GAME.instance.pieces, i, piece as Piece) },
  })),
  fc.tuple(fc.nat(3), fc.constantFrom('position' as const, 'shifts' as const)).chain(([i, key]) =>
    spoiled(COLUMNS_GAME.placements[i], key).map((placement) => ({
      ...COLUMNS_GAME,
      placements: withItem(COLUMNS_GAME.placements, i, placement),
    })),
  ),
);

/** Steps an engine may answer: anything, or points and rows of anything. */
export const hostileSteps: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc.array(fc.oneof(hostileValue, fc.record({ points: hostileValue, rows: hostileValue })), { maxLength: 3 }),
  fc.array(
    fc.record({
      points: fc.double(),
      rows: fc.array(fc.oneof(fc.string(), fc.array(fc.oneof(fc.double(), hostileValue)))),
    }),
    { maxLength: 3 },
  ),
);

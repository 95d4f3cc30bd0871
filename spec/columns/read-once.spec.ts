// What a caller hands the Columns engine is read once, at the boundary: every public function
// then works on the copy it checked (issue 81). An instance, a position, a field or a placement
// may hold getters or be a Proxy (their types allow it) whose fields answer otherwise on a later
// read; such values made `solve` throw a RangeError and `play` a TypeError from inside. Played as
// checked, each must answer exactly what the plain value it first showed answers.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as columns from '../../lib/columns/index.js';
import { fickle } from '../support/fickle.js';
import { hostileValue } from '../support/hostile-values.js';
import { gameArb } from './arbitraries.js';

/** A value a later read turns to: anything hostile, or a size or list that is valid but another. */
const later = fc.oneof(
  hostileValue,
  fc.constantFrom(64, 0, 256, [], [[1, 2, 3]], [{ magic: false, jewels: [30, 30] }]),
);

/** A small game, and a call that changes one field of one of its values after its first read. */
const gameAndFickle = gameArb(12).chain((game) =>
  fc.record({
    game: fc.constant(game),
    instanceKey: fc.constantFrom('width', 'height', 'pieces') as fc.Arbitrary<keyof columns.Instance>,
    placementKey: fc.constantFrom('position', 'shifts') as fc.Arbitrary<keyof columns.Placement>,
    positionKey: fc.constantFrom('instance', 'field', 'next', 'score', 'over') as fc.Arbitrary<keyof columns.Position>,
    fieldKey: fc.constantFrom('width', 'height', 'stacks') as fc.Arbitrary<keyof columns.Field>,
    later,
  }),
);

/** What one run draws. */
type Drawn = typeof gameAndFickle extends fc.Arbitrary<infer D> ? D : never;

/** Every public function of tilefall/columns that takes a value, on the plain value and on the fickle one. */
const calls: ReadonlyArray<readonly [string, (drawn: Drawn, fickleOne: boolean) => unknown]> = [
  [
    'solve',
    ({ game, instanceKey, later: l }, f) =>
      columns.solve(f ? fickle(game.instance, instanceKey, l) : game.instance, { budget: { nodes: 100 } }),
  ],
  [
    'referee',
    ({ game, instanceKey, later: l }, f) =>
      columns.referee(f ? fickle(game.instance, instanceKey, l) : game.instance, columns.formatMoves(game.placements)),
  ],
  [
    'replay',
    ({ game, instanceKey, later: l }, f) =>
      columns.replay(f ? fickle(game.instance, instanceKey, l) : game.instance, columns.formatMoves(game.placements)),
  ],
  [
    'playMoves',
    ({ game, instanceKey, later: l }, f) =>
      columns.playMoves(f ? fickle(game.instance, instanceKey, l) : game.instance, game.placements),
  ],
  [
    'start',
    ({ game, instanceKey, later: l }, f) => columns.start(f ? fickle(game.instance, instanceKey, l) : game.instance),
  ],
  [
    'formatInstance',
    ({ game, instanceKey, later: l }, f) =>
      columns.formatInstance(f ? fickle(game.instance, instanceKey, l) : game.instance),
  ],
  [
    'playMoves of a placement',
    ({ game, placementKey, later: l }, f) =>
      columns.playMoves(
        game.instance,
        game.placements.map((p) => (f ? fickle(p, placementKey, l) : p)),
      ),
  ],
  [
    'formatMoves',
    ({ game, placementKey, later: l }, f) =>
      columns.formatMoves(game.placements.map((p) => (f ? fickle(p, placementKey, l) : p))),
  ],
  [
    'play of a placement',
    ({ game, placementKey, later: l }, f) =>
      columns.play(
        columns.start(game.instance),
        f ? fickle({ position: 1, shifts: 0 }, placementKey, l) : { position: 1, shifts: 0 },
      ),
  ],
  [
    'play of a position',
    ({ game, positionKey, later: l }, f) => {
      const p = columns.start(game.instance);
      return columns.play(f ? fickle(p, positionKey, l) : p, { position: 1, shifts: 0 });
    },
  ],
  [
    'isTerminal',
    ({ game, positionKey, later: l }, f) => {
      const p = columns.start(game.instance);
      return columns.isTerminal(f ? fickle(p, positionKey, l) : p);
    },
  ],
  [
    'legalMoves',
    ({ game, positionKey, later: l }, f) => {
      const p = columns.start(game.instance);
      return columns.legalMoves(f ? fickle(p, positionKey, l) : p);
    },
  ],
  [
    'play of a field',
    ({ game, fieldKey, later: l }, f) => {
      const p = columns.start(game.instance);
      return columns.play(f ? { ...p, field: fickle(p.field, fieldKey, l) } : p, { position: 1, shifts: 0 });
    },
  ],
  [
    'formatField',
    ({ game, fieldKey, later: l }, f) => {
      const { field } = columns.start(game.instance);
      return columns.formatField(f ? fickle(field, fieldKey, l) : field);
    },
  ],
];

describe('a Columns value whose fields change after they are read', () => {
  it.each(calls)('should be played by %s as the value it was when checked', (_name, call) => {
    fc.assert(
      fc.property(gameAndFickle, (drawn) => {
        expect(call(drawn, true)).toEqual(call(drawn, false));
      }),
    );
  });
});

// Every entry point of tilefall/columns answers any value with a result or a refusal, never a
// throw, a hang or an `ok` holding a NaN: fast-check's anything and the near misses into each
// argument, and each option of a good call spoiled in turn. The instances are small, so that any
// budget a hostile value happens to make valid still ends within a few thousand nodes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance, Placement, Position, SolveOptions } from '../../lib/columns/index.js';
import * as columns from '../../lib/columns/index.js';
import { expectSoundResult, hostileValue, spoiled } from '../support/hostile-values.js';

const {
  DEFAULT_WEIGHTS,
  formatField,
  formatInstance,
  formatInstances,
  formatMoves,
  generate,
  isTerminal,
  legalMoves,
  parseInstance,
  parseInstances,
  parseMoves,
  parseWeights,
  play,
  playMoves,
  referee,
  replay,
  solve,
  start,
} = columns;

/** A small instance: 6 x 13, ten columns of three colors with a magic one. */
const INSTANCE: Instance = {
  width: 6,
  height: 13,
  pieces: ['aab', 'abc', 'ccb', '***', 'bba', 'aca', 'cab', 'bbc', 'abb', 'cca'].map((token) =>
    token === '***'
      ? { magic: true }
      : { magic: false, jewels: [...token].map((c) => c.charCodeAt(0) - 97) as [number, number, number] },
  ),
};

/** A position two columns into a game of {@link INSTANCE}. */
function secondPosition(): Position {
  let position = start(INSTANCE);
  for (const placement of [
    { position: 1, shifts: 0 },
    { position: 2, shifts: 1 },
  ]) {
    const played = play(position, placement);
    if (!played.ok) throw new Error(played.error.message);
    position = played.value.position;
  }
  return position;
}

const GOOD_SOLVE: SolveOptions = { budget: { nodes: 2000 }, weights: DEFAULT_WEIGHTS, maxWidth: 8 };
const GOOD_GENERATE = { seed: 1, count: 2, width: 6, height: 13, columns: 10, colors: 3, magicRate: 0.1 };
const GOOD_PLACEMENT: Placement = { position: 3, shifts: 2 };
const OUTPUT = '2\n1 0\n6 2\n';

/** An instance with one field spoiled, or one of its pieces. */
const spoiledInstance: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('width', 'height', 'pieces').chain((key) => spoiled(INSTANCE, key as keyof Instance & string)),
  fc
    .tuple(fc.nat(INSTANCE.pieces.length - 1), hostileValue)
    .map(([i, bad]) => ({ ...INSTANCE, pieces: INSTANCE.pieces.map((p, j) => (i === j ? bad : p)) })),
  fc.tuple(fc.nat(2), hostileValue).map(([j, bad]) => ({
    ...INSTANCE,
    pieces: [{ magic: false, jewels: [0, 1, 2].map((c, k) => (j === k ? bad : c)) }],
  })),
);

/** Anything, or a near miss of an instance. */
const badInstance = fc.oneof(hostileValue, spoiledInstance);

/** A position with one field spoiled, its field's stacks too. */
const badPosition: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  fc
    .constantFrom('instance', 'field', 'next', 'score', 'over')
    .chain((key) => spoiled(secondPosition(), key as keyof Position & string)),
  spoiledInstance.map((instance) => ({ ...secondPosition(), instance })),
  fc.tuple(fc.nat(INSTANCE.width - 1), hostileValue).map(([x, bad]) => {
    const position = secondPosition();
    return {
      ...position,
      field: { ...position.field, stacks: position.field.stacks.map((s, i) => (i === x ? bad : s)) },
    };
  }),
);

/** Anything, or a placement with one field spoiled. */
const badPlacement = fc.oneof(
  hostileValue,
  fc.constantFrom('position', 'shifts').chain((key) => spoiled(GOOD_PLACEMENT, key as keyof Placement & string)),
);

/** Each good argument of a call with one made hostile, for a call of `arity` arguments. */
function oneBad<A extends unknown[]>(good: A, bad: { [K in keyof A]: fc.Arbitrary<unknown> }): fc.Arbitrary<A> {
  return fc
    .nat(good.length - 1)
    .chain((i) => (bad[i] as fc.Arbitrary<unknown>).map((value) => good.map((g, j) => (i === j ? value : g)) as A));
}

describe('tilefall/columns, given anything', () => {
  it('solve: a refusal or a sound solution, for any instance and options', () => {
    const options = fc.oneof(
      hostileValue,
      fc
        .constantFrom('budget', 'weights', 'maxWidth')
        .chain((key) => spoiled(GOOD_SOLVE, key as keyof SolveOptions & string)),
      spoiled(DEFAULT_WEIGHTS, 'potentialFactor').map((weights) => ({ ...GOOD_SOLVE, weights })),
      hostileValue.map((bad) => ({ ...GOOD_SOLVE, [typeof bad === 'string' ? bad : 'extra']: bad })),
    );
    fc.assert(
      fc.property(oneBad<[unknown, unknown]>([INSTANCE, GOOD_SOLVE], [badInstance, options]), ([instance, opts]) => {
        const solution = solve(instance as Instance, opts as SolveOptions);
        expectSoundResult(solution);
        if (solution.ok)
          expect(playMoves(instance as Instance, solution.value.moves)).toMatchObject({
            ok: true,
            value: { valid: true },
          });
      }),
    );
  });

  it('generate: a refusal or sound instances, for any options', () => {
    const options = fc.oneof(
      hostileValue,
      fc
        .constantFrom(...(Object.keys(GOOD_GENERATE) as (keyof typeof GOOD_GENERATE)[]))
        .chain((key) => spoiled(GOOD_GENERATE, key)),
    );
    fc.assert(
      fc.property(options, (value) => {
        const instances = generate(value as columns.GenerateOptions);
        expectSoundResult(instances);
        if (instances.ok) for (const instance of instances.value) expect(formatInstance(instance)).not.toBe('');
      }),
    );
  });

  it('play: a refusal or a sound outcome, for any position and placement', () => {
    fc.assert(
      fc.property(
        oneBad<[unknown, unknown]>([secondPosition(), GOOD_PLACEMENT], [badPosition, badPlacement]),
        ([p, m]) => {
          const played = play(p as Position, m as Placement);
          expectSoundResult(played);
          if (played.ok) expect(Number.isInteger(played.value.position.score)).toBe(true);
        },
      ),
    );
  });

  it('start, isTerminal and legalMoves: plain answers, never a throw', () => {
    fc.assert(
      fc.property(badInstance, badPosition, (instance, position) => {
        const started = start(instance as Instance);
        expectSoundResult(play(started, GOOD_PLACEMENT));
        expect(typeof isTerminal(position as Position)).toBe('boolean');
        const moves = legalMoves(position as Position);
        expect(Array.isArray(moves)).toBe(true);
        for (const move of moves) expect(play(position as Position, move).ok).toBe(true);
      }),
    );
  });

  it('referee, replay and playMoves: a refusal or a sound verdict, for any instance, output and placements', () => {
    const badOutput = fc.oneof(hostileValue, fc.string());
    const badPlacements = fc.oneof(hostileValue, fc.array(badPlacement, { maxLength: 3 }));
    fc.assert(
      fc.property(
        oneBad<[unknown, unknown]>([INSTANCE, OUTPUT], [badInstance, badOutput]),
        oneBad<[unknown, unknown]>([INSTANCE, [GOOD_PLACEMENT]], [badInstance, badPlacements]),
        ([instance, output], [again, placements]) => {
          expectSoundResult(referee(instance as Instance, output as string));
          expectSoundResult(replay(instance as Instance, output as string));
          expectSoundResult(playMoves(again as Instance, placements as Placement[]));
        },
      ),
    );
  });

  it('the text forms: a refusal or a sound value to parse, a string to format, for anything', () => {
    const shape = { width: INSTANCE.width, pieces: INSTANCE.pieces };
    const badShape = fc.oneof(
      hostileValue,
      fc.constantFrom('width', 'pieces').chain((key) => spoiled(shape, key as keyof typeof shape & string)),
    );
    fc.assert(
      fc.property(
        hostileValue,
        oneBad<[unknown, unknown]>([OUTPUT, shape], [hostileValue, badShape]),
        (value, [text, instance]) => {
          expectSoundResult(parseInstance(value as string));
          expectSoundResult(parseInstances(value as string));
          expectSoundResult(parseMoves(text as string, instance as Instance));
          expectSoundResult(parseWeights(value));
          for (const text of [
            formatInstance(value as Instance),
            formatInstances(value as Instance[]),
            formatMoves(value as Placement[]),
          ])
            expect(typeof text).toBe('string');
          expect(Array.isArray(formatField(value as columns.Field))).toBe(true);
        },
      ),
    );
  });
});

describe('tilefall/columns, given good values', () => {
  it('should still solve, generate, play, judge and replay', () => {
    const solution = solve(INSTANCE, GOOD_SOLVE);
    if (!solution.ok) throw new Error(solution.error.message);
    const verdict = referee(INSTANCE, formatMoves(solution.value.moves));
    expect(verdict).toMatchObject({ ok: true, value: { valid: true, score: solution.value.score } });
    expect(replay(INSTANCE, OUTPUT)).toMatchObject({ ok: true, value: { valid: true, columnCount: 10 } });
    expect(playMoves(INSTANCE, [GOOD_PLACEMENT])).toMatchObject({ ok: true, value: { valid: true } });
    const instances = generate(GOOD_GENERATE);
    expect(instances.ok && instances.value.map((i) => [i.width, i.pieces.length])).toEqual([
      [6, 10],
      [6, 10],
    ]);
    const position = secondPosition();
    expect(position).toMatchObject({ next: 2, over: false });
    expect(legalMoves(position)).toHaveLength(18);
    expect(parseInstance(formatInstance(INSTANCE))).toEqual({ ok: true, value: INSTANCE });
    expect(parseMoves(OUTPUT, INSTANCE)).toEqual({
      ok: true,
      value: [
        { position: 1, shifts: 0 },
        { position: 6, shifts: 2 },
      ],
    });
  });
});

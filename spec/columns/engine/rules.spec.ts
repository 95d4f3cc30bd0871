import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Instance, Piece, Placement } from '../../../lib/columns/engine/instance.js';
import { READINGS } from '../../../lib/columns/engine/readings.js';
import { playMoves } from '../../../lib/columns/engine/referee.js';
import { isTerminal, legalMoves, type Position, play, start } from '../../../lib/columns/engine/rules.js';
import { gameArb, validGame } from '../arbitraries.js';

/** Plays every column one call at a time, with the default placement after the given ones. */
function playOneByOne(position: Position, placements: readonly { position: number; shifts: number }[]): Position {
  let current = position;
  while (!isTerminal(current)) {
    const played = play(current, placements[current.next] ?? READINGS.defaultPlacement);
    if (!played.ok) throw new Error(played.error.message);
    current = played.value.position;
  }
  return current;
}

describe('play', () => {
  it('should reach the score, field and end of playMoves when the columns are played one by one', () => {
    fc.assert(
      fc.property(gameArb(60), ({ instance, placements }) => {
        const end = playOneByOne(start(instance), placements);
        const whole = validGame(playMoves(instance, placements));
        expect(end.score).toBe(whole.score);
        expect(end.field).toEqual(whole.field);
        expect(end.over).toBe(whole.gameOverAt !== null);
        expect(end.next).toBe(whole.gameOverAt ?? instance.pieces.length);
      }),
    );
  });

  it('should never change the position it is given', () => {
    fc.assert(
      fc.property(gameArb(20), ({ instance, placements }) => {
        const first = start(instance);
        const copy = structuredClone(first);
        play(first, placements[0] ?? READINGS.defaultPlacement);
        expect(first).toEqual(copy);
      }),
    );
  });

  it('should refuse placements outside the output ranges, and any placement once the game is over', () => {
    const instance = { width: 6, height: 13, pieces: [{ magic: true as const }] };
    const refused = (position: Position, p: number, s: number) => {
      const played = play(position, { position: p, shifts: s });
      return played.ok ? null : played.error.code;
    };
    expect(refused(start(instance), 0, 0)).toBe('position-out-of-range');
    expect(refused(start(instance), 7, 0)).toBe('position-out-of-range');
    expect(refused(start(instance), 1, 3)).toBe('shifts-out-of-range');
    expect(refused(start(instance), -0, 0)).toBe('position-out-of-range');
    const end = playOneByOne(start(instance), []);
    expect(refused(end, 1, 0)).toBe('game-over');
  });

  it('should refuse a placement that is not two whole numbers as invalid-cell, naming the field', () => {
    const first = start({ width: 6, height: 13, pieces: [{ magic: true as const }] });
    const cases: [unknown, string][] = [
      [{ position: 1.5, shifts: 0 }, 'placement.position'],
      [{ position: Number.NaN, shifts: 0 }, 'placement.position'],
      [{ position: 1, shifts: '0' }, 'placement.shifts'],
      [{ position: 1 }, 'placement.shifts'],
      [null, 'placement'],
      [[1, 0], 'placement'],
    ];
    for (const [placement, field] of cases)
      expect(play(first, placement as Placement)).toMatchObject({ ok: false, error: { code: 'invalid-cell', field } });
  });

  it('should refuse a position the engine could not have made as invalid-instance, naming the field', () => {
    const instance = { width: 2, height: 3, pieces: [{ magic: false as const, jewels: [0, 1, 2] as const }] };
    const first = start(instance);
    const cases: [unknown, string][] = [
      [null, 'position'],
      [{ ...first, next: 1.5 }, 'position.next'],
      [{ ...first, next: 2 }, 'position.next'],
      [{ ...first, score: Number.NaN }, 'position.score'],
      [{ ...first, over: 'no' }, 'position.over'],
      [{ ...first, field: { ...first.field, width: 3 } }, 'position.field.width'],
      [{ ...first, field: { ...first.field, stacks: [[], [], []] } }, 'position.field.stacks'],
      [{ ...first, field: { ...first.field, stacks: [[0, 1, 2, 0], []] } }, 'position.field.stacks[0]'],
      [{ ...first, field: { ...first.field, stacks: [[26], []] } }, 'position.field.stacks[0][0]'],
      [{ ...first, instance: { ...instance, width: 0 } }, 'position.instance.width'],
      [
        { ...first, instance: { ...instance, pieces: [{ magic: false, jewels: [0, 1] }] } },
        'position.instance.pieces[0].jewels',
      ],
    ];
    for (const [position, field] of cases) {
      const played = play(position as Position, { position: 1, shifts: 0 });
      expect(played).toMatchObject({ ok: false, error: { code: 'invalid-instance', field } });
      expect(isTerminal(position as Position)).toBe(true);
      expect(legalMoves(position as Position)).toEqual([]);
    }
  });

  it('should play the instance as it was when its game started, and refuse a piece of the position changed since', () => {
    const pieces: Piece[] = [
      { magic: false, jewels: [0, 1, 2] },
      { magic: false, jewels: [0, 1, 2] },
    ];
    const first = start({ width: 3, height: 6, pieces });
    const played = play(first, { position: 1, shifts: 0 });
    if (!played.ok) throw new Error(played.error.message);
    const unchanged = play(played.value.position, { position: 1, shifts: 0 });
    pieces[1] = { magic: false, jewels: [0, Number.NaN, 2] };
    expect(play(played.value.position, { position: 1, shifts: 0 })).toEqual(unchanged);
    (played.value.position.instance.pieces as Piece[])[1] = { magic: false, jewels: [0, Number.NaN, 2] };
    expect(play(played.value.position, { position: 1, shifts: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-instance', field: 'position.instance.pieces[1].jewels[1]' },
    });
  });
});

describe('start', () => {
  it('should start a game that is over at once from a value that is not an instance, and play refuses it', () => {
    for (const bad of [
      null,
      {},
      { width: 6, height: 13, pieces: [] },
      { width: 1e9, height: 13, pieces: [{ magic: true }] },
    ]) {
      const position = start(bad as Instance);
      expect(isTerminal(position)).toBe(true);
      expect(legalMoves(position)).toEqual([]);
      expect(play(position, { position: 1, shifts: 0 })).toMatchObject({
        ok: false,
        error: { code: 'invalid-instance' },
      });
    }
  });
});

describe('legalMoves', () => {
  it('should list every position and shift while columns are left, and nothing at the end', () => {
    fc.assert(
      fc.property(gameArb(20), ({ instance, placements }) => {
        const first = start(instance);
        expect(legalMoves(first)).toHaveLength(instance.width * 3);
        expect(legalMoves(first).every((m) => play(first, m).ok)).toBe(true);
        expect(legalMoves(playOneByOne(first, placements))).toEqual([]);
      }),
    );
  });
});

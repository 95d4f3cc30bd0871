import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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
    expect(refused(start(instance), 1.5, 0)).toBe('position-out-of-range');
    const end = playOneByOne(start(instance), []);
    expect(refused(end, 1, 0)).toBe('game-over');
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

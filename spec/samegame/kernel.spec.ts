import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../lib/samegame/kernel.js';
import { isTerminal, legalMoves, play } from '../../lib/samegame/rules.js';
import { parseBoards } from '../../lib/samegame/text.js';
import { boardArb, standardBoardArb } from './arbitraries.js';
import { readShared } from '../support/shared.js';

const sortedMoves = (k: Kernel): number[] => {
  const moves = new Int32Array(k.width * k.height);
  return Array.from(moves.subarray(0, k.legalMoves(moves)));
};

describe('Kernel', () => {
  it('should play every move exactly as the engine does: same boards, scores and legal moves after each move', () => {
    fc.assert(
      fc.property(fc.oneof(boardArb({ maxWidth: 12, maxHeight: 12 }), standardBoardArb), fc.array(fc.nat(), { maxLength: 120 }), (start, picks) => {
        const kernel = Kernel.fromBoard(start);
        let board = start;
        let score = 0;
        for (const pick of picks) {
          const engineMoves = legalMoves(board);
          expect(sortedMoves(kernel)).toEqual(engineMoves.map((m) => m.x * board.height + m.y));
          expect(kernel.isTerminal()).toBe(isTerminal(board));
          if (engineMoves.length === 0) break;
          const move = engineMoves[pick % engineMoves.length];
          const outcome = play(board, move);
          if (!outcome.ok) throw new Error(outcome.error.message);
          board = outcome.value.board;
          score += outcome.value.points + outcome.value.clearBonus;
          const points = kernel.play(move.x * board.height + move.y);
          expect(points).toBe(outcome.value.points + outcome.value.clearBonus);
          expect(kernel.toBoard()).toEqual(board);
          expect(kernel.score).toBe(score);
        }
      }),
    );
  });

  it('should refuse an empty cell and a single cell without changing anything', () => {
    fc.assert(
      fc.property(boardArb(), fc.nat(), (b, pick) => {
        const kernel = Kernel.fromBoard(b);
        const index = pick % b.cells.length;
        if (kernel.regionAt(index) >= 2) return;
        expect(kernel.play(index)).toBe(-1);
        expect(kernel.toBoard()).toEqual(b);
        expect(kernel.score).toBe(0);
      }),
    );
  });

  it('should copy a position without sharing state', () => {
    const boards = parseBoards(readShared('datasets/samegame/standard20.txt'));
    if (!boards.ok) throw new Error(boards.error.message);
    const original = Kernel.fromBoard(boards.value[0]);
    const copy = original.clone();
    const moves = new Int32Array(225);
    expect(copy.legalMoves(moves)).toBeGreaterThan(0);
    copy.play(moves[0]);
    expect(original.toBoard()).toEqual(boards.value[0]);
    expect(copy.toBoard()).not.toEqual(boards.value[0]);
  });
});

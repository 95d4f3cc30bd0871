import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { Zobrist } from '../../../lib/samegame/search/zobrist.js';
import { boardArb, moveChoicesArb, positionAfter, standardBoardArb } from '../arbitraries.js';

const boards = fc.oneof(boardArb({ maxWidth: 12, maxHeight: 12 }), standardBoardArb);

describe('Zobrist', () => {
  it('should hash equal positions equally, whatever moves led to them', () => {
    // Two orders of the same two disjoint moves reach one position.
    const board = { width: 3, height: 2, colors: 3, cells: [0, 0, 2, 1, 1, 1] };
    const zobrist = new Zobrist(6, 3);
    const a = Kernel.fromBoard(board);
    const b = Kernel.fromBoard(board);
    a.play(0);
    a.play(0);
    b.play(2);
    b.play(0);
    expect(a.toBoard()).toEqual(b.toBoard());
    expect(zobrist.hash(a)).toBe(zobrist.hash(b));
    expect(zobrist.hash(a)).not.toBe(zobrist.hash(Kernel.fromBoard(board)));
  });

  it("should hash each child from its parent's column hashes as a full hash of the child does", () => {
    fc.assert(
      fc.property(boards, moveChoicesArb, (board, picks) => {
        const zobrist = new Zobrist(board.cells.length, board.colors);
        const parent = positionAfter(board, picks);
        const moves = new Int32Array(board.cells.length);
        const columnHashes = new Int32Array(2 * (board.width + 1));
        zobrist.columnHashes(parent, columnHashes);
        expect(zobrist.hashFrom(parent, columnHashes, board.width, board.width)).toBe(zobrist.hash(parent));
        const count = parent.legalMoves(moves);
        const child = parent.clone();
        for (let m = 0; m < count; m++) {
          child.copyFrom(parent);
          child.play(moves[m]);
          expect(zobrist.hashFrom(child, columnHashes, child.changedFrom, child.changedTo + 1)).toBe(
            zobrist.hash(child),
          );
        }
      }),
    );
  });
});

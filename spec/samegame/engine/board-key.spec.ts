import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, EMPTY } from '../../../lib/samegame/engine/board.js';
import { boardKey } from '../../../lib/samegame/engine/board-key.js';
import { boardArb } from '../arbitraries.js';
import { generated } from '../boards.js';

/** The board with every color c renamed to permutation[c]. */
const recolored = (board: Board, permutation: readonly number[]): Board => ({
  ...board,
  cells: board.cells.map((c) => (c === EMPTY ? c : permutation[c])),
});

describe('boardKey', () => {
  it('should give a board and every recoloring of it the same key', () => {
    fc.assert(
      fc.property(
        boardArb().chain((board) =>
          fc.tuple(
            fc.constant(board),
            fc.shuffledSubarray([...Array(board.colors).keys()], { minLength: board.colors }),
          ),
        ),
        ([board, permutation]) => {
          expect(boardKey(recolored(board, permutation))).toBe(boardKey(board));
        },
      ),
    );
  });

  it('should tell apart boards that differ in one cell, in size, or in 100 generated boards', () => {
    const boards = generated({ count: 100, seed: 5 });
    expect(new Set(boards.map(boardKey)).size).toBe(100);
    const [board] = boards;
    const cells = [...board.cells];
    cells[17] = (cells[17] + 1) % board.colors;
    expect(boardKey({ ...board, cells })).not.toBe(boardKey(board));
    // The same cells read as another shape.
    expect(boardKey({ ...board, width: 25, height: 9 })).not.toBe(boardKey(board));
    expect(boardKey(board)).toMatch(/^[0-9a-f]{16}$/);
  });
});

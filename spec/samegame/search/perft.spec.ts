import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Board } from '../../../lib/samegame/engine/board.js';
import { legalMoves, play } from '../../../lib/samegame/engine/rules.js';
import { MAX_PERFT_DEPTH, type PerftCounts, perft } from '../../../lib/samegame/search/perft.js';
import { boardArb } from '../arbitraries.js';
import { rowsBoard } from '../boards.js';

/**
 * Perft counted the slow way, with the immutable engine and no merging: every sequence's board
 * is kept, and positions are told apart by their cells alone.
 */
function naivePerft(board: Board, depth: number): { depth: number; sequences: number; positions: number }[] {
  const rows = [];
  let boards: Board[] = [board];
  for (let d = 1; d <= depth; d++) {
    boards = boards.flatMap((b) => legalMoves(b).map((move) => playedBoard(b, move)));
    rows.push({ depth: d, sequences: boards.length, positions: new Set(boards.map((b) => b.cells.join())).size });
  }
  return rows;
}

function playedBoard(board: Board, move: { x: number; y: number }): Board {
  const outcome = play(board, move);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.value.board;
}

const counted = (board: Board, depth: number, divide = false): PerftCounts => {
  const counts = perft(board, depth, { divide });
  if (!counts.ok) throw new Error(counts.error.message);
  return counts.value;
};

const depthRows = (rows: readonly (readonly [number, number])[]) =>
  rows.map(([sequences, positions], i) => ({ depth: i + 1, sequences, positions }));

/** Full boards of `colors` colors, 3 to `maxSide` cells a side: full enough for depth 3 to branch. */
const fullBoards = (minColors: number, maxColors: number, maxSide: number): fc.Arbitrary<Board> =>
  fc
    .record({
      width: fc.integer({ min: 3, max: maxSide }),
      height: fc.integer({ min: 3, max: maxSide }),
      colors: fc.integer({ min: minColors, max: maxColors }),
    })
    .chain(({ width, height, colors }) =>
      fc
        .array(fc.integer({ min: 0, max: colors - 1 }), { minLength: width * height, maxLength: width * height })
        .map((cells) => ({ width, height, colors, cells })),
    );

/**
 * Small boards of every kind perft meets: partly cleared ones of any shape, and full ones of two
 * to twenty colors (a key packs eight cells to a character for one color, one for twenty).
 */
const smallBoards = fc.oneof(boardArb({ maxWidth: 6, maxHeight: 6 }), fullBoards(2, 4, 7), fullBoards(5, 20, 6));

describe('perft', () => {
  it('should count the sequences and distinct positions of the immutable engine at depths 1 to 3', () => {
    fc.assert(
      fc.property(smallBoards, fc.integer({ min: 1, max: 3 }), (board, depth) => {
        expect(counted(board, depth).depths).toEqual(naivePerft(board, depth));
      }),
    );
  });

  it('should count one sequence and one position on a one-color column of two, and none at depth 2', () => {
    const board = rowsBoard([[0], [0]]);
    expect(counted(board, 2).depths).toEqual(
      depthRows([
        [1, 1],
        [0, 0],
      ]),
    );
  });

  it('should merge two first moves that transpose: three two-cell columns taken in any order', () => {
    // Columns 0 0 | 1 1 | 2 2: any two of the three leave the third, any three clear the board.
    const board = rowsBoard([
      [0, 1, 2],
      [0, 1, 2],
    ]);
    const counts = counted(board, 4);
    expect(counts.depths).toEqual(
      depthRows([
        [3, 3],
        [6, 3],
        [6, 1],
        [0, 0],
      ]),
    );
  });

  it('should close emptied columns up: taking the middle column joins its neighbors into one region', () => {
    // Columns 0 0 | 1 1 | 0 0. The 1s first leave one region of four 0s (one move, then clear);
    // either pair of 0s first leaves two columns (two moves), each then one column, then clear.
    const board = rowsBoard([
      [0, 1, 0],
      [0, 1, 0],
    ]);
    expect(counted(board, 4).depths).toEqual(
      depthRows([
        [3, 3],
        [5, 3],
        [4, 1],
        [0, 0],
      ]),
    );
  });

  it('should count a terminal or empty board as no sequence at every depth', () => {
    expect(counted(rowsBoard([[0, 1]]), 2).depths).toEqual(
      depthRows([
        [0, 0],
        [0, 0],
      ]),
    );
    expect(counted(rowsBoard([[-1, -1]]), 1, true)).toEqual({ depths: depthRows([[0, 0]]), divide: [] });
  });

  it('should divide the deepest depth by first move, with positions that overlap between first moves', () => {
    const board = rowsBoard([
      [0, 1, 2],
      [0, 1, 2],
    ]);
    expect(counted(board, 2, true).divide).toEqual([
      { move: { x: 0, y: 0 }, sequences: 2, positions: 2 },
      { move: { x: 1, y: 0 }, sequences: 2, positions: 2 },
      { move: { x: 2, y: 0 }, sequences: 2, positions: 2 },
    ]);
  });

  it("should divide by legalMoves' first moves in order, each counted as the engine counts its subtree", () => {
    fc.assert(
      fc.property(smallBoards, fc.integer({ min: 1, max: 3 }), (board, depth) => {
        const counts = counted(board, depth, true);
        const divide = counts.divide ?? [];
        const firstMoves = legalMoves(board);
        expect(divide.map((m) => m.move)).toEqual(firstMoves);
        const deepest = counts.depths[depth - 1];
        expect(divide.reduce((n, m) => n + m.sequences, 0)).toBe(deepest.sequences);
        expect(counts.depths).toEqual(counted(board, depth).depths);
        firstMoves.forEach((move, i) => {
          const child = playedBoard(board, move);
          const expected = depth === 1 ? { sequences: 1, positions: 1 } : naivePerft(child, depth - 1)[depth - 2];
          expect(divide[i]).toMatchObject({ sequences: expected.sequences, positions: expected.positions });
        });
      }),
    );
  });

  it.each([0, -1, MAX_PERFT_DEPTH + 1, 1.5, Number.NaN])('should refuse depth %s with a depth error value', (depth) => {
    const counts = perft(rowsBoard([[0, 0]]), depth);
    expect(counts.ok).toBe(false);
    if (!counts.ok) expect(counts.error.code).toBe('depth');
  });

  it('should stop with too-many-positions when a depth reaches more positions than allowed, and not before', () => {
    const board = rowsBoard([
      [0, 1, 2],
      [0, 1, 2],
    ]);
    // Three positions at depths 1 and 2, one at depth 3.
    expect(perft(board, 3, { maxPositions: 3 }).ok).toBe(true);
    for (const divide of [false, true]) {
      for (const depth of [1, 2]) {
        const counts = perft(board, depth, { maxPositions: 2, divide });
        expect(counts.ok ? 'ok' : counts.error.code).toBe('too-many-positions');
      }
    }
  });

  it('should refuse a board that is not settled and options that are not PerftOptions, naming them', () => {
    const floating = { width: 1, height: 2, colors: 1, cells: [-1, 0] };
    expect(perft(floating, 1)).toMatchObject({ ok: false, error: { code: 'invalid-board', field: 'board.cells[1]' } });
    const board = rowsBoard([[0, 0]]);
    for (const [options, field] of [
      [{ maxPositions: Number.NaN }, 'options.maxPositions'],
      [{ maxPositions: 0 }, 'options.maxPositions'],
      [{ maxPositions: 2 ** 30 }, 'options.maxPositions'],
      [{ divide: 'yes' }, 'options.divide'],
      [{ depth: 2 }, 'options.depth'],
      ['divide', 'options'],
    ] as const)
      expect(perft(board, 1, options as never)).toMatchObject({ ok: false, error: { code: 'invalid-option', field } });
  });
});

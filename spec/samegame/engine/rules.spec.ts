import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Board, colorAt, colorCounts, EMPTY, filledCount } from '../../../lib/samegame/engine/board.js';
import {
  CLEAR_BONUS,
  isCleared,
  isTerminal,
  legalMoves,
  moveScore,
  play,
  regionAt,
  regions,
} from '../../../lib/samegame/engine/rules.js';
import { formatBoard, parseBoard } from '../../../lib/samegame/engine/text.js';
import { boardArb, moveChoicesArb, standardBoardArb } from '../arbitraries.js';
import { rowsBoard } from '../boards.js';

const board = (text: string): Board => {
  const parsed = parseBoard(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

/** A board and one of its legal moves, for boards that have one. */
const boardWithMoveArb = fc
  .tuple(fc.oneof(boardArb(), standardBoardArb), fc.nat())
  .filter(([b]) => legalMoves(b).length > 0)
  .map(([b, pick]) => {
    const moves = legalMoves(b);
    return { board: b, move: moves[pick % moves.length] };
  });

// Read from the cells themselves: colorAt answers EMPTY everywhere on a board that is not settled.
const cell = (b: Board, x: number, y: number): number => b.cells[x * b.height + y];

const isSettled = (b: Board): boolean => {
  for (let x = 0; x < b.width; x++) {
    for (let y = 1; y < b.height; y++) if (cell(b, x, y) !== EMPTY && cell(b, x, y - 1) === EMPTY) return false;
  }
  return true;
};

const isCompacted = (b: Board): boolean => {
  let seenEmpty = false;
  for (let x = 0; x < b.width; x++) {
    const empty = cell(b, x, 0) === EMPTY;
    if (!empty && seenEmpty) return false;
    seenEmpty ||= empty;
  }
  return true;
};

describe('play', () => {
  it('should keep every color count but the removed region', () => {
    fc.assert(
      fc.property(boardWithMoveArb, ({ board: b, move }) => {
        const color = colorAt(b, { x: move.x, y: move.y });
        const size = regionAt(b, { x: move.x, y: move.y }).length;
        const result = play(b, move);
        if (!result.ok) throw new Error(`a legal move was refused: ${result.error.message}`);
        const expected = colorCounts(b);
        expected[color] -= size;
        expect(colorCounts(result.value.board)).toEqual(expected);
        expect(result.value.removed).toBe(size);
      }),
    );
  });

  it('should leave no floating cell and no empty column left of a filled one', () => {
    fc.assert(
      fc.property(boardWithMoveArb, ({ board: b, move }) => {
        const result = play(b, move);
        return result.ok && isSettled(result.value.board) && isCompacted(result.value.board);
      }),
    );
  });

  it('should score exactly (n-2)^2 for a region of n cells, and add the clear bonus to that in points', () => {
    fc.assert(
      fc.property(boardWithMoveArb, ({ board: b, move }) => {
        const n = regionAt(b, { x: move.x, y: move.y }).length;
        const result = play(b, move);
        if (!result.ok) return false;
        const { points, regionPoints, clearBonus } = result.value;
        return regionPoints === (n - 2) * (n - 2) && points === regionPoints + clearBonus;
      }),
    );
  });

  it('should add the clear bonus if and only if the move leaves the board clear', () => {
    fc.assert(
      fc.property(boardWithMoveArb, ({ board: b, move }) => {
        const result = play(b, move);
        if (!result.ok) return false;
        const clear = filledCount(result.value.board) === 0;
        return result.value.clearBonus === (clear ? CLEAR_BONUS : 0);
      }),
    );
  });

  it('should never change the board it is given', () => {
    fc.assert(
      fc.property(boardWithMoveArb, ({ board: b, move }) => {
        const before = structuredClone(b);
        play(b, move);
        expect(b).toEqual(before);
      }),
    );
  });

  it('should refuse an empty cell, a single cell and a cell off the board with the referee text', () => {
    const b = board('-1 -1 -1\n0 -1 -1\n1 1 2');
    expect(play(b, { x: 2, y: 1 })).toEqual({
      ok: false,
      error: { code: 'empty-cell', message: 'Selected empty tile.' },
    });
    expect(play(b, { x: 0, y: 1 })).toEqual({
      ok: false,
      error: { code: 'single-cell', message: 'Selected region should have size greater than 1.' },
    });
    expect(play(b, { x: 3, y: 0 })).toEqual({
      ok: false,
      error: { code: 'out-of-bounds', message: 'Selected target out of bounds: x=3, y=0' },
    });
  });

  it('should refuse a cell whose x or y is not a whole number, not play it (issue 81)', () => {
    const b = board('-1 -1 -1\n0 -1 -1\n1 1 2');
    expect(play(b, { x: 1.5, y: 0 })).toMatchObject({ ok: false, error: { code: 'invalid-cell', field: 'move.x' } });
    expect(play(b, { x: 0, y: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'invalid-cell', field: 'move.y' },
    });
    expect(play(b, { x: '0', y: 0 } as never)).toMatchObject({ ok: false, error: { code: 'invalid-cell' } });
    expect(play(b, null as never)).toMatchObject({ ok: false, error: { code: 'invalid-cell', field: 'move' } });
    // A whole number off the board is the referee's out-of-bounds, however large.
    expect(play(b, { x: 1e300, y: 0 })).toMatchObject({ ok: false, error: { code: 'out-of-bounds' } });
    expect(play(b, { x: -0, y: 0 })).toMatchObject({ ok: true, value: { removed: 2 } });
  });

  it('should refuse a hand-built board that is not settled, naming the cell', () => {
    const floating = { width: 2, height: 2, colors: 2, cells: [EMPTY, 1, 1, 1] };
    expect(play(floating, { x: 1, y: 0 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[1]' },
    });
  });

  // Golden cases worked by hand.
  it('should clear a board and earn the bonus', () => {
    const result = play(board('2 2\n2 2'), { x: 1, y: 1 });
    expect(result.ok && result.value).toMatchObject({ removed: 4, points: 1004, regionPoints: 4, clearBonus: 1000 });
    expect(result.ok && formatBoard(result.value.board)).toBe('-1 -1\n-1 -1');
  });

  it('should collapse an emptied middle column and shift the right columns left', () => {
    // Column 1 is all color 3; removing it moves columns 2 and 3 left.
    const b = board(['0 3 1 2', '1 3 2 0'].join('\n'));
    const result = play(b, { x: 1, y: 0 });
    expect(result.ok && formatBoard(result.value.board)).toBe(['0 1 2 -1', '1 2 0 -1'].join('\n'));
    expect(result.ok && result.value.points).toBe(0);
  });

  it('should remove a region spanning several columns and let each column fall', () => {
    // The 1s form an L over columns 0..2: five cells, 9 points.
    const b = board(['0 2 0', '1 0 1', '1 1 1'].join('\n'));
    const result = play(b, { x: 2, y: 1 });
    expect(result.ok && result.value.removed).toBe(5);
    expect(result.ok && result.value.points).toBe(9);
    expect(result.ok && formatBoard(result.value.board)).toBe(['-1 -1 -1', '-1 2 -1', '0 0 0'].join('\n'));
  });
});

describe('regionAt', () => {
  it('should hold only cells of one color, each 4-connected to another, and be the same from any of its cells', () => {
    fc.assert(
      fc.property(boardArb(), fc.nat(), fc.nat(), (b, i, j) => {
        const x = i % b.width;
        const y = j % b.height;
        const region = regionAt(b, { x: x, y: y });
        if (colorAt(b, { x: x, y: y }) === EMPTY) {
          expect(region).toEqual([]);
          return;
        }
        const color = colorAt(b, { x: x, y: y });
        const key = (c: { x: number; y: number }) => c.x * b.height + c.y;
        const keys = new Set(region.map(key));
        for (const c of region) {
          expect(colorAt(b, { x: c.x, y: c.y })).toBe(color);
          // Closed: no same-colored neighbor is left out.
          for (const [nx, ny] of [
            [c.x + 1, c.y],
            [c.x - 1, c.y],
            [c.x, c.y + 1],
            [c.x, c.y - 1],
          ]) {
            if (colorAt(b, { x: nx, y: ny }) === color) expect(keys.has(nx * b.height + ny)).toBe(true);
          }
        }
        const other = region[region.length - 1];
        expect(new Set(regionAt(b, { x: other.x, y: other.y }).map(key))).toEqual(keys);
      }),
    );
  });
});

describe('regions', () => {
  it('should partition the filled cells', () => {
    fc.assert(
      fc.property(boardArb(), (b) => {
        const all = regions(b).flat();
        const keys = new Set(all.map((c) => c.x * b.height + c.y));
        return all.length === filledCount(b) && keys.size === all.length;
      }),
    );
  });
});

describe('legalMoves', () => {
  it('should name one cell of every region of at least two cells and nothing else', () => {
    fc.assert(
      fc.property(boardArb(), (b) => {
        const big = regions(b).filter((r) => r.length >= 2);
        const moves = legalMoves(b);
        expect(moves).toHaveLength(big.length);
        const regionOf = new Map<number, number>();
        big.forEach((r, i) => {
          for (const c of r) regionOf.set(c.x * b.height + c.y, i);
        });
        expect(new Set(moves.map((m) => regionOf.get(m.x * b.height + m.y))).size).toBe(big.length);
      }),
    );
  });

  it('should count the moves of known boards', () => {
    expect(legalMoves(board('0 1\n1 0'))).toEqual([]);
    expect(legalMoves(board('0 0\n1 1'))).toEqual([
      { x: 0, y: 0 },
      { x: 0, y: 1 },
    ]);
    expect(legalMoves(board('0 1 0\n0 1 0\n2 2 2'))).toHaveLength(4);
  });
});

describe('isTerminal', () => {
  it('should be true exactly when there is no legal move', () => {
    fc.assert(fc.property(boardArb(), (b) => isTerminal(b) === (legalMoves(b).length === 0)));
  });

  it('should hold for a clear board and a checkerboard, and not for a pair', () => {
    expect(isTerminal(board('-1 -1\n-1 -1'))).toBe(true);
    expect(isTerminal(board('0 1\n1 0'))).toBe(true);
    expect(isTerminal(board('-1 -1\n0 0'))).toBe(false);
  });
});

describe('the queries on a value that is not a board', () => {
  const notBoards = [
    undefined,
    null,
    { width: 2, height: 2, colors: 2, cells: [EMPTY, 1, 1, 1] },
    { width: 1e9, height: 1e9, colors: 2, cells: [] },
    { width: 2, height: 1, colors: 2, cells: [0, 0.5] },
  ];

  it.each(notBoards)('should answer %j as a board without a move: none legal, terminal, not cleared', (value) => {
    const b = value as unknown as Board;
    expect(legalMoves(b)).toEqual([]);
    expect(isTerminal(b)).toBe(true);
    expect(isCleared(b)).toBe(false);
    expect(regionAt(b, { x: 0, y: 0 })).toEqual([]);
    expect(colorAt(b, { x: 0, y: 0 })).toBe(EMPTY);
  });

  it('should find no region at a cell that is not a whole-number cell of the board', () => {
    const b = board('0 0\n0 0');
    expect(regionAt(b, { x: 0.5, y: 0 })).toEqual([]);
    expect(regionAt(b, { x: 2, y: 0 })).toEqual([]);
    expect(regionAt(b, undefined as never)).toEqual([]);
    expect(regionAt(b, { x: -0, y: 1 })).toHaveLength(4);
  });
});

describe('moveScore', () => {
  it('should score (n - 2)^2 for every size a region can have, and 0 for any other value', () => {
    expect([2, 3, 4, 10, 4096].map(moveScore)).toEqual([0, 1, 4, 64, 4094 * 4094]);
    for (const size of [0, 1, 1.5, -3, 4097, Number.NaN, Number.POSITIVE_INFINITY, '5', undefined])
      expect(moveScore(size as number)).toBe(0);
  });
});

describe('a whole game', () => {
  it('should total the move scores plus 1000 if and only if the board ends clear, the same on every replay', () => {
    fc.assert(
      fc.property(fc.oneof(boardArb(), standardBoardArb), moveChoicesArb, (start, choices) => {
        const run = () => {
          let b = start;
          let total = 0;
          let sum = 0;
          for (const pick of choices) {
            const moves = legalMoves(b);
            if (moves.length === 0) break;
            const result = play(b, moves[pick % moves.length]);
            if (!result.ok) throw new Error(result.error.message);
            sum += moveScore(result.value.removed);
            total += result.value.points;
            b = result.value.board;
          }
          return { b, total, sum };
        };
        const first = run();
        expect(first.total).toBe(first.sum + (isCleared(first.b) && filledCount(start) > 0 ? CLEAR_BONUS : 0));
        expect(run()).toEqual(first);
      }),
    );
  });

  it('should match a board built from rows', () => {
    expect(
      rowsBoard([
        [0, 1],
        [2, 3],
      ]).cells,
    ).toEqual([2, 0, 3, 1]);
  });
});

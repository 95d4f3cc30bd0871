import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  boardFromRows,
  boardRows,
  checkBoard,
  checkCell,
  checkCells,
  colorAt,
  EMPTY,
  isBoard,
} from '../../../lib/samegame/engine/board.js';
import { parseBoard } from '../../../lib/samegame/engine/text.js';
import { hostileValue, nearMissNumber, spoiled } from '../../support/hostile-values.js';
import { boardArb } from '../arbitraries.js';

const _ = EMPTY;

/** `board` with cell `i` replaced by `value`. */
const withCell = <T>(board: { cells: readonly number[] }, i: number, value: T) => ({
  ...board,
  cells: board.cells.map((c, k) => (k === i ? value : c)),
});

describe('checkBoard', () => {
  it('should take every settled board the engine makes, as it is', () => {
    fc.assert(
      fc.property(boardArb(), (board) => {
        expect(checkBoard(board)).toEqual({ ok: true, value: board });
      }),
    );
  });

  it('should refuse a cell above a hole and an empty column left of a filled one, naming the cell', () => {
    // Column-major, bottom to top: column 0 is [-1, 1], a 1 floating above a hole.
    expect(checkBoard({ width: 2, height: 2, colors: 2, cells: [_, 1, 1, 1] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[1]', message: expect.stringMatching(/settled/) },
    });
    expect(checkBoard({ width: 2, height: 2, colors: 2, cells: [_, _, 1, 1] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[0]', message: expect.stringMatching(/compacted/) },
    });
  });

  it.each([
    [{ width: 0, height: 1, colors: 1, cells: [] }, 'board.width'],
    [{ width: 65, height: 1, colors: 1, cells: [] }, 'board.width'],
    [{ width: 1, height: 1.5, colors: 1, cells: [0] }, 'board.height'],
    [{ width: 1, height: 1, colors: 21, cells: [0] }, 'board.colors'],
    [{ width: 2, height: 1, colors: 1, cells: [0] }, 'board.cells'],
    [{ width: 1, height: 1, colors: 1, cells: '0' }, 'board.cells'],
    [{ width: 1, height: 1, colors: 2, cells: [2] }, 'board.cells[0]'],
    [{ width: 1, height: 1, colors: 2, cells: [-2] }, 'board.cells[0]'],
    [{ width: 1, height: 1, colors: 2, cells: [0.5] }, 'board.cells[0]'],
    [{ width: 1, height: 1, colors: 2, cells: [Number.NaN] }, 'board.cells[0]'],
    [{ width: 2, height: 1, colors: 2, cells: new Array<number>(2).fill(0, 0, 1) }, 'board.cells[1]'],
    [null, 'board'],
    [[0], 'board'],
  ])('should refuse %j at %s', (value, field) => {
    expect(checkBoard(value)).toMatchObject({ ok: false, error: { code: 'invalid-board', field } });
  });

  it('should refuse a board with any one field spoiled or any one cell made hostile, on one line', () => {
    const good = { width: 3, height: 2, colors: 3, cells: [0, 1, 2, 2, 1, _] };
    const bad = fc.oneof(
      spoiled(good, 'width'),
      spoiled(good, 'height'),
      spoiled(good, 'colors'),
      spoiled(good, 'cells'),
      fc
        .tuple(fc.nat({ max: 5 }), fc.oneof(hostileValue, nearMissNumber, fc.constant(3)))
        .map(([i, v]) => withCell(good, i, v)),
    );
    fc.assert(
      fc.property(bad, (value) => {
        const checked = checkBoard(value);
        if (checked.ok) {
          // A spoiled value that happens to be one a board may hold (a color below 3, -1 at the top).
          expect(isBoard(checked.value)).toBe(true);
          return;
        }
        expect(checked.error.code).toBe('invalid-board');
        expect(checked.error.message).toContain(checked.error.field);
        expect(checked.error.message).not.toContain('\n');
      }),
    );
  });
});

describe('boardFromRows', () => {
  it('should build the same board parseBoard reads from the same rows', () => {
    fc.assert(
      fc.property(boardArb(), (board) => {
        const rows = boardRows(board);
        expect(boardFromRows(rows, board.colors)).toEqual({ ok: true, value: board });
        expect(parseBoard(rows.map((r) => r.join(' ')).join('\n'), { colors: board.colors })).toEqual({
          ok: true,
          value: board,
        });
      }),
    );
  });

  it('should refuse the board of the issue, a cell above a hole, naming its row and column', () => {
    expect(
      boardFromRows([
        [1, 1],
        [-1, 1],
      ]),
    ).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'rows[0][0]', message: expect.stringMatching(/settled/) },
    });
  });

  it.each([
    [[], 5, 'rows'],
    [[[]], 5, 'rows[0]'],
    [[[0, 1], [0]], 5, 'rows[1]'],
    [[[0, 5]], 5, 'rows[0][1]'],
    [[[0, 1.5]], 5, 'rows[0][1]'],
    [[[0]], 0, 'colors'],
    [[[0]], 2.5, 'colors'],
    [[new Array(65).fill(0)], 5, 'rows[0]'],
    [new Array(65).fill([0]), 5, 'rows'],
  ])('should refuse rows %j of %j colors at %s', (rows, colors, field) => {
    expect(boardFromRows(rows as number[][], colors)).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field },
    });
  });
});

describe('colorAt', () => {
  const board = { width: 2, height: 2, colors: 3, cells: [0, 1, 2, _] };

  it('should read a cell by its x and y, bottom row 0', () => {
    expect(colorAt(board, { x: 0, y: 1 })).toBe(1);
    expect(colorAt(board, { x: 1, y: 0 })).toBe(2);
    expect(colorAt(board, { x: 1, y: 1 })).toBe(EMPTY);
  });

  it('should answer EMPTY for a cell off the board, not whole, not a cell, or a value that is not a board', () => {
    fc.assert(
      fc.property(hostileValue, hostileValue, (x, y) => {
        const color = colorAt(board, { x, y } as never);
        const onBoard = [0, 1].includes(x as number) && [0, 1].includes(y as number);
        if (!onBoard) expect(color).toBe(EMPTY);
        expect(colorAt(x as never, { x: 0, y: 0 })).toBe(EMPTY);
      }),
    );
    expect(colorAt(board, undefined as never)).toBe(EMPTY);
    expect(colorAt({ ...board, cells: [_, 1, 2, _] }, { x: 0, y: 1 })).toBe(EMPTY);
  });
});

describe('checkCell', () => {
  it('should take whole-number coordinates, on the board or off it, and refuse any other', () => {
    expect(checkCell({ x: -0, y: 99 }, 'move')).toEqual({ ok: true, value: { x: 0, y: 99 } });
    expect(checkCell({ x: 1.5, y: 1 }, 'move')).toMatchObject({
      ok: false,
      error: { code: 'invalid-cell', field: 'move.x' },
    });
    expect(checkCell({ x: 1, y: '1' }, 'move')).toMatchObject({ ok: false, error: { field: 'move.y' } });
    expect(checkCell(null, 'move')).toMatchObject({ ok: false, error: { field: 'move' } });
    expect(checkCells([{ x: 0, y: 0 }, { x: 0 }], 'moves')).toMatchObject({
      ok: false,
      error: { field: 'moves[1].y' },
    });
    expect(checkCells('0 0', 'moves')).toMatchObject({ ok: false, error: { field: 'moves' } });
  });
});

describe('boardRows', () => {
  it('should give the rows top first, and none for a value that is not a board', () => {
    expect(boardRows({ width: 2, height: 2, colors: 3, cells: [0, 1, 2, _] })).toEqual([
      [1, _],
      [0, 2],
    ]);
    expect(boardRows({ width: 2, height: 2, colors: 3, cells: [_, 1, 2, _] })).toEqual([]);
  });
});

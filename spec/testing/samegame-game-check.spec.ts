import { describe, expect, it } from 'vitest';
import { checkBoard, checkSamegameGame, checkSamegameSteps } from '../../lib/testing/samegame-game-check.js';
import { WORKED_GAME } from './fixtures.js';

// Cells column by column, bottom to top: cells[x * height + y].
const board = (cells: number[], width = 2, height = 2) => ({ width, height, colors: 2, cells });

describe('checkBoard', () => {
  it('should take a settled board and refuse a cell above a hole or right of an empty column, naming the cell', () => {
    expect(checkBoard(board([0, 1, 1, -1]), 'board').ok).toBe(true);
    expect(checkBoard(board([-1, 1, 0, 0]), 'board')).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.cells[1]' },
    });
    expect(checkBoard(board([-1, -1, 0, -1]), 'board')).toMatchObject({
      ok: false,
      error: { field: 'board.cells[2]' },
    });
  });

  it('should refuse a size beyond the limits, a color past the count, and too few cells', () => {
    expect(checkBoard({ ...board([0, 1, 1, 0]), width: 65 }, 'board')).toMatchObject({
      ok: false,
      error: { field: 'board.width' },
    });
    expect(checkBoard(board([0, 2, 1, 0]), 'board')).toMatchObject({ ok: false, error: { field: 'board.cells[1]' } });
    expect(checkBoard(board([0, 1, 1]), 'board')).toMatchObject({ ok: false, error: { field: 'board.cells' } });
  });
});

describe('checkSamegameGame', () => {
  it('should take the worked game and refuse a move on one cell, saying why', () => {
    expect(checkSamegameGame(WORKED_GAME)).toEqual({ ok: true, value: WORKED_GAME });
    expect(checkSamegameGame({ ...WORKED_GAME, moves: [{ x: 0, y: 1 }] })).toMatchObject({
      ok: false,
      error: {
        code: 'invalid-cell',
        field: 'game.moves[0]',
        message: expect.stringMatching(/^game\.moves\[0\] is not a legal move: /),
      },
    });
  });

  it('should refuse more moves than a board of that size can hold before playing any', () => {
    const moves = Array.from({ length: 4 }, () => ({ x: 0, y: 0 }));
    expect(checkSamegameGame({ ...WORKED_GAME, moves })).toMatchObject({ ok: false, error: { field: 'game.moves' } });
  });
});

describe('checkSamegameSteps', () => {
  it('should take any numbers as points and cells, and refuse a row that is not numbers or a hole', () => {
    expect(checkSamegameSteps([{ points: Number.NaN, rows: [[1, -7]] }]).ok).toBe(true);
    expect(checkSamegameSteps([{ points: 1, rows: [['1']] }])).toMatchObject({
      ok: false,
      error: { field: 'steps[0].rows[0]' },
    });
    expect(checkSamegameSteps([{ points: 1, rows: new Array(3) }])).toMatchObject({
      ok: false,
      error: { field: 'steps[0].rows' },
    });
  });
});

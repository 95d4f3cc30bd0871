import { describe, expect, it } from 'vitest';
import { checkSolve, WIDTH_RANGE } from '../../../lib/samegame/search/solve-options.js';
import { DEFAULT_WEIGHTS } from '../../../lib/samegame/search/weights.js';
import { rowsBoard } from '../boards.js';

const board = rowsBoard([
  [0, 1],
  [0, 1],
]);

describe('checkSolve', () => {
  it("should fill in SolveOptions' defaults: the shipped weights, seed 1, no widths, no line", () => {
    expect(checkSolve(board, { budget: { nodes: 10 } })).toEqual({
      ok: true,
      value: {
        board,
        budget: { nodes: 10 },
        weights: DEFAULT_WEIGHTS,
        seed: 1,
        initialWidth: undefined,
        maxWidth: undefined,
        knownLine: undefined,
        onImprove: undefined,
        onCheckpoint: undefined,
        resume: undefined,
      },
    });
  });

  it('should take every width from 1 to the widest pass, and a known line that is not legal on the board', () => {
    for (const width of WIDTH_RANGE) {
      const checked = checkSolve(board, { budget: { timeMs: 5 }, initialWidth: width, maxWidth: width });
      expect(checked.ok && [checked.value.initialWidth, checked.value.maxWidth]).toEqual([width, width]);
    }
    const line = checkSolve(board, { budget: { nodes: 10 }, knownLine: [{ x: 9, y: -0 }] });
    expect(line.ok && line.value.knownLine).toEqual([{ x: 9, y: 0 }]);
  });

  it('should name the first argument at fault: the board, then each option', () => {
    expect(checkSolve({ ...board, colors: 0 }, undefined)).toMatchObject({
      ok: false,
      error: { code: 'invalid-board', field: 'board.colors' },
    });
    expect(checkSolve(board, undefined)).toMatchObject({
      ok: false,
      error: { code: 'invalid-budget', field: 'options.budget' },
    });
    expect(checkSolve(board, { budget: { nodes: 1 }, knownLine: [{ x: 0 }] })).toMatchObject({
      ok: false,
      error: { code: 'invalid-cell', field: 'options.knownLine[0].y' },
    });
    expect(checkSolve(board, { budget: { nodes: 1 }, onCheckpoint: 3 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.onCheckpoint' },
    });
    expect(checkSolve(board, { budget: { nodes: 1 }, resume: {} })).toMatchObject({
      ok: false,
      error: { code: 'invalid-option', field: 'options.resume' },
    });
  });
});

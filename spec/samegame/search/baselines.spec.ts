import { describe, expect, it } from 'vitest';
import { bestRandomPlayout } from '../../../lib/samegame/search/baselines.js';

describe('bestRandomPlayout', () => {
  it('should return the empty line of a board with no legal move within a node budget', () => {
    // Regression: a playout there plays no move, and a node budget counted only moves played.
    const board = { width: 2, height: 1, colors: 2, cells: [0, 1] };
    expect(bestRandomPlayout(board, { nodes: 3 }, 1)).toEqual({ score: 0, moves: [], playouts: 3 });
  });
});

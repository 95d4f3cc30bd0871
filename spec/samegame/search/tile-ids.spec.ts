import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMPTY } from '../../../lib/samegame/engine/board.js';
import { Kernel } from '../../../lib/samegame/search/kernel.js';
import { TileIds } from '../../../lib/samegame/search/tile-ids.js';
import { boardArb, moveChoicesArb, standardBoardArb } from '../arbitraries.js';

/** Every way `tiles` can disagree with `kernel`, as messages (none when they agree). */
function disagreements(kernel: Kernel, tiles: TileIds, rootCells: readonly number[]): string[] {
  const h = kernel.height;
  const problems: string[] = [];
  let alive = 0;
  for (let t = 0; t < tiles.cellOf.length; t++) if (tiles.cellOf[t] >= 0) alive++;
  if (alive !== kernel.filled) problems.push(`${alive} tiles for ${kernel.filled} filled cells`);
  let previousRootColumn = -1;
  for (let x = 0; x < kernel.width; x++) {
    let previousTile = -1;
    for (let y = 0; y < h; y++) {
      const i = x * h + y;
      const tile = tiles.tileAt[i];
      if (kernel.cells[i] === EMPTY) {
        if (tile !== -1) problems.push(`tile ${tile} in empty cell ${i}`);
        continue;
      }
      if (tile < 0) {
        problems.push(`no tile in filled cell ${i}`);
        continue;
      }
      if (tiles.cellOf[tile] !== i) problems.push(`tile ${tile} is at ${i} but listed at ${tiles.cellOf[tile]}`);
      // A tile keeps its color, stays in its column (columns move left whole) and above the
      // tiles that were below it.
      if (rootCells[tile] !== kernel.cells[i]) problems.push(`tile ${tile} changed color`);
      const rootColumn = Math.floor(tile / h);
      if (y === 0 && rootColumn <= previousRootColumn) problems.push(`column ${x} out of order`);
      if (y === 0) previousRootColumn = rootColumn;
      else if (rootColumn !== previousRootColumn) problems.push(`tile ${tile} changed column`);
      if (tile <= previousTile) problems.push(`tile ${tile} above tile ${previousTile} in column ${x}`);
      previousTile = tile;
    }
  }
  return problems;
}

describe('TileIds', () => {
  it('should follow every tile through any game: each keeps its color, its column and its order', () => {
    fc.assert(
      fc.property(fc.oneof(boardArb(), standardBoardArb), moveChoicesArb, (board, picks) => {
        const kernel = Kernel.fromBoard(board);
        const tiles = new TileIds(board.width, board.height);
        tiles.reset(kernel);
        const rootCells = Array.from(kernel.cells);
        const moves = new Int32Array(board.cells.length);
        expect(disagreements(kernel, tiles, rootCells)).toEqual([]);
        for (const pick of picks) {
          const count = kernel.legalMoves(moves);
          if (count === 0) break;
          const before = kernel.score;
          const points = tiles.play(kernel, kernel.regionAt(moves[pick % count]));
          expect(points).toBe(kernel.score - before);
          expect(disagreements(kernel, tiles, rootCells)).toEqual([]);
        }
      }),
    );
  });

  it('should move the tiles right of an emptied column one column left', () => {
    // Columns bottom to top: [0 0], [1], [2 0]. Taking the two 0s of column 0 empties it.
    const kernel = Kernel.fromBoard({ width: 3, height: 2, colors: 3, cells: [0, 0, 1, EMPTY, 2, 0] });
    const tiles = new TileIds(3, 2);
    tiles.reset(kernel);
    tiles.play(kernel, kernel.regionAt(0));
    expect(Array.from(tiles.tileAt)).toEqual([2, -1, 4, 5, -1, -1]);
    expect(Array.from(tiles.cellOf)).toEqual([-1, -1, 0, -1, 2, 3]);
  });

  it('should copy another tracker tile for tile', () => {
    const kernel = Kernel.fromBoard({ width: 2, height: 2, colors: 2, cells: [0, 1, 0, 1] });
    const tiles = new TileIds(2, 2);
    tiles.reset(kernel);
    tiles.play(kernel, kernel.regionAt(0));
    const copy = new TileIds(2, 2);
    copy.copyFrom(tiles);
    expect(Array.from(copy.tileAt)).toEqual(Array.from(tiles.tileAt));
    expect(Array.from(copy.cellOf)).toEqual(Array.from(tiles.cellOf));
  });
});

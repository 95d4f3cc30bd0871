/**
 * Tiles followed through moves. A line names each move by a cell index of its own position, and
 * those indices shift as cells fall and columns close up; a tile keeps its identity. Following
 * the tiles lets a line be replayed after a change early in it, each later move read as "the
 * region that holds the tile this move took" (`line-polish.ts`).
 */
import type { Kernel } from './kernel.js';

/** Which tile is in each cell of a kernel's position, and where each tile is. */
export class TileIds {
  /** The tile in each cell (column-major, as the kernel's cells), -1 where the cell is empty. */
  readonly tileAt: Int32Array;
  /** The cell of each tile, -1 once the tile is removed. Tiles are named by their cell at {@link reset}. */
  readonly cellOf: Int32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const size = width * height;
    this.tileAt = new Int32Array(size);
    this.cellOf = new Int32Array(size);
  }

  /** Names every filled cell of `kernel`'s position a tile of its own: the tile's name is its cell index. */
  reset(kernel: Kernel): void {
    const { tileAt, cellOf, height: h } = this;
    tileAt.fill(-1);
    cellOf.fill(-1);
    for (let x = 0; x < kernel.columns; x++)
      for (let i = x * h, top = i + kernel.heights[x]; i < top; i++) {
        tileAt[i] = i;
        cellOf[i] = i;
      }
  }

  /** Takes over `other`'s tiles (of the same board size). */
  copyFrom(other: TileIds): void {
    this.tileAt.set(other.tileAt);
    this.cellOf.set(other.cellOf);
  }

  /**
   * Plays the region of `size` cells that `kernel.regionAt` found last, on the kernel and on the
   * tiles alike (the tiles fall and their columns close up as the kernel's cells do). Returns the
   * points.
   */
  play(kernel: Kernel, size: number): number {
    const { tileAt, cellOf, height: h } = this;
    const region = kernel.region;
    // The region's tiles go first, while the kernel still holds the region.
    for (let r = 0; r < size; r++) {
      const i = region[r];
      cellOf[tileAt[i]] = -1;
      tileAt[i] = -1;
    }
    const columnsBefore = kernel.columns;
    const points = kernel.removeRegion();
    // Gravity keeps each column's order, and an emptied column's right neighbors move left in
    // order: the same as the kernel's removal, over the columns it says it changed (to the last
    // column when one emptied, else only those the region touched).
    const last = Math.min(kernel.changedTo, columnsBefore - 1);
    let write = kernel.changedFrom;
    for (let x = kernel.changedFrom; x <= last; x++) {
      const base = x * h;
      let to = write * h;
      for (let y = 0; y < h; y++) {
        const tile = tileAt[base + y];
        if (tile < 0) continue;
        tileAt[base + y] = -1;
        tileAt[to] = tile;
        cellOf[tile] = to;
        to++;
      }
      if (to > write * h) write++;
    }
    return points;
  }
}

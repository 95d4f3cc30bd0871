/**
 * Position hashes for transposition detection: Zobrist keys per board shape (`core/zobrist-keys`),
 * so the same position always hashes the same in every run.
 */
import { ZobristKeys, zobristValue } from '../../core/zobrist-keys.js';
import type { Kernel } from './kernel.js';

/** Zobrist hashing for one board shape. */
export class Zobrist {
  private readonly keys: ZobristKeys;

  constructor(cells: number, colors: number) {
    this.keys = new ZobristKeys(cells, colors);
  }

  /**
   * The XOR halves of the kernel's columns left of each boundary (`out[2b]`, `out[2b + 1]` for
   * the columns left of column `b`; `out` holds 2 x (width + 1) entries), for {@link hashFrom}.
   */
  columnHashes(kernel: Kernel, out: Int32Array): void {
    const { cells, heights, height } = kernel;
    const { high, low, colors } = this.keys;
    let a = 0;
    let b = 0;
    out[0] = 0;
    out[1] = 0;
    for (let x = 0; x < kernel.width; x++) {
      const top = x < kernel.columns ? x * height + heights[x] : 0;
      for (let i = x * height; i < top; i++) {
        const k = i * colors + cells[i];
        a ^= high[k];
        b ^= low[k];
      }
      out[2 * x + 2] = a;
      out[2 * x + 3] = b;
    }
  }

  /**
   * {@link hash} of a kernel whose columns outside `from` to `to - 1` are those of the position
   * `columnHashes` was filled from (a child: {@link Kernel.changedFrom} to
   * {@link Kernel.changedTo} + 1): only the columns in between are read.
   */
  hashFrom(kernel: Kernel, columnHashes: Int32Array, from: number, to: number): number {
    const last = 2 * kernel.width;
    // The parent's columns from `to` on: its whole hash XOR its columns left of `to`.
    const a = columnHashes[2 * from] ^ columnHashes[last] ^ columnHashes[2 * to];
    const b = columnHashes[2 * from + 1] ^ columnHashes[last + 1] ^ columnHashes[2 * to + 1];
    return this.hashColumns(kernel, from, to, a, b);
  }

  /** A 53-bit hash of the kernel's cells. */
  hash(kernel: Kernel): number {
    return this.hashColumns(kernel, 0, kernel.columns, 0, 0);
  }

  /** The hash of columns `from` to `to - 1` XORed into the halves `a` and `b` of the other columns. */
  private hashColumns(kernel: Kernel, from: number, to: number, a: number, b: number): number {
    const { cells, heights, height } = kernel;
    const { high, low, colors } = this.keys;
    for (let x = from, end = Math.min(to, kernel.columns); x < end; x++) {
      const top = x * height + heights[x];
      for (let i = x * height; i < top; i++) {
        const k = i * colors + cells[i];
        a ^= high[k];
        b ^= low[k];
      }
    }
    return zobristValue(a, b);
  }
}

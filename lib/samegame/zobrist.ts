/**
 * Position hashes for transposition detection: Zobrist keys per board shape (`core/zobrist-keys`),
 * so the same position always hashes the same in every run.
 */
import { ZobristKeys, zobristValue } from '../core/zobrist-keys.js';
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
   * {@link hash} of a kernel whose columns left of `column` are those of the position
   * `columnHashes` was filled from: only the columns from `column` on are read.
   */
  hashFrom(kernel: Kernel, columnHashes: Int32Array, column: number): number {
    return this.hashColumns(kernel, column, columnHashes[2 * column], columnHashes[2 * column + 1]);
  }

  /** A 53-bit hash of the kernel's cells. */
  hash(kernel: Kernel): number {
    return this.hashColumns(kernel, 0, 0, 0);
  }

  /** The hash of columns `from` on XORed into the halves `a` and `b` of the columns left of them. */
  private hashColumns(kernel: Kernel, from: number, a: number, b: number): number {
    const { cells, heights, height } = kernel;
    const { high, low, colors } = this.keys;
    for (let x = from; x < kernel.columns; x++) {
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

/**
 * Position hashes for transposition detection: a Zobrist table per board shape, filled from a
 * fixed seed, so the same position always hashes the same in every run.
 */
import { createRandom } from '../core/random.js';
import { type Kernel } from './kernel.js';

/** Zobrist tables for one board shape. */
export class Zobrist {
  private readonly high: Int32Array;
  private readonly low: Int32Array;
  private readonly colors: number;

  constructor(cells: number, colors: number) {
    const random = createRandom(0x5a3e);
    this.colors = colors;
    this.high = Int32Array.from({ length: cells * colors }, () => random.below(0x100000000) | 0);
    this.low = Int32Array.from({ length: cells * colors }, () => random.below(0x100000000) | 0);
  }

  /** A 53-bit hash of the kernel's cells (exact as a JS number, usable as a Set key). */
  hash(kernel: Kernel): number {
    const { cells, heights, height } = kernel;
    let a = 0;
    let b = 0;
    for (let x = 0; x < kernel.columns; x++) {
      const top = x * height + heights[x];
      for (let i = x * height; i < top; i++) {
        const k = i * this.colors + cells[i];
        a ^= this.high[k];
        b ^= this.low[k];
      }
    }
    return (a >>> 0) * 0x200000 + (b & 0x1fffff);
  }
}

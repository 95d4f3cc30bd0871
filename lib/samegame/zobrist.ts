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

  /** A 53-bit hash of the kernel's cells. */
  hash(kernel: Kernel): number {
    const { cells, heights, height } = kernel;
    const { high, low, colors } = this.keys;
    let a = 0;
    let b = 0;
    for (let x = 0; x < kernel.columns; x++) {
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

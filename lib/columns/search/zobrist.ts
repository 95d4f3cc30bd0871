/**
 * Columns field hashes for keeping each distinct field once per beam level: Zobrist keys per
 * (cell, letter), so a child that only gained three jewels is hashed by three XORs per half.
 */
import { ZobristKeys, zobristValue } from '../../core/zobrist-keys.js';
import { JEWEL_COLORS } from '../engine/field.js';
import { GUARD, type Kernel } from './kernel.js';

/** Zobrist hashing for one field size. */
export class Zobrist {
  readonly keys: ZobristKeys;
  /** The halves of the last {@link hash}. */
  high = 0;
  low = 0;

  constructor(width: number, height: number) {
    // One key set per cell of the kernel's layout, guards included (never hashed).
    this.keys = new ZobristKeys((width + 2 * GUARD) * (height + 2 * GUARD), JEWEL_COLORS);
  }

  /** A 53-bit hash of the field; its halves stay in `high` and `low`. */
  hash(k: Kernel): number {
    const { cells, heights } = k;
    const { high, low } = this.keys;
    let a = 0;
    let b = 0;
    for (let x = 0; x < k.width; x++) {
      for (let i = k.columnBase(x), top = i + heights[x]; i < top; i++) {
        const key = i * JEWEL_COLORS + cells[i];
        a ^= high[key];
        b ^= low[key];
      }
    }
    this.high = a;
    this.low = b;
    return zobristValue(a, b);
  }
}

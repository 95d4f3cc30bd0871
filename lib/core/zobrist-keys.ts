/**
 * Zobrist keys shared by both games' position hashes: two 32-bit random keys per (cell, color),
 * from a fixed seed, so a position always hashes the same in every run. A hash is the XOR of its
 * filled cells' keys, so adding or removing a jewel is one XOR per half.
 */
import { createRandom } from './random.js';

/** Random keys for `cells` x `colors` (cell, color) pairs. */
export class ZobristKeys {
  /** Key halves, indexed by `cell * colors + color`. */
  readonly high: Int32Array;
  readonly low: Int32Array;

  constructor(
    cells: number,
    readonly colors: number,
  ) {
    const random = createRandom(0x5a3e);
    this.high = Int32Array.from({ length: cells * colors }, () => random.below(0x100000000) | 0);
    this.low = Int32Array.from({ length: cells * colors }, () => random.below(0x100000000) | 0);
  }
}

/** The two XOR-ed halves as one 53-bit number (exact in a JS number, usable as a Set key). */
export const zobristValue = (high: number, low: number): number => (high >>> 0) * 0x200000 + (low & 0x1fffff);

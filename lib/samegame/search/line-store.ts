import { grow } from '../../core/typed-arrays.js';

/**
 * Move lines packed end to end in one growable Int32Array: where the beam keeps the rollout line
 * of every candidate of a level and of every kept position. One store per role is emptied and
 * refilled level after level, so a wide search allocates no array per line (a 300 s search finds
 * millions of lines, and one small array each kept hundreds of megabytes of freed memory around).
 */
export class LineStore {
  private store: Int32Array;
  private used = 0;

  /** An empty store with room for `capacity` moves to begin with (it grows as needed). */
  constructor(capacity = 4096) {
    this.store = new Int32Array(Math.max(1, capacity));
  }

  /** The packed moves; a line is `data[start, start + length)`. Read it again after an {@link append}: it may move. */
  get data(): Int32Array {
    return this.store;
  }

  /** Forgets every line (their space is reused). */
  clear(): void {
    this.used = 0;
  }

  /** Copies `length` moves of `from`, beginning at `start`, to the end; returns where they begin. */
  append(from: Int32Array, start: number, length: number): number {
    if (this.used + length > this.store.length) {
      this.store = grow(this.store, Math.max(2 * this.store.length, this.used + length));
    }
    const at = this.used;
    this.store.set(from.subarray(start, start + length), at);
    this.used += length;
    return at;
  }
}

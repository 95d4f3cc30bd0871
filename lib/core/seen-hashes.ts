/**
 * A set of position hashes for one beam level, without allocation: open addressing on typed
 * arrays, emptied in constant time by a new stamp. The beams' duplicate check runs for every
 * kept candidate, and a `Set` of 53-bit numbers allocated a boxed number for each.
 */
export class SeenHashes {
  private keys = new Float64Array(0);
  private stamps = new Int32Array(0);
  private stamp = 0;
  private shift = 32;
  private mask = 0;

  /** Empties the set, with room for `capacity` hashes. */
  clear(capacity: number): void {
    let bits = 4;
    while (1 << bits < 2 * capacity) bits++;
    if (this.keys.length < 1 << bits || this.stamp === 0x7fffffff) {
      this.keys = new Float64Array(1 << bits);
      this.stamps = new Int32Array(1 << bits);
      this.stamp = 0;
    }
    this.stamp++;
    this.shift = 32 - bits;
    this.mask = (1 << bits) - 1;
  }

  /** Adds `hash` (an integer up to 2^53); false when it was there already. */
  add(hash: number): boolean {
    const { keys, stamps, stamp, mask } = this;
    // Fibonacci hashing of the low 32 bits spreads hashes whose low bits are alike.
    for (let i = Math.imul(hash | 0, 0x9e3779b1) >>> this.shift; ; i = (i + 1) & mask) {
      if (stamps[i] !== stamp) {
        stamps[i] = stamp;
        keys[i] = hash;
        return true;
      }
      if (keys[i] === hash) return false;
    }
  }
}

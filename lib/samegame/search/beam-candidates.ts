import { grow } from '../../core/typed-arrays.js';

/** A candidate without a line. */
export const NO_LINE = 0;
/** A candidate whose line is the rest of its parent's remembered line. */
export const INHERITED_LINE = 1;
/** A candidate whose line is its own rollout's. */
export const FOUND_LINE = 2;

/**
 * The children of one beam level, a column per field, in the order they were made. A slot can
 * be dropped while the level is built ({@link drop}); {@link compact} then closes the gaps
 * without changing the order, so the order still breaks ties between equal values.
 */
export class BeamCandidates {
  /** Slots in use, dropped ones included until the next {@link compact}. */
  count = 0;
  value: Float64Array = new Float64Array(1024);
  parent: Int32Array = new Int32Array(1024);
  move: Int32Array = new Int32Array(1024);
  hash: Float64Array = new Float64Array(1024);
  /** Where the candidate's line is ({@link NO_LINE}, {@link INHERITED_LINE}, {@link FOUND_LINE}). */
  source: Uint8Array = new Uint8Array(1024);
  /** Its line: `length` moves from `start` in the store `source` names. */
  start: Int32Array = new Int32Array(1024);
  length: Int32Array = new Int32Array(1024);
  /** The rank of its line (-Infinity without one). */
  rank: Float64Array = new Float64Array(1024);
  /** What a caller keeps about the slot (0: dropped). */
  tag: Uint8Array = new Uint8Array(1024);

  /** Slots the columns hold. */
  get capacity(): number {
    return this.value.length;
  }

  /** Forgets every candidate. */
  clear(): void {
    this.count = 0;
  }

  /** A new slot at the end, tagged `tag` (not 0); the caller fills its fields. */
  add(tag: number): number {
    if (this.count === this.capacity) this.growTo(2 * this.capacity);
    this.tag[this.count] = tag;
    return this.count++;
  }

  /** Marks slot `c` dropped: {@link compact} removes it. */
  drop(c: number): void {
    this.tag[c] = 0;
  }

  /** Removes the dropped slots, keeping the order of the others. */
  compact(): void {
    const { value, parent, move, hash, source, start, length, rank, tag } = this;
    let n = 0;
    for (let c = 0; c < this.count; c++) {
      if (tag[c] === 0) continue;
      if (n !== c) {
        value[n] = value[c];
        parent[n] = parent[c];
        move[n] = move[c];
        hash[n] = hash[c];
        source[n] = source[c];
        start[n] = start[c];
        length[n] = length[c];
        rank[n] = rank[c];
        tag[n] = tag[c];
      }
      n++;
    }
    this.count = n;
  }

  /** Makes room for `capacity` slots. */
  growTo(capacity: number): void {
    if (capacity <= this.capacity) return;
    this.value = grow(this.value, capacity);
    this.parent = grow(this.parent, capacity);
    this.move = grow(this.move, capacity);
    this.hash = grow(this.hash, capacity);
    this.source = grow(this.source, capacity);
    this.start = grow(this.start, capacity);
    this.length = grow(this.length, capacity);
    this.rank = grow(this.rank, capacity);
    this.tag = grow(this.tag, capacity);
  }
}

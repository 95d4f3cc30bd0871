/** Moves as cell indices, in the narrowest array that holds every cell of the board. */
export type MoveArray = Uint8Array | Uint16Array | Int32Array;

/** An empty {@link MoveArray} of `length` for a board of `cells` cells. */
function moveArray(cells: number, length: number): MoveArray {
  if (cells <= 1 << 8) return new Uint8Array(length);
  if (cells <= 1 << 16) return new Uint16Array(length);
  return new Int32Array(length);
}

/**
 * Move lines packed end to end in one growable array: where the beam keeps the rollout line of
 * every candidate of a level and of every kept position. One store per role is emptied and
 * refilled level after level, so a wide search allocates no array per line (a long search finds
 * millions of lines, and one small array each kept much freed memory around), and a move takes
 * a byte on boards of up to 256 cells.
 */
export class LineStore {
  private store: MoveArray;
  private used = 0;

  /** An empty store for a board of `cells` cells, with room for `capacity` moves to begin with (it grows as needed). */
  constructor(
    private readonly cells: number,
    capacity = 4096,
  ) {
    this.store = moveArray(cells, Math.max(1, capacity));
  }

  /** The packed moves; a line is `data[start, start + length)`. Read it again after an {@link append}: it may move. */
  get data(): MoveArray {
    return this.store;
  }

  /** Forgets every line (their space is reused). */
  clear(): void {
    this.used = 0;
  }

  /** Copies `length` moves of `from`, beginning at `start`, to the end; returns where they begin. */
  append(from: MoveArray, start: number, length: number): number {
    if (this.used + length > this.store.length) {
      const bigger = moveArray(this.cells, Math.max(2 * this.store.length, this.used + length));
      bigger.set(this.store);
      this.store = bigger;
    }
    const at = this.used;
    this.store.set(from.subarray(start, start + length), at);
    this.used += length;
    return at;
  }
}

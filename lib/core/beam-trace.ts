/**
 * The back-pointers of a beam search, shared by both games: each level records, for every
 * position it kept, the index of its parent in the level before and the move that led to it,
 * so any kept position's line from the root is read back without storing lines.
 */
export class BeamTrace {
  private readonly parents: Int32Array[] = [];
  private readonly moves: Int32Array[] = [];

  /** Levels recorded so far. */
  get depth(): number {
    return this.parents.length;
  }

  /** Records one level: for kept position `i`, its parent `parents[i]` and its move `moves[i]`. */
  push(parents: Int32Array, moves: Int32Array): void {
    this.parents.push(parents);
    this.moves.push(moves);
  }

  /** Forgets every level after the first `depth` (a search going back to an earlier level). */
  truncate(depth: number): void {
    this.parents.length = depth;
    this.moves.length = depth;
  }

  /** The moves from the root to position `index` of the last recorded level, in play order. */
  line(index: number): number[] {
    return this.lineTo(this.parents.length, index);
  }

  /**
   * The moves from the root to position `index` of level `depth` (levels are 1-based: level
   * `depth` is the `depth`-th recorded), then `last` when given.
   */
  lineTo(depth: number, index: number, last?: number): number[] {
    const line: number[] = last === undefined ? [] : [last];
    for (let d = depth - 1; d >= 0; d--) {
      line.push(this.moves[d][index]);
      index = this.parents[d][index];
    }
    return line.reverse();
  }
}

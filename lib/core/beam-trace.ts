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

  /**
   * Forgets every recorded position that is not an ancestor of one of the last level's: the
   * last level's lines read the same, and a long search keeps little more than its last level,
   * since the positions of a beam descend from fewer and fewer ancestors the further back one
   * looks. Earlier levels are renumbered, so only the last level's indices stay valid.
   */
  compact(): void {
    const { parents, moves } = this;
    for (let d = parents.length - 1; d >= 1; d--) {
      const below = moves[d - 1].length;
      const renumbered = new Int32Array(below);
      const references = parents[d];
      for (let i = 0; i < references.length; i++) renumbered[references[i]] = 1;
      let kept = 0;
      for (let i = 0; i < below; i++) renumbered[i] = renumbered[i] === 1 ? kept++ : -1;
      if (kept === below) continue;
      for (let i = 0; i < references.length; i++) references[i] = renumbered[references[i]];
      const keptParents = new Int32Array(kept);
      const keptMoves = new Int32Array(kept);
      for (let i = 0; i < below; i++) {
        if (renumbered[i] < 0) continue;
        keptParents[renumbered[i]] = parents[d - 1][i];
        keptMoves[renumbered[i]] = moves[d - 1][i];
      }
      parents[d - 1] = keptParents;
      moves[d - 1] = keptMoves;
    }
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

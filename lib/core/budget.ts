/**
 * How much work a search may do (any game's): wall time for real use, or a node count (moves played by the
 * search) for reproducible runs. With only a node budget the search is deterministic.
 */
export interface BudgetSpec {
  /** Wall-clock milliseconds. */
  readonly timeMs?: number;
  /** Moves played by the search. */
  readonly nodes?: number;
}

/** A running budget: counts the nodes spent and knows the deadline. */
export class Budget {
  nodes = 0;
  private readonly deadline: number;
  private readonly maxNodes: number;

  constructor(
    spec: BudgetSpec,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = spec.timeMs === undefined ? Infinity : now() + spec.timeMs;
    this.maxNodes = spec.nodes ?? Infinity;
  }

  /** True once either limit is reached. */
  exhausted(): boolean {
    return this.nodes >= this.maxNodes || (this.deadline !== Infinity && this.now() >= this.deadline);
  }

  /** Nodes still allowed (Infinity without a node limit). */
  nodesLeft(): number {
    return this.maxNodes - this.nodes;
  }

  /** Milliseconds still allowed (Infinity without a time limit). */
  msLeft(): number {
    return this.deadline === Infinity ? Infinity : this.deadline - this.now();
  }
}

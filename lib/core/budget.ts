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
  private deadline: number;
  private readonly maxNodes: number;

  constructor(
    spec: BudgetSpec,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.deadline = spec.timeMs === undefined ? Infinity : now() + spec.timeMs;
    this.maxNodes = spec.nodes ?? Infinity;
  }

  /**
   * Sets `ms` of the time limit aside for work after the search (a final check, printing): the
   * deadline moves that much earlier. No effect without a time limit.
   */
  reserve(ms: number): void {
    if (this.deadline !== Number.POSITIVE_INFINITY) this.deadline -= Math.max(0, ms);
  }

  /**
   * A budget for a first phase of the work: `fraction` of the nodes and of the time left. Its
   * nodes are not counted here: add them when the phase ends.
   */
  share(fraction: number): Budget {
    const nodes = this.nodesLeft();
    const ms = this.timeLeftMs();
    return new Budget(
      {
        ...(nodes === Number.POSITIVE_INFINITY ? {} : { nodes: Math.max(0, Math.floor(nodes * fraction)) }),
        ...(ms === Number.POSITIVE_INFINITY ? {} : { timeMs: Math.max(0, ms * fraction) }),
      },
      this.now,
    );
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
  timeLeftMs(): number {
    return this.deadline === Infinity ? Infinity : this.deadline - this.now();
  }
}

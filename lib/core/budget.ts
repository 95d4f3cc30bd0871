import { type ArgumentError, checkOptions, checkWholeNumber, refuse } from './argument-error.js';
import { ok, type Result } from './result.js';

/**
 * How much work a search may do (any game's): wall time for real use, or a node count (moves played by the
 * search) for reproducible runs. With only a node budget the search is deterministic. At least one
 * limit is named (`checkBudget` holds it at run time too: finite, positive, within
 * {@link BUDGET_LIMITS}); with both, the search stops at whichever comes first.
 */
export type BudgetSpec =
  | { readonly timeMs: number; readonly nodes?: number }
  | { readonly timeMs?: number; readonly nodes: number };

/** The limits a running {@link Budget} holds: either may be absent (an internal share of a budget). */
export interface BudgetLimits {
  /** Wall-clock milliseconds. */
  readonly timeMs?: number;
  /** Moves played by the search. */
  readonly nodes?: number;
}

/**
 * The largest budget any search takes: a day of wall time, or a million million nodes (about a day
 * of the fastest search), so that a budget typed with a slip (`9e15`) is refused, not searched.
 */
export const BUDGET_LIMITS: { readonly timeMs: number; readonly nodes: number } = {
  timeMs: 24 * 3600 * 1000,
  nodes: 1e12,
};

/** `value` as a budget, or a refusal naming `field` (`options.budget.nodes`) and what is wrong. */
export function checkBudget(value: unknown, field = 'options.budget'): Result<BudgetSpec, ArgumentError> {
  const fields = checkOptions('invalid-budget', field, value, ['timeMs', 'nodes']);
  if (!fields.ok) return fields;
  const { timeMs, nodes } = fields.value;
  if (value === undefined || (timeMs === undefined && nodes === undefined))
    return refuse('invalid-budget', field, 'an object naming timeMs or nodes (or both)', value);
  if (timeMs !== undefined) {
    const expected = `a number of milliseconds over 0 and at most ${BUDGET_LIMITS.timeMs}`;
    if (typeof timeMs !== 'number' || !(timeMs > 0 && timeMs <= BUDGET_LIMITS.timeMs))
      return refuse('invalid-budget', `${field}.timeMs`, expected, timeMs);
  }
  if (nodes !== undefined) {
    const count = checkWholeNumber('invalid-budget', `${field}.nodes`, nodes, [1, BUDGET_LIMITS.nodes]);
    if (!count.ok) return count;
  }
  return ok({ ...(timeMs === undefined ? {} : { timeMs }), ...(nodes === undefined ? {} : { nodes }) } as BudgetSpec);
}

/** A running budget: counts the nodes spent and knows the deadline. */
export class Budget {
  nodes = 0;
  private deadline: number;
  private readonly maxNodes: number;

  constructor(
    spec: BudgetLimits,
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

/**
 * Two weight sets on the same instances, at the contest clock or a node budget, as a paired
 * difference. Each instance is solved with both sets back to back in this thread, the order
 * alternating from one instance to the next, so that a shared host's changing speed (it drifts
 * within an hour) and the JIT's warming fall on both alike. A tuner's held-out check runs at node
 * budgets, which cannot see that a weight set making fuller fields costs time per node; this is
 * the check at the clock.
 */
import type { BudgetSpec } from '../../core/budget.js';
import {
  bRunsFirst,
  type ComparedInstance,
  type Comparison,
  summarizeComparison,
} from '../../core/paired-comparison.js';
import type { Instance } from '../engine/instance.js';
import { solveWith } from '../search/solver.js';
import type { Weights } from '../search/weights.js';

/** The two weight sets compared. */
export interface ComparedWeights {
  readonly a: Weights;
  readonly b: Weights;
}

/** Hears each instance's scores as it is done, in instance order. */
export type ComparedListener = (row: ComparedInstance, index: number) => void;

/**
 * Solves every instance with both weight sets under `budget` and sums the scores up; `onRow`
 * hears each instance's scores as they come. The color rules apply to both sides inside `solve`,
 * as in the submission.
 */
export function compareWeights(
  instances: readonly Instance[],
  weights: ComparedWeights,
  budget: BudgetSpec,
  onRow?: ComparedListener,
): Comparison {
  const rows: ComparedInstance[] = [];
  for (const [i, instance] of instances.entries()) {
    const score = (side: Weights) => {
      const solution = solveWith(instance, { budget, weights: side }, { recheck: false });
      if (!solution.ok) throw new Error(`instance ${i + 1}: ${solution.error.message}`);
      return solution.value.score;
    };
    // Alternate which side goes first, so neither always meets a warmer JIT or a calmer host.
    const bFirst = bRunsFirst(i);
    const early = score(bFirst ? weights.b : weights.a);
    const late = score(bFirst ? weights.a : weights.b);
    const [a, b] = bFirst ? [late, early] : [early, late];
    const row = { a, b };
    rows.push(row);
    onRow?.(row, i);
  }
  return { rows, summary: summarizeComparison(rows) };
}

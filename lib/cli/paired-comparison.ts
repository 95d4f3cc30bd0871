/** The closing line the `compare` commands of both games and `columns bench --against` print under their tables. */
import type { ComparisonSummary } from '../core/paired-comparison.js';

/** The closing line of a comparison table; `each` names one item ("an instance", "a board"). */
export function comparisonLine(summary: ComparisonSummary, each: string): string {
  const sign = (x: number) => (x >= 0 ? '+' : '');
  const { percent, meanDifference, standardError, bBetter, aBetter, n } = summary;
  return `B / A ${sign(percent)}${percent.toFixed(1)} %, B - A ${sign(meanDifference)}${Math.round(meanDifference)} ± ${Math.round(standardError)} ${each}, B better on ${bBetter} of ${n}, A on ${aBetter}`;
}
